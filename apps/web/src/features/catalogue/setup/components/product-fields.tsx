import { BOOKING_SCOPES } from '@bookla/shared/catalogue-model';
import type { Language } from '@bookla/shared/i18n';
import { SimpleGrid } from '@mantine/core';
import { useFormContext, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBound, type Bound } from '../../../../components/form/bound';
import { FormSelect } from '../../../../components/form/select-fields';
import { FormSwitch } from '../../../../components/form/switch-field';
import { TranslatedTextField } from '../../../../components/form/translated-fields';
import { PriceInput, type PriceInputProps } from '../../../../components/price-input';
import { useAppState } from '../../../../lib/app-state';
import type { ProductValues } from '../record-values';
import { FormNumberInput } from '../../../../components/form/number-field';

function FormPriceInput<T extends FieldValues>({ control, name, ...props }: Bound<T> & Omit<PriceInputProps, 'value' | 'onChange'>) {
  const { value, onChange, input } = useBound({ control, name });
  return <PriceInput {...props} {...input} value={value as string} onChange={onChange} />;
}

/** A product (the spec's "option"): sold with bookings, per order or per participant. */
export function ProductFields({ languages }: { languages: readonly Language[] }) {
  const { t } = useTranslation('setup');
  const currency = useAppState().team?.currency ?? '';
  const { control } = useFormContext<ProductValues>();
  return (
    <>
      <TranslatedTextField control={control} name="name" languages={languages} label={t('products.name')} required />
      <TranslatedTextField control={control} name="description" languages={languages} label={t('products.description')} multiline />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <FormPriceInput control={control} name="price" label={t('products.price', { currency })} required />
        <FormNumberInput control={control} name="tax_rate" label={t('products.taxRate')} min={0} max={100} decimalScale={2} suffix=" %" />
        <FormNumberInput
          control={control}
          name="stock"
          label={t('products.stock')}
          description={t('products.stockHint')}
          min={0}
          allowDecimal={false}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <FormSelect
          control={control}
          name="scope"
          label={t('scope.label')}
          data={BOOKING_SCOPES.map((value) => ({ value, label: t(`scope.${value}`) }))}
          required
        />
        <FormNumberInput control={control} name="min_per_order" label={t('products.min')} min={0} allowDecimal={false} />
        <FormNumberInput
          control={control}
          name="max_per_order"
          label={t('products.max')}
          description={t('products.maxHint')}
          min={0}
          allowDecimal={false}
        />
      </SimpleGrid>
      <FormSwitch control={control} name="active" label={t('products.active')} description={t('products.activeHint')} />
    </>
  );
}
