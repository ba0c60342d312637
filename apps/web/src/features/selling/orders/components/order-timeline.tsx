import { minorToDecimal } from '@bookla/shared/money';
import type { OrderAdminDetail } from '@bookla/shared/orders-admin';
import { Text, Timeline } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PanelSection } from '../../../../components/panel-section';
import { formatMoney } from '../../../../lib/format';
import { useLang } from '../../../../lib/language';
import { showDateTime, useTeamZone } from '../../../catalogue/timetable';

type OrderEvent = OrderAdminDetail['events'][number];

export const EVENT_TYPES = [
  'created',
  'payment_started',
  'paid',
  'payment_failed',
  'cancelled',
  'expired',
  'refunded',
  'mail_queued',
  'checked_in',
  'updated',
  'mail_resent',
  'refund_failed',
  'links_revoked',
  'payment_mismatch',
] as const;
type EventType = (typeof EVENT_TYPES)[number];
const isEventType = (type: string): type is EventType => (EVENT_TYPES as readonly string[]).includes(type);

const COLOR: Partial<Record<EventType, string>> = {
  paid: 'green',
  refunded: 'blue',
  cancelled: 'gray',
  expired: 'gray',
  payment_failed: 'red',
  refund_failed: 'red',
  payment_mismatch: 'red',
  updated: 'grape',
  links_revoked: 'orange',
};

const num = (v: unknown) => (typeof v === 'number' ? v : null);

/** What an event adds to its title: the amount refunded, the fields changed, the mail sent. */
function detail(e: OrderEvent, t: TFunction<'orders'>, money: (minor: number) => string): string | null {
  const d = e.data;
  if (e.type === 'refunded' || e.type === 'paid' || e.type === 'refund_failed' || e.type === 'payment_mismatch') {
    const amount = num(d.amount_minor);
    return amount === null ? null : money(amount);
  }
  if (e.type === 'updated' && Array.isArray(d.changes)) {
    const paths = d.changes.map((c) => (c && typeof c === 'object' && 'path' in c ? String((c as { path: unknown }).path) : ''));
    return t('edit.history.changes', { count: paths.length, fields: paths.slice(0, 6).join(', ') + (paths.length > 6 ? ', …' : '') });
  }
  if (e.type === 'mail_resent' && typeof d.to === 'string') return d.to;
  return null;
}

/** Who changed what when (spec: every change with user and time), oldest first. */
export function OrderTimeline({ order }: { order: OrderAdminDetail }) {
  const { t } = useTranslation('orders');
  const lang = useLang();
  const zone = useTeamZone();
  const money = (minor: number) => formatMoney(minorToDecimal(minor, order.currency), order.currency, lang);
  return (
    <PanelSection headingId="order-history" title={t('edit.history.title')}>
      {order.events.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('edit.history.empty')}
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={order.events.length - 1}>
          {order.events.map((e) => {
            const who = e.user_name ?? t(`edit.history.actor.${e.actor}`);
            const extra = detail(e, t, money);
            return (
              <Timeline.Item
                key={e.id}
                color={isEventType(e.type) ? COLOR[e.type] : undefined}
                title={isEventType(e.type) ? t(`edit.history.events.${e.type}`) : e.type}
              >
                {extra && <Text size="sm">{extra}</Text>}
                <Text size="xs" c="dimmed">
                  {t('edit.history.by', { who, date: showDateTime(e.created_at, zone, lang) })}
                </Text>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </PanelSection>
  );
}
