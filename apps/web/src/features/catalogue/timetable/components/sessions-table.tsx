import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../../components/list-table';
import { useLang } from '../../../../lib/language';
import { ConflictList } from '../../resources';
import type { SessionAction } from '../api/sessions-api';
import type { SessionItem } from '../types';
import { showRange, textOf, useTeamZone } from '../zoned';

export interface SessionsTableProps {
  sessions: SessionItem[];
  canEdit: boolean;
  busy: boolean;
  onMove: (session: SessionItem) => void;
  onAction: (session: SessionItem, action: SessionAction) => void;
}

/** The activity's dates in the team's zone; a cancelled one is struck through. */
export function SessionsTable({ sessions, canEdit, busy, onMove, onAction }: SessionsTableProps) {
  const { t } = useTranslation('timetable');
  const lang = useLang();
  const zone = useTeamZone();
  if (sessions.length === 0) return <Text c="dimmed">{t('dates.empty')}</Text>;

  return (
    <ListTable
      minWidth={760}
      columns={[t('dates.when'), t('dates.status'), t('dates.resources'), t('dates.conflicts')]}
      actionsLabel={t('actions')}
    >
      {sessions.map((session) => {
        const cancelled = session.status === 'cancelled';
        const when = showRange(session.starts_at, session.ends_at, zone, lang);
        const note = textOf(session.note, lang);
        return (
          <Table.Tr key={session.id}>
            <Table.Td>
              <Text size="sm" fw={500} td={cancelled ? 'line-through' : undefined} c={cancelled ? 'dimmed' : undefined}>
                {when}
              </Text>
              {note && (
                <Text size="xs" c="dimmed">
                  {note}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={cancelled ? 'red' : 'green'} c="dark.7">
                {t(`status.${session.status}`)}
              </Badge>
            </Table.Td>
            <Table.Td>
              {session.resources.length === 0 ? (
                <Text size="sm" c="dimmed">
                  –
                </Text>
              ) : (
                <Stack gap={0}>
                  {session.resources.map((r) => (
                    <Text size="sm" key={r.resource_id}>
                      {t('resources.usage', { name: textOf(r.name, lang), quantity: r.quantity })}
                    </Text>
                  ))}
                </Stack>
              )}
            </Table.Td>
            <Table.Td>
              {session.conflicts.length > 0 ? (
                <Stack gap={2}>
                  <Text size="sm" c="orange.9" fw={500}>
                    {t('conflicts.warning', { count: session.conflicts.length })}
                  </Text>
                  <ConflictList conflicts={session.conflicts} />
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  –
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {canEdit && (
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <Button
                    size="xs"
                    variant="subtle"
                    disabled={busy || cancelled}
                    aria-label={t('dates.moveLabel', { when })}
                    onClick={() => onMove(session)}
                  >
                    {t('dates.move')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    disabled={busy}
                    aria-label={t(cancelled ? 'dates.restoreLabel' : 'dates.cancelLabel', { when })}
                    onClick={() => onAction(session, cancelled ? 'restore' : 'cancel')}
                  >
                    {t(cancelled ? 'dates.restore' : 'dates.cancel')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="#c92a2a"
                    disabled={busy}
                    aria-label={t('dates.deleteLabel', { when })}
                    onClick={() => onAction(session, 'delete')}
                  >
                    {t('dates.delete')}
                  </Button>
                </Group>
              )}
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
