import { Button } from '@mantine/core';

/** A platform invoice's PDF, opened in a new tab (the staff list and the company's Billing tab). */
export function InvoicePdfButton({ href, label, children }: { href: string; label: string; children: string }) {
  return (
    <Button size="xs" variant="subtle" component="a" href={href} target="_blank" rel="noopener" aria-label={label}>
      {children}
    </Button>
  );
}
