import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../lib/language';
import type { Conflict } from './schedule-types';
import { showRange, useTeamZone } from './zoned';

/** What each conflict is: which resource, used by which activity when, and how much of it. */
export function ConflictList({ conflicts }: { conflicts: Conflict[] }) {
  const { t } = useTranslation('schedule');
  const lang = useLang();
  const zone = useTeamZone();
  return (
    <List size="sm" spacing={2}>
      {conflicts.map((c, index) => (
        <List.Item key={`${c.resource_id ?? ''}-${c.session_id ?? ''}-${index}`}>
          <Text span size="sm" fw={500}>
            {c.resource_name || t('conflicts.resource')}
          </Text>
          {': '}
          {c.activity_name || c.starts_at
            ? t('conflicts.usedBy', {
                activity: c.activity_name || t('conflicts.otherActivity'),
                when: c.starts_at && c.ends_at ? showRange(c.starts_at, c.ends_at, zone, lang) : '',
              })
            : t('conflicts.overbooked')}
          {c.used !== undefined && c.capacity !== undefined && ` ${t('conflicts.usage', { used: c.used, capacity: c.capacity })}`}
        </List.Item>
      ))}
    </List>
  );
}
