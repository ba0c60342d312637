import type { OrderAdminDetail } from '@bookla/shared/orders-admin';
import { Alert, Anchor, Button, Grid, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../../components/page-loader';
import { isApiError } from '../../../../lib/api-client';
import { confirm } from '../../../../lib/confirm';
import { formatMoney } from '../../../../lib/format';
import { useLang } from '../../../../lib/language';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { showDateTime, useTeamZone } from '../../../catalogue/timetable';
import { useOrder, useOrderAction, type OrderAction } from '../api/orders-api';
import { paymentTypeLabel } from '../order-status';
import { OrderForm } from './order-form';
import { OrderDocuments, OrderPayments, OrderSummary } from './order-summary';
import { OrderTimeline } from './order-timeline';
import { PaymentStatusBadge } from './payment-status-badge';
import { RefundOrderModal } from './refund-order-modal';

/**
 * `/backend/orders/edit/{id}`: the order with its status, the staff actions (mark an invoice
 * paid, send the confirmation again, refund, cancel; each confirmed first), the customer and
 * participant data with the booking fields, the lines, money and payments, the documents and the
 * history.
 */
export function OrderEdit({ id }: { id: number }) {
  const { t } = useTranslation('orders');
  const order = useOrder(id);
  if (order.isPending) return <PageLoader />;
  if (order.isError)
    return (
      <Alert color="red" role="alert">
        {isApiError(order.error, 404) ? t('edit.notFound') : t('edit.loadError')}
      </Alert>
    );
  return <LoadedOrder order={order.data} />;
}

function LoadedOrder({ order: o }: { order: OrderAdminDetail }) {
  const { t } = useTranslation('orders');
  const lang = useLang();
  const zone = useTeamZone();
  const action = useOrderAction(o.id);
  const [refunding, setRefunding] = useState(false);
  const m = (n: number) => formatMoney(n, o.currency, lang);

  const run = async (kind: OrderAction, ask: { title: string; message: string; confirmLabel: string; danger?: boolean }) => {
    if (!(await confirm(ask))) return;
    try {
      const reply = await action.mutateAsync(kind);
      notifySuccess(reply.message);
    } catch (error) {
      notifyError(error);
    }
  };

  const paid = o.payment_status === 'paid' || o.payment_status === 'partially-refunded';
  const cancelText =
    o.payment_status === 'free'
      ? t('edit.cancelFreeText')
      : paid
        ? t('edit.cancelPaidText', { amount: m(o.refundable) })
        : t('edit.cancelText');

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={4}>
          <Group gap="xs">
            <PaymentStatusBadge status={o.payment_status} paidAt={o.paid_at} size="lg" />
            <Text size="sm">{paymentTypeLabel(t, o.payment_type)}</Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t('edit.placed', { date: showDateTime(o.created_at, zone, lang) })}
            {o.paid_at ? ` · ${t('edit.paidAt', { date: showDateTime(o.paid_at, zone, lang) })}` : ''}
            {o.payment_status === 'waiting' && o.invoice_due_at
              ? ` · ${t('edit.dueAt', { date: showDateTime(o.invoice_due_at, zone, lang) })}`
              : ''}
          </Text>
          <Anchor component={Link} to={`/${lang}/backend/orders`} size="sm">
            {t('edit.back')}
          </Anchor>
        </Stack>
        <Group gap="xs" wrap="wrap" role="group" aria-label={t('edit.actions')}>
          {o.actions.mark_paid && (
            <Button
              onClick={() =>
                void run(
                  { kind: 'mark-paid' },
                  {
                    title: t('edit.markPaidTitle'),
                    message: t('edit.markPaidText', { amount: m(o.total) }),
                    confirmLabel: t('edit.markPaid'),
                  },
                )
              }
              loading={action.isPending && action.variables?.kind === 'mark-paid'}
            >
              {t('edit.markPaid')}
            </Button>
          )}
          {o.actions.resend && (
            <Button
              variant="default"
              onClick={() =>
                void run(
                  { kind: 'resend' },
                  { title: t('edit.resendTitle'), message: t('edit.resendText', { email: o.email }), confirmLabel: t('edit.resend') },
                )
              }
              loading={action.isPending && action.variables?.kind === 'resend'}
            >
              {t('edit.resend')}
            </Button>
          )}
          {/* Every link mailed so far stops working (a leaked or forwarded link); "Resend confirmation" mails a new one. */}
          <Button
            variant="default"
            color="orange"
            onClick={() =>
              void run(
                { kind: 'revoke-links' },
                {
                  title: t('edit.revokeLinksTitle'),
                  message: t('edit.revokeLinksText'),
                  confirmLabel: t('edit.revokeLinks'),
                  danger: true,
                },
              )
            }
            loading={action.isPending && action.variables?.kind === 'revoke-links'}
          >
            {t('edit.revokeLinks')}
          </Button>
          {o.actions.refund && (
            <Button variant="default" color="red" onClick={() => setRefunding(true)}>
              {t('edit.refundButton')}
            </Button>
          )}
          {o.actions.cancel && (
            <Button
              variant="light"
              color="red"
              onClick={() =>
                void run(
                  { kind: 'cancel', refund: paid },
                  { title: t('edit.cancelTitle'), message: cancelText, confirmLabel: t('edit.cancel'), danger: true },
                )
              }
              loading={action.isPending && action.variables?.kind === 'cancel'}
            >
              {t('edit.cancel')}
            </Button>
          )}
        </Group>
      </Group>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <OrderForm key={o.id} order={o} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <OrderSummary order={o} />
            <OrderPayments order={o} />
            <OrderDocuments order={o} />
          </Stack>
        </Grid.Col>
      </Grid>
      <OrderTimeline order={o} />
      {o.actions.refund && <RefundOrderModal key={o.refundable_minor} order={o} opened={refunding} onClose={() => setRefunding(false)} />}
    </Stack>
  );
}
