import { Stack } from '@mantine/core';
import { PlatformInvoicesList } from './platform-invoices-list';
import { PlatformStatistics } from './platform-statistics';
import { RunStatements } from './run-statements';

/** `/backend/bexio` (internal staff, CONTRACT §6): the platform's figures, statements, invoices. */
export function BexioScreen() {
  return (
    <Stack gap="lg">
      <PlatformStatistics />
      <RunStatements />
      <PlatformInvoicesList />
    </Stack>
  );
}
