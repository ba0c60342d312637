import { visibleFields } from '@bookla/shared/booking-answers';
import { orderUpdateBodySchema, type OrderAdminDetail } from '@bookla/shared/orders-admin';
import { Button, Fieldset, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../../components/form/select-fields';
import { FormTextInput } from '../../../../components/form/text-fields';
import { PanelSection } from '../../../../components/panel-section';
import { ApiError, isApiError } from '../../../../lib/api-client';
import { applyApiError } from '../../../../lib/forms';
import { useLang } from '../../../../lib/language';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useZodForm } from '../../../../lib/use-zod-form';
import { showDateTime, useTeamZone } from '../../../catalogue/timetable';
import { useUpdateOrder } from '../api/orders-api';
import { engineAnswers, formKey, formPath, orderToValues, valuesToBody, type OrderFormValues } from '../order-form-values';
import { BookingFieldInput } from './booking-field-input';

/** The server's 422 with its paths as the form names them (`answers.12` → `answers.f12`). */
function remapErrors(error: unknown): unknown {
  if (!isApiError(error, 422) || !error.errors) return error;
  const errors: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(error.errors)) (errors[formPath(path)] ??= []).push(...messages);
  return new ApiError(error.status, error.message, error.body, errors);
}

const SALUTATIONS = ['mrs', 'mr', 'mx'] as const;

/**
 * The customer and the participants of an order, with the booking fields their activities ask
 * now (shown by the same visibility rules as at checkout). The server checks the answers with
 * the checkout's engine; its messages show beside the fields. Saved changes go to the history.
 */
export function OrderForm({ order }: { order: OrderAdminDetail }) {
  const { t } = useTranslation('orders');
  const lang = useLang();
  const zone = useTeamZone();
  const update = useUpdateOrder(order.id);
  const { control, handleSubmit, setError, reset, formState } = useZodForm<OrderFormValues>(orderUpdateBodySchema, {
    toInput: valuesToBody,
    errorPath: formPath,
    defaultValues: orderToValues(order),
    mode: 'onTouched',
  });
  const orderAnswers = useWatch({ control, name: 'answers' });
  const people = useWatch({ control, name: 'participants' });
  const orderFields = visibleFields(order.booking.order_fields, engineAnswers(orderAnswers));
  const items = new Map(order.order_items.map((i) => [i.id, i]));
  const tickets = new Map(order.order_items.flatMap((i) => i.participants.map((p) => [p.id, p] as const)));

  const onSubmit = handleSubmit(async (values) => {
    try {
      const reply = await update.mutateAsync(valuesToBody(values));
      notifySuccess(reply.message);
      reset(orderToValues(reply.data));
    } catch (error) {
      if (!applyApiError(remapErrors(error), setError)) notifyError(error);
    }
  });

  const text = (name: FieldPath<OrderFormValues>, label: string, extra: { required?: boolean; type?: string; maxLength?: number } = {}) => (
    <FormTextInput
      control={control}
      name={name}
      label={label}
      required={extra.required}
      type={extra.type}
      maxLength={extra.maxLength ?? 100}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('edit.formLabel')}>
      <Stack gap="md">
        <PanelSection headingId="order-customer" title={t('edit.customer')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <FormSelect
              control={control}
              name="customer.salutation"
              label={t('edit.salutation')}
              clearable
              allowDeselect
              data={SALUTATIONS.map((s) => ({ value: s, label: t(`edit.salutations.${s}`) }))}
            />
            {text('customer.company', t('edit.company'), { maxLength: 200 })}
            {text('customer.firstname', t('edit.firstname'), { required: true })}
            {text('customer.lastname', t('edit.lastname'), { required: true })}
            {text('customer.email', t('edit.email'), { required: true, type: 'email', maxLength: 254 })}
            {text('customer.phone', t('edit.phone'), { type: 'tel', maxLength: 50 })}
          </SimpleGrid>
          {orderFields.length > 0 && (
            <Stack gap="sm" mt="md">
              <Title order={3} size="h5">
                {t('edit.orderFields')}
              </Title>
              {orderFields.map((f) => (
                <BookingFieldInput key={f.id} field={f} control={control} name={`answers.${formKey(f.id)}` as FieldPath<OrderFormValues>} />
              ))}
            </Stack>
          )}
        </PanelSection>

        <PanelSection headingId="order-participants" title={t('edit.participants')}>
          <Stack gap="md">
            {order.booking.participants.map((form, n) => {
              const own = new Set(form.fields.map((f) => f.id));
              const answers = engineAnswers(orderAnswers, people[n]?.answers ?? {});
              const shown = visibleFields([...order.booking.order_fields, ...form.fields], answers).filter((f) => own.has(f.id));
              const ticket = tickets.get(form.id);
              return (
                <Fieldset
                  key={form.id}
                  legend={t('edit.participant', { n: n + 1, item: items.get(form.order_item_id)?.name ?? '' })}
                  // A long ticket name wraps inside the box on a phone instead of running past it.
                  styles={{ legend: { maxWidth: '100%', overflowWrap: 'anywhere' } }}
                  aria-describedby={`ticket-${form.id}`}
                >
                  <Stack gap="sm">
                    <Text size="xs" c="dimmed" id={`ticket-${form.id}`}>
                      {ticket?.checked_in_at
                        ? t('edit.checkedIn', { code: ticket.ticket_code, date: showDateTime(ticket.checked_in_at, zone, lang) })
                        : t('edit.notCheckedIn', { code: ticket?.ticket_code ?? '' })}
                    </Text>
                    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                      {text(`participants.${n}.firstname`, t('edit.firstname'), { required: true })}
                      {text(`participants.${n}.lastname`, t('edit.lastname'), { required: true })}
                      {text(`participants.${n}.email`, t('edit.email'), { type: 'email', maxLength: 254 })}
                    </SimpleGrid>
                    {shown.map((f) => (
                      <BookingFieldInput
                        key={f.id}
                        field={f}
                        control={control}
                        name={`participants.${n}.answers.${formKey(f.id)}` as FieldPath<OrderFormValues>}
                      />
                    ))}
                  </Stack>
                </Fieldset>
              );
            })}
            {order.booking.participants.length === 0 && <Text c="dimmed">{t('edit.noParticipants')}</Text>}
          </Stack>
        </PanelSection>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={!formState.isDirty || update.isPending} onClick={() => reset()}>
            {t('edit.discard')}
          </Button>
          <Button type="submit" loading={update.isPending} disabled={!formState.isDirty}>
            {t('edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
