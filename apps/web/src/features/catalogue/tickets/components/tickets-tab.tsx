import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../../components/page-loader';
import { PanelSection } from '../../../../components/panel-section';
import { confirm } from '../../../../lib/confirm';
import { useLang } from '../../../../lib/language';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useDeleteTicket, useTickets } from '../api/tickets-api';
import type { TicketItem } from '@bookla/shared/catalogue-tickets';
import { TicketForm } from './ticket-form';
import { TicketsTable } from './tickets-table';
import { showRange, textOf, useSessions, useTeamZone } from '../../timetable';

/** `undefined`: the modal is closed; `null`: a new ticket. */
type Editing = TicketItem | null | undefined;

/** Activity → tickets: whole-activity tickets, then the drop-in tickets of each date. */
export function TicketsTab({ activityId, canEdit }: { activityId: number; canEdit: boolean }) {
  const { t } = useTranslation('tickets');
  const { t: tb } = useTranslation('backend');
  const lang = useLang();
  const zone = useTeamZone();
  const tickets = useTickets(activityId);
  const sessions = useSessions(activityId);
  const remove = useDeleteTicket(activityId);
  const [editing, setEditing] = useState<Editing>(undefined);

  const onDelete = async (ticket: TicketItem) => {
    const name = ticket.name_text || textOf(ticket.name, lang);
    const ok = await confirm({
      title: t('tickets.deleteTitle'),
      message: t('tickets.deleteText', { name }),
      confirmLabel: t('delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      const result = await remove.mutateAsync(ticket.id);
      notifySuccess(result.message || t('tickets.deleted'));
    } catch (error) {
      notifyError(error); // e.g. tickets already sold: the server says why
    }
  };

  if (tickets.isPending) return <PageLoader />;
  if (tickets.isError) return <Alert color="red">{tb('errors.load')}</Alert>;

  const sessionList = sessions.data ?? [];
  const whole = tickets.data.filter((ticket) => ticket.session_id === null);
  const dropIn = sessionList
    .map((session) => ({ session, tickets: tickets.data.filter((ticket) => ticket.session_id === session.id) }))
    .filter((group) => group.tickets.length > 0);
  // Drop-in tickets whose date is not (or not yet) in the loaded list are still shown.
  const known = new Set(sessionList.map((session) => session.id));
  const unplaced = tickets.data.filter((ticket) => ticket.session_id !== null && !known.has(ticket.session_id));
  const table = (list: TicketItem[]) => (
    <TicketsTable tickets={list} canEdit={canEdit} onEdit={setEditing} onDelete={(ticket) => void onDelete(ticket)} />
  );

  return (
    <Stack gap="lg">
      {canEdit && (
        <Group justify="flex-end">
          <Button onClick={() => setEditing(null)}>{t('tickets.add')}</Button>
        </Group>
      )}
      <PanelSection headingId="tickets-whole-title" title={t('tickets.wholeTitle')}>
        {whole.length > 0 ? table(whole) : <Text c="dimmed">{t('tickets.emptyWhole')}</Text>}
      </PanelSection>
      <PanelSection headingId="tickets-dropin-title" title={t('tickets.dropInTitle')}>
        {dropIn.length === 0 && unplaced.length === 0 ? (
          <Text c="dimmed">{t('tickets.emptyDropIn')}</Text>
        ) : (
          <Stack gap="md">
            {dropIn.map(({ session, tickets: list }) => (
              <section key={session.id} aria-labelledby={`tickets-session-${session.id}`}>
                <Title order={3} size="h5" mb={4} id={`tickets-session-${session.id}`}>
                  {showRange(session.starts_at, session.ends_at, zone, lang)}
                </Title>
                {table(list)}
              </section>
            ))}
            {unplaced.length > 0 && (
              <section aria-labelledby="tickets-session-other">
                <Title order={3} size="h5" mb={4} id="tickets-session-other">
                  {t('tickets.otherDates')}
                </Title>
                {table(unplaced)}
              </section>
            )}
          </Stack>
        )}
      </PanelSection>
      <Modal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? t('tickets.editTitle') : t('tickets.addTitle')}
        size="xl"
      >
        {editing !== undefined && (
          <TicketForm activityId={activityId} ticket={editing} sessions={sessionList} onDone={() => setEditing(undefined)} />
        )}
      </Modal>
    </Stack>
  );
}
