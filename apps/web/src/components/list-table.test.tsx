import { Badge, Button, Group, Table } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ListTable } from './list-table';

/**
 * The phone's cards are CSS (data-table.module.css, `max-width: 600px`), which the test DOM does
 * not lay out; the Playwright run at 390 px (e2e/tests/activity-pages.mobile.spec.ts) checks the
 * layout itself. Here: what the cards are built from.
 */
function Dates({ onMove = () => {} }: { onMove?: (when: string) => void }) {
  return (
    <ListTable minWidth={760} columns={['When', 'Status', 'Say "hi" \\ there']} actionsLabel="Actions">
      {['Mon 10:00', 'Tue 10:00'].map((when) => (
        <Table.Tr key={when}>
          <Table.Td>{when}</Table.Td>
          <Table.Td>
            <Badge>Scheduled</Badge>
          </Table.Td>
          <Table.Td>–</Table.Td>
          <Table.Td>
            <Group gap={4} wrap="nowrap" justify="flex-end">
              <Button size="xs" aria-label={`Move ${when}`} onClick={() => onMove(when)}>
                Move
              </Button>
              <Button size="xs">Delete</Button>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

describe('ListTable on a phone', () => {
  it('names every column for the cards: each heading is a CSS string the cells of its column show', () => {
    renderWithProviders(<Dates />);
    const table = screen.getByRole('table');
    expect(table.style.getPropertyValue('--list-table-label-1')).toBe('"When"');
    expect(table.style.getPropertyValue('--list-table-label-2')).toBe('"Status"');
    // Quotes and backslashes are escaped, so a heading can never end the CSS string early.
    expect(table.style.getPropertyValue('--list-table-label-3')).toBe('"Say \\"hi\\" \\\\ there"');
    // The buttons' column has no visible heading (its name is for screen readers).
    expect(table.style.getPropertyValue('--list-table-label-4')).toBe('');
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
  });

  it('does not put the rows in a sideways-scrolling area, so the buttons of each row stay on the card', async () => {
    const onMove = vi.fn();
    const { container } = renderWithProviders(<Dates onMove={onMove} />);
    // Mantine's Table.ScrollContainer (a ScrollArea) hid the row buttons off-screen on a phone.
    expect(container.querySelector('.mantine-ScrollArea-root, .mantine-Table-scrollContainer')).toBeNull();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const cells = within(row).getAllByRole('cell');
      // One cell per column, then the row's buttons as the last cell (the card's footer).
      expect(cells).toHaveLength(4);
      expect(within(cells[3]!).getAllByRole('button')).toHaveLength(2);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Move Tue 10:00' }));
    expect(onMove).toHaveBeenCalledWith('Tue 10:00');
  });
});
