import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActivityListItem } from '@bookla/shared/catalogue';

/**
 * "Sold / seats" of a list row with whole-course and per-date (drop-in) tickets apart, and the
 * next date's own per-date seats; the totals only where the server sends nothing finer.
 */
export function SeatsCell({ row }: { row: ActivityListItem }) {
  const { t } = useTranslation('activities');
  const seats = row.seats;
  if (!seats || (!seats.course && !seats.per_date)) return <>{`${row.sold} / ${row.stock}`}</>;
  return (
    <Stack gap={0} align="flex-end" title={t('list.seatsHelp')}>
      {seats.course && (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {t('list.seatsCourse', seats.course)}
        </Text>
      )}
      {seats.per_date && (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {t('list.seatsPerDate', seats.per_date)}
        </Text>
      )}
      {seats.next_date && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('list.seatsNextDate', seats.next_date)}
        </Text>
      )}
    </Stack>
  );
}
