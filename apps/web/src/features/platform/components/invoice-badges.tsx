import type { BexioStatus, PlatformInvoiceStatus } from '@bookla/shared/platform';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const BEXIO_COLORS: Record<BexioStatus, string> = { not_configured: 'gray', pending: 'yellow', synced: 'green', failed: 'red' };

/** open / paid (the text says it; the colour only repeats it). */
export function InvoiceStatusBadge({ status }: { status: PlatformInvoiceStatus }) {
  const { t } = useTranslation('platform');
  return (
    <Badge variant="light" color={status === 'paid' ? 'green' : 'blue'}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** not configured / pending / synced / failed. */
export function BexioStatusBadge({ status }: { status: BexioStatus }) {
  const { t } = useTranslation('platform');
  return (
    <Badge variant="light" color={BEXIO_COLORS[status]}>
      {t(`bexioStatus.${status}`)}
    </Badge>
  );
}
