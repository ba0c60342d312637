import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../../lib/language';
import type { Conflict } from '@bookla/shared/catalogue-timetable';
import { showRange, useTeamZone } from '../../../../lib/team-zone';
import type { SessionItem } from '../../timetable';

/**
 * What each conflict is: which resource, used by which activity when, and how much of it. In a
 * check over several dates (`dates`), each line first names the date of this activity it is about.
 */
export function ConflictList({ conflicts, dates }: { conflicts: Conflict[]; dates?: SessionItem[] }) {
  const { t } = useTranslation('resources');
  const lang = useLang();
  const zone = useTeamZone();
  const dateOf = (id: number | undefined) => (id === undefined ? undefined : dates?.find((d) => d.id === id));
  return (
    <List size="sm" spacing={2}>
      {conflicts.map((c, index) => (
        <List.Item key={`${c.for_session_id ?? ''}-${c.resource_id ?? ''}-${c.session_id ?? ''}-${index}`}>
          {(() => {
            const own = dateOf(c.for_session_id);
            return own ? `${t('conflicts.forDate', { when: showRange(own.starts_at, own.ends_at, zone, lang) })} ` : null;
          })()}
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
