import type { PublicBookingField } from '@bookla/shared/catalogue-tickets';
import { ADDRESS_PARTS } from '@bookla/shared/booking-answers';
import { Fieldset, SimpleGrid } from '@mantine/core';
import type { FieldPath, FieldValues, Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCheckbox } from '../../../../components/form/checkbox-field';
import { FormDateInput } from '../../../../components/form/date-fields';
import { FormMultiSelect, FormSelect } from '../../../../components/form/select-fields';
import { FormTextInput } from '../../../../components/form/text-fields';
import { FormTextarea } from './form-textarea';

/**
 * One booking field of the order as staff edit it: the input of its type, bound to the form at
 * `name` (`answers.f12`, `participants.0.answers.f12`). The server checks the answers with the
 * checkout's engine; its messages show at the field (addresses: at each part).
 */
export function BookingFieldInput<T extends FieldValues>({
  field,
  control,
  name,
}: {
  field: PublicBookingField;
  control: Control<T>;
  name: FieldPath<T>;
}) {
  const { t } = useTranslation('orders');
  const common = {
    label: field.label || t('edit.fieldFallback', { id: field.id }),
    description: field.help || undefined,
    required: field.required,
  };
  const data = field.options.map((o) => ({ value: o.value, label: o.label || o.value }));
  switch (field.type) {
    case 'select':
      return <FormSelect control={control} name={name} {...common} data={data} clearable allowDeselect />;
    case 'multiselect':
      return <FormMultiSelect control={control} name={name} {...common} data={data} />;
    case 'checkbox':
      return <FormCheckbox control={control} name={name} label={common.label} description={common.description} required={field.required} />;
    case 'textarea':
      return <FormTextarea control={control} name={name} {...common} autosize minRows={2} maxLength={5000} />;
    case 'date':
      return <FormDateInput control={control} name={name} {...common} />;
    case 'address':
      return (
        <Fieldset legend={common.label + (field.required ? ' *' : '')} variant="unstyled">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            {ADDRESS_PARTS.map((part) => (
              <FormTextInput
                key={part}
                control={control}
                name={`${name}.${part}` as FieldPath<T>}
                label={t(`edit.address.${part}`)}
                maxLength={part === 'country' ? 2 : 200}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
      );
    default: {
      const type = { email: 'email', phone: 'tel' }[field.type as string] ?? 'text';
      const inputMode = field.type === 'number' ? ('decimal' as const) : undefined;
      return <FormTextInput control={control} name={name} {...common} type={type} inputMode={inputMode} maxLength={500} />;
    }
  }
}
