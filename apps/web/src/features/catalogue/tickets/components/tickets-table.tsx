import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../../components/list-table';
import { formatMoney } from '../../../../lib/format';
import { useLang } from '../../../../lib/language';
import type { TicketItem } from '@bookla/shared/catalogue-tickets';
import { showDateTime, textOf, useTeamZone } from '../../timetable';

export interface TicketsTableProps {
  tickets: TicketItem[];
  canEdit: boolean;
  onEdit: (ticket: TicketItem) => void;
  onDelete: (ticket: TicketItem) => void;
}

/** Tickets of one group (whole activity or one date) with their sales figures. */
export function TicketsTable({ tickets, canEdit, onEdit, onDelete }: TicketsTableProps) {
  const { t } = useTranslation('tickets');
  const lang = useLang();
  const zone = useTeamZone();
  const period = (ticket: TicketItem) => {
    if (!ticket.sale_start && !ticket.sale_end) return t('tickets.always');
    const from = ticket.sale_start ? showDateTime(ticket.sale_start, zone, lang) : '…';
    const to = ticket.sale_end ? showDateTime(ticket.sale_end, zone, lang) : '…';
    return `${from} – ${to}`;
  };
  return (
    <ListTable
      minWidth={900}
      columns={[
        t('tickets.name'),
        t('tickets.price'),
        t('tickets.stock'),
        t('tickets.sold'),
        t('tickets.reserved'),
        t('tickets.available'),
        t('tickets.salePeriod'),
      ]}
      actionsLabel={t('actions')}
    >
      {tickets.map((ticket) => {
        const name = ticket.name_text || textOf(ticket.name, lang);
        return (
          <Table.Tr key={ticket.id}>
            <Table.Td>
              <Group gap={6}>
                <Text size="sm" fw={500}>
                  {name}
                </Text>
                {ticket.visibility === 'hidden' && (
                  <Badge size="sm" variant="light" color="gray" c="dark.7">
                    {t('visibility.hidden')}
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td>{formatMoney(ticket.price, ticket.currency, lang)}</Table.Td>
            <Table.Td>{ticket.stock}</Table.Td>
            <Table.Td>{ticket.sold}</Table.Td>
            <Table.Td>{ticket.stock_reserved}</Table.Td>
            <Table.Td>{ticket.stock_available}</Table.Td>
            <Table.Td>
              <Text size="sm">{period(ticket)}</Text>
            </Table.Td>
            <Table.Td>
              {canEdit && (
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <Button size="xs" variant="subtle" aria-label={t('tickets.editLabel', { name })} onClick={() => onEdit(ticket)}>
                    {t('edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="#c92a2a"
                    aria-label={t('tickets.deleteLabel', { name })}
                    onClick={() => onDelete(ticket)}
                  >
                    {t('delete')}
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
