import { Alert, Button, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../../components/list-table';
import { PageLoader } from '../../../../components/page-loader';
import { PanelSection } from '../../../../components/panel-section';
import { useLang } from '../../../../lib/language';
import { SessionResourcesForm } from './session-resources-form';
import { showRange, textOf, useSessions, useTeamZone, type SessionItem } from '../../timetable';

/** Activity → resources: rooms, equipment and instructors each date uses. */
export function ResourcesTab({ activityId, canEdit }: { activityId: number; canEdit: boolean }) {
  const { t } = useTranslation('resources');
  const { t: tb } = useTranslation('backend');
  const lang = useLang();
  const zone = useTeamZone();
  const sessions = useSessions(activityId);
  const [editing, setEditing] = useState<SessionItem | null>(null);

  if (sessions.isPending) return <PageLoader />;
  if (sessions.isError) return <Alert color="red">{tb('errors.load')}</Alert>;

  return (
    <PanelSection headingId="resources-title" title={t('resources.title')}>
      <Text size="sm" c="dimmed" mb="sm">
        {t('resources.intro')}
      </Text>
      {sessions.data.length === 0 ? (
        <Text c="dimmed">{t('resources.noDates')}</Text>
      ) : (
        <ListTable minWidth={640} columns={[t('dates.when'), t('dates.resources'), t('dates.conflicts')]} actionsLabel={t('actions')}>
          {sessions.data.map((session) => {
            const when = showRange(session.starts_at, session.ends_at, zone, lang);
            return (
              <Table.Tr key={session.id}>
                <Table.Td>
                  <Text size="sm" fw={500} td={session.status === 'cancelled' ? 'line-through' : undefined}>
                    {when}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    {session.resources.length === 0 && (
                      <Text size="sm" c="dimmed">
                        –
                      </Text>
                    )}
                    {session.resources.map((r) => (
                      <Text size="sm" key={r.resource_id}>
                        {t('resources.usage', { name: textOf(r.name, lang), quantity: r.quantity })}
                      </Text>
                    ))}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  {session.conflicts.length > 0 ? (
                    <Text size="sm" c="orange.9" fw={500}>
                      {t('conflicts.warning', { count: session.conflicts.length })}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      –
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {canEdit && (
                    <Button size="xs" variant="subtle" aria-label={t('resources.editLabel', { when })} onClick={() => setEditing(session)}>
                      {t('resources.edit')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ListTable>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? t('resources.editTitle', { when: showRange(editing.starts_at, editing.ends_at, zone, lang) }) : ''}
        size="lg"
      >
        {editing && (
          <SessionResourcesForm activityId={activityId} session={editing} allSessions={sessions.data} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </PanelSection>
  );
}
