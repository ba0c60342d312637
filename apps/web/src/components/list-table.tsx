import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ListTableProps {
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  /** Column headings, without the last column: the row's buttons. */
  columns: readonly string[];
  /** The name of the buttons' column, for screen readers. */
  actionsLabel: string;
  /** The rows (`Table.Tr`). */
  children: ReactNode;
}

/** A striped list of records with a column of buttons at the end (staff, invitations, sessions). */
export function ListTable({ minWidth, columns, actionsLabel, children }: ListTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" striped>
        <Table.Thead>
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
    </Table.ScrollContainer>
  );
}
