import { minorToString } from '@bookla/shared/money';
import { orderRefundBodySchema, type OrderAdminDetail } from '@bookla/shared/orders-admin';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PriceInput } from '../../../../components/price-input';
import { applyApiError, translateValidation } from '../../../../lib/forms';
import { formatMoney } from '../../../../lib/format';
import { useLang } from '../../../../lib/language';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useZodForm } from '../../../../lib/use-zod-form';
import { FormTextarea } from './form-textarea';
import { useOrderAction } from '../api/orders-api';
import { paymentTypeLabel } from '../order-status';

interface RefundValues {
  amount: string;
  reason: string;
}

/**
 * Refund with an amount: everything still refundable is filled in (a full refund); less makes a
 * partial one. Says where the money goes (back through the payment provider it came with, or only recorded, for
 * staff to pay back themselves). The server refuses more than is left (422 at the amount).
 */
export function RefundOrderModal({ order, opened, onClose }: { order: OrderAdminDetail; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const lang = useLang();
  const action = useOrderAction(order.id);
  const max = minorToString(order.refundable_minor, order.currency);
  const { control, handleSubmit, setError, reset, watch } = useZodForm(orderRefundBodySchema, {
    defaultValues: { amount: max, reason: '' } satisfies RefundValues,
  });
  const amount = watch('amount');
  const online = !!order.refund_method && order.refund_method !== 'record';
  const shown = Number(amount);

  const close = () => {
    reset({ amount: max, reason: '' });
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const reply = await action.mutateAsync({ kind: 'refund', body: { amount: values.amount, reason: values.reason || null } });
      notifySuccess(reply.message);
      onClose();
    } catch (error) {
      if (!applyApiError(error, setError)) notifyError(error);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={t('edit.refund.title', { number: order.number })} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Alert color={online ? 'blue' : 'yellow'} variant="light">
            {online ? t('edit.refund.viaProvider', { provider: paymentTypeLabel(t, order.refund_method!) }) : t('edit.refund.recordOnly')}
          </Alert>
          <Controller
            control={control}
            name="amount"
            render={({ field, fieldState }) => (
              <PriceInput
                ref={field.ref}
                name={field.name}
                onBlur={field.onBlur}
                value={typeof field.value === 'number' ? String(field.value) : (field.value ?? '')}
                onChange={field.onChange}
                label={t('edit.refund.amount')}
                description={t('edit.refund.amountHint', { max: formatMoney(order.refundable, order.currency, lang) })}
                currency={order.currency}
                required
                data-autofocus
                error={translateValidation(fieldState.error?.message) || undefined}
              />
            )}
          />
          <FormTextarea control={control} name="reason" label={t('edit.refund.reason')} autosize minRows={2} maxLength={500} />
          <Text size="sm" c="dimmed">
            {order.refundable_minor > 0 && amount === max ? t('edit.refund.full') : t('edit.refund.partial')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('edit.refund.cancel')}
            </Button>
            <Button type="submit" color="red" loading={action.isPending}>
              {Number.isFinite(shown) && shown > 0
                ? t('edit.refund.submit', { amount: formatMoney(shown, order.currency, lang) })
                : t('edit.refund.submitPlain')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
