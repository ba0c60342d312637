import type { WaitingListStatus } from '@bookla/shared/waiting-list';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<WaitingListStatus, string> = {
  waiting: 'blue',
  offered: 'orange',
  booked: 'green',
  expired: 'gray',
  removed: 'gray',
};

/** An entry's status as a badge (its text carries the meaning; the colour only repeats it). */
export function WaitingStatus({ status }: { status: WaitingListStatus }) {
  const { t } = useTranslation('waiting-list');
  return (
    <Badge color={COLORS[status]} variant={status === 'removed' ? 'outline' : 'light'}>
      {t(`status.${status}`)}
    </Badge>
  );
}
