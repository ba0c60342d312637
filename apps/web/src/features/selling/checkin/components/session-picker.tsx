import type { CheckinSession } from '@bookla/shared/checkin';
import { Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../../lib/language';
import { showTime, useTeamZone } from '../../../catalogue/timetable';

const NONE = '';

/**
 * The day and the date (session) the door person checks in for. The day's dates come from the
 * server (online); the chosen one is passed in from outside, so it still shows offline.
 */
export function SessionPicker({
  day,
  onDay,
  sessions,
  chosen,
  onChoose,
  loading,
  failed,
}: {
  day: string;
  onDay: (day: string) => void;
  sessions: CheckinSession[];
  chosen: CheckinSession | null;
  onChoose: (session: CheckinSession | null) => void;
  loading: boolean;
  failed: boolean;
}) {
  const { t } = useTranslation('checkin');
  const lang = useLang();
  const zone = useTeamZone();
  const label = (s: CheckinSession) => `${showTime(s.starts_at, zone, lang)} · ${s.activity.name}`;
  const all = chosen && !sessions.some((s) => s.id === chosen.id) ? [chosen, ...sessions] : sessions;
  const data = [{ value: NONE, label: t('scanner.sessionNone') }, ...all.map((s) => ({ value: String(s.id), label: label(s) }))];
  const empty = !loading && !failed && sessions.length === 0;
  return (
    <Stack gap={4}>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label={t('scanner.sessionDate')}
          value={day}
          onChange={(e) => e.currentTarget.value && onDay(e.currentTarget.value)}
          w={{ base: '100%', xs: 180 }}
          size="md"
        />
        <Select
          label={t('scanner.session')}
          description={t('scanner.sessionHint')}
          data={data}
          value={chosen ? String(chosen.id) : NONE}
          onChange={(value) => onChoose(all.find((s) => String(s.id) === value) ?? null)}
          allowDeselect={false}
          error={failed ? t('scanner.sessionsFailed') : undefined}
          style={{ flex: '1 1 260px' }}
          size="md"
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {empty && <Text size="sm">{t('scanner.noSessions')}</Text>}
    </Stack>
  );
}
