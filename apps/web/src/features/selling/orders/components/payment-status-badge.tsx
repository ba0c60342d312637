import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOR, statusLabel } from '../order-status';

/** An order's payment status with the spec's label, in its colour. */
export function PaymentStatusBadge({ status, paidAt, ...props }: { status: string; paidAt: string | null } & Omit<BadgeProps, 'color'>) {
  const { t } = useTranslation('orders');
  const label = statusLabel(status, paidAt);
  return (
    <Badge variant="light" color={label ? STATUS_COLOR[label] : 'gray'} data-status={status} {...props}>
      {label ? t(`status.${label}`) : status}
    </Badge>
  );
}
