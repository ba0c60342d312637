import type { OrderAdminDetail } from '@bookla/shared/orders-admin';
import { Anchor, Divider, Group, List, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelSection } from '../../../../components/panel-section';
import { formatMoney, formatPercent } from '../../../../lib/format';
import { useLang } from '../../../../lib/language';
import { showDateTime, useTeamZone } from '../../../catalogue/timetable';
import { documentUrl } from '../api/orders-api';
import { attemptLabel, paymentTypeLabel } from '../order-status';

function Line({ label, value, strong, muted }: { label: ReactNode; value: ReactNode; strong?: boolean; muted?: boolean }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined} c={muted ? 'dimmed' : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} c={muted ? 'dimmed' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** The order's lines, products, discount, VAT per rate, totals and refunds (amounts in the order's currency). */
export function OrderSummary({ order: o }: { order: OrderAdminDetail }) {
  const { t } = useTranslation('orders');
  const lang = useLang();
  const m = (n: number) => formatMoney(n, o.currency, lang);
  const rate = (percent: number) => formatPercent(percent / 100, lang, 2);
  // An order without VAT (its company not registered for VAT, issue 22 item 1) mentions no VAT at all.
  const unitPrice = (price: number, taxRate: number) =>
    o.taxes.length ? t('edit.unitPrice', { price: m(price), rate: rate(taxRate) }) : t('edit.unitPriceNoVat', { price: m(price) });
  return (
    <PanelSection headingId="order-items" title={t('edit.items')}>
      <Stack gap="xs">
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing={4} aria-labelledby="order-items">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('edit.item')}</Table.Th>
                <Table.Th ta="right">{t('edit.quantity')}</Table.Th>
                <Table.Th ta="right">{t('edit.lineTotal')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {o.order_items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Text size="sm">{item.name}</Text>
                    <Text size="xs" c="dimmed">
                      {unitPrice(item.price, item.tax_rate)}
                    </Text>
                    {item.options.length > 0 && (
                      <List size="xs" c="dimmed" withPadding>
                        {item.options.map((p, i) => (
                          <List.Item key={i}>
                            {p.quantity} × {p.name}: {m(p.total)}
                          </List.Item>
                        ))}
                      </List>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{item.quantity}</Table.Td>
                  <Table.Td ta="right">{m(item.total)}</Table.Td>
                </Table.Tr>
              ))}
              {o.options.map((p, i) => (
                <Table.Tr key={`p${i}`}>
                  <Table.Td>
                    <Text size="sm">{p.name}</Text>
                    <Text size="xs" c="dimmed">
                      {t('edit.product')}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{p.quantity}</Table.Td>
                  <Table.Td ta="right">{m(p.total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Line label={t('edit.subtotal')} value={m(o.subtotal)} />
        {o.discount_total > 0 && (
          <Line
            label={o.discount_code ? t('edit.discountCode', { code: o.discount_code }) : t('edit.discount')}
            value={`− ${m(o.discount_total)}`}
          />
        )}
        <Divider />
        <Line label={t('edit.total')} value={m(o.total)} strong />
        {o.taxes.map((tax) => (
          <Line key={tax.rate} muted label={t('edit.vat', { rate: rate(tax.rate), gross: m(tax.gross) })} value={m(tax.tax)} />
        ))}
        {o.refunded > 0 && <Line label={t('edit.refunded')} value={`− ${m(o.refunded)}`} />}
        <Line muted label={t('edit.platformFee')} value={m(o.platform_fee)} />
      </Stack>
    </PanelSection>
  );
}

/** The payment attempts of the order, newest last. */
export function OrderPayments({ order: o }: { order: OrderAdminDetail }) {
  const { t } = useTranslation('orders');
  const lang = useLang();
  const zone = useTeamZone();
  return (
    <PanelSection headingId="order-payments" title={t('edit.payments')}>
      <Stack gap="xs">
        <Line label={t('edit.paymentType')} value={paymentTypeLabel(t, o.payment_type)} />
        {o.payments.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('edit.noPayments')}
          </Text>
        )}
        {o.payments.map((p) => (
          <Line
            key={p.id}
            label={`${showDateTime(p.created_at, zone, lang)} · ${paymentTypeLabel(t, p.provider)}`}
            value={`${formatMoney(p.amount, o.currency, lang)} · ${attemptLabel(t, p.status)}`}
          />
        ))}
      </Stack>
    </PanelSection>
  );
}

/** The order's PDFs for staff, where the order has them now (the server decides again: 409 otherwise). */
export function OrderDocuments({ order: o }: { order: OrderAdminDetail }) {
  const { t } = useTranslation('orders');
  const lang = useLang();
  const docs = [
    { show: o.actions.tickets_pdf, file: 'tickets.pdf' as const, label: t('edit.ticketsPdf') },
    { show: o.actions.invoice_pdf, file: 'invoice.pdf' as const, label: t('edit.invoicePdf') },
    { show: o.actions.receipt_pdf, file: 'receipt.pdf' as const, label: t('edit.receiptPdf') },
    // One credit note per refund, full or partial (issue 22 item 4).
    ...o.credit_notes.map((c) => ({
      show: true,
      file: `credit-notes/${c.index}.pdf` as const,
      label: t('edit.creditNotePdf', { number: c.number, amount: formatMoney(c.amount, o.currency, lang) }),
    })),
  ].filter((d) => d.show);
  return (
    <PanelSection headingId="order-documents" title={t('edit.documents')}>
      {docs.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('edit.noDocuments')}
        </Text>
      ) : (
        <List spacing={4} size="sm">
          {docs.map((d) => (
            <List.Item key={d.file}>
              <Anchor href={documentUrl(o.id, d.file)} target="_blank" rel="noopener">
                {d.label}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
    </PanelSection>
  );
}
