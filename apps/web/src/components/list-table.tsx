import { Box, Table, VisuallyHidden } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import classes from './data-table/data-table.module.css';

export interface ListTableProps {
  /** Below this width the table scrolls sideways inside its box (wide screens only; phones get cards). */
  minWidth: number;
  /** Column headings, without the last column: the row's buttons. */
  columns: readonly string[];
  /** The name of the buttons' column, for screen readers. */
  actionsLabel: string;
  /** The rows (`Table.Tr`): one cell per column, then the cell with the row's buttons. */
  children: ReactNode;
}

/** A text as a CSS string value, for `content: var(...)`. */
const cssString = (text: string) => `"${text.replace(/["\\]/g, '\\$&').replace(/\s+/g, ' ')}"`;

/**
 * The custom properties that name each column for the phone's cards: `--list-table-label-N` is
 * the heading of column N (1-based), shown in front of each cell of that column.
 */
function columnLabels(columns: readonly string[]): Record<string, string> {
  return Object.fromEntries(columns.map((column, i) => [`--list-table-label-${i + 1}`, cssString(column)]));
}

/**
 * A striped list of records with a column of buttons at the end (staff, invitations, dates,
 * tickets). At 600 px and below every row becomes a card in the DataTable's look: the first cell
 * is the card's title, the others carry their column's heading, and the buttons wrap below them,
 * so nothing needs sideways scrolling. The rows stay plain `Table.Tr`/`Table.Td`: the headings
 * come from CSS custom properties, so a row may be built by any component.
 */
export function ListTable({ minWidth, columns, actionsLabel, children }: ListTableProps) {
  return (
    <Box className={classes.scroll}>
      <Table
        className={[classes.table, classes.listTable].filter(Boolean).join(' ')}
        style={{ '--data-table-min-width': `${minWidth}px`, ...columnLabels(columns) } as CSSProperties}
        verticalSpacing="sm"
        striped
      >
        <Table.Thead className={classes.listHead}>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>{actionsLabel}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Box>
  );
}
