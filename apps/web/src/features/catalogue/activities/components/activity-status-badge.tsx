import type { ActivityStatus } from '@bookla/shared/catalogue';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ActivityStatus, string> = { draft: 'gray', published: 'green', archived: 'orange' };

/** Draft / published / archived, as a coloured badge with the status in words (never cut short). */
export function ActivityStatusBadge({ status }: { status: ActivityStatus }) {
  const { t } = useTranslation('activities');
  return (
    <Badge
      color={COLORS[status]}
      variant="light"
      style={{ flexShrink: 0 }}
      styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
