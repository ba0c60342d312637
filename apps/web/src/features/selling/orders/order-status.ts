import { paymentStatusLabelKey } from '@bookla/shared/payment-status';
import type { TFunction } from 'i18next';
import type { MantineColor } from '@mantine/core';

/**
 * The spec's payment-status labels (§4: paid with paid_at "Paid", without it "Unpaid"; waiting
 * "Unpaid"; cancelled, expired and error all "Cancelled"; …) and the colour each label shows in.
 */
export const STATUS_LABELS = ['paid', 'unpaid', 'free', 'refunded', 'partially_refunded', 'declined', 'cancelled'] as const;
export type StatusLabel = (typeof STATUS_LABELS)[number];

export const STATUS_COLOR: Record<StatusLabel, MantineColor> = {
  paid: 'green',
  free: 'teal',
  unpaid: 'orange',
  partially_refunded: 'grape',
  refunded: 'blue',
  declined: 'red',
  cancelled: 'gray',
};

/** The label of a status (`paid` …), or null for a value the spec does not name (shown as is). */
export function statusLabel(status: string, paidAt: string | null | undefined): StatusLabel | null {
  const key = paymentStatusLabelKey(status, paidAt);
  const label = key.startsWith('status.') ? key.slice('status.'.length) : null;
  return label && (STATUS_LABELS as readonly string[]).includes(label) ? (label as StatusLabel) : null;
}

/** The list's status filter: each label with the statuses it stands for (the server takes a comma list). */
export const STATUS_FILTERS: { label: StatusLabel; value: string }[] = [
  { label: 'paid', value: 'paid' },
  { label: 'unpaid', value: 'waiting' },
  { label: 'free', value: 'free' },
  { label: 'partially_refunded', value: 'partially-refunded' },
  { label: 'refunded', value: 'refunded' },
  { label: 'declined', value: 'declined' },
  { label: 'cancelled', value: 'cancelled,expired,error' },
];

export const PAYMENT_TYPES = ['invoice', 'stripe', 'datatrans', 'free', 'test', 'manual'] as const;

type PaymentType = (typeof PAYMENT_TYPES)[number];
const isPaymentType = (type: string): type is PaymentType => (PAYMENT_TYPES as readonly string[]).includes(type);

/** "Invoice", "Card (provider)", … (a provider the app does not know: its code). */
export function paymentTypeLabel(t: TFunction<'orders'>, type: string): string {
  return isPaymentType(type) ? t(`paymentType.${type}`) : type;
}

export const ATTEMPT_STATUSES = ['pending', 'succeeded', 'failed', 'expired', 'refunded', 'mismatch'] as const;
type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** A payment attempt's state ("Succeeded", …). */
export function attemptLabel(t: TFunction<'orders'>, status: string): string {
  return (ATTEMPT_STATUSES as readonly string[]).includes(status) ? t(`edit.attempt.${status as AttemptStatus}`) : status;
}
