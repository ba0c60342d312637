import { Alert, Anchor, Button, Group, MultiSelect, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable } from '../../../../components/list-table';
import { PageLoader } from '../../../../components/page-loader';
import { PanelSection } from '../../../../components/panel-section';
import { formatMoney } from '../../../../lib/format';
import { useLang } from '../../../../lib/language';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useActivityProducts, useProductOptions, useSaveActivityProducts, useTickets } from '../api/tickets-api';
import { textOf } from '../../timetable';

interface Choice {
  product_id: number;
  ticket_ids: number[];
}

const same = (a: Choice[], b: Choice[]) => JSON.stringify(a) === JSON.stringify(b);

/** Activity → products: the extras offered with it, each for all tickets or only some. */
export function ProductsTab({ activityId, canEdit }: { activityId: number; canEdit: boolean }) {
  const { t } = useTranslation('tickets');
  const { t: tb } = useTranslation('backend');
  const lang = useLang();
  const offered = useActivityProducts(activityId);
  const options = useProductOptions();
  const tickets = useTickets(activityId);
  const save = useSaveActivityProducts(activityId);
  const [items, setItems] = useState<Choice[]>([]);

  const saved = (offered.data ?? []).map((p) => ({ product_id: p.product_id, ticket_ids: [...p.ticket_ids] }));
  const savedKey = JSON.stringify(saved);
  useEffect(() => setItems(JSON.parse(savedKey) as Choice[]), [savedKey]);

  if (offered.isPending) return <PageLoader />;
  if (offered.isError) return <Alert color="red">{tb('errors.load')}</Alert>;

  const products = new Map<number, { name: string; price: string }>();
  for (const p of options.data ?? [])
    products.set(p.id, { name: p.name_text || textOf(p.name, lang), price: formatMoney(p.price, p.currency, lang) });
  for (const p of offered.data)
    if (!products.has(p.product_id)) products.set(p.product_id, { name: p.name, price: formatMoney(p.price, p.currency, lang) });
  const ticketData = (tickets.data ?? []).map((ticket) => ({
    value: String(ticket.id),
    label: ticket.name_text || textOf(ticket.name, lang),
  }));
  const productData = [...products.entries()].map(([id, p]) => ({ value: String(id), label: p.name }));

  const choose = (ids: string[]) =>
    setItems(ids.map(Number).map((id) => items.find((i) => i.product_id === id) ?? { product_id: id, ticket_ids: [] }));
  const restrict = (productId: number, ids: string[]) =>
    setItems(items.map((i) => (i.product_id === productId ? { ...i, ticket_ids: ids.map(Number) } : i)));

  const onSave = async () => {
    try {
      const result = await save.mutateAsync(items);
      notifySuccess(result.message || t('products.saved'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <PanelSection headingId="products-title" title={t('products.title')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('products.intro')}{' '}
          <Anchor component={Link} to={`/${lang}/backend/course/options`} size="sm">
            {t('products.manage')}
          </Anchor>
        </Text>
        {canEdit && (
          <MultiSelect
            label={t('products.choose')}
            data={productData}
            value={items.map((i) => String(i.product_id))}
            onChange={choose}
            searchable
            nothingFoundMessage={t('nothingFound')}
          />
        )}
        {items.length === 0 ? (
          <Text c="dimmed">{t('products.empty')}</Text>
        ) : (
          <ListTable
            minWidth={640}
            columns={[t('products.product'), t('products.price'), t('products.tickets')]}
            actionsLabel={t('actions')}
          >
            {items.map((item) => {
              const product = products.get(item.product_id);
              const name = product?.name ?? `#${item.product_id}`;
              return (
                <Table.Tr key={item.product_id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{product?.price}</Table.Td>
                  <Table.Td>
                    {canEdit ? (
                      <MultiSelect
                        aria-label={t('products.ticketsOf', { name })}
                        placeholder={item.ticket_ids.length === 0 ? t('products.allTickets') : undefined}
                        data={ticketData}
                        value={item.ticket_ids.map(String)}
                        onChange={(ids) => restrict(item.product_id, ids)}
                      />
                    ) : (
                      <Text size="sm">
                        {item.ticket_ids.length === 0
                          ? t('products.allTickets')
                          : item.ticket_ids.map((id) => ticketData.find((d) => d.value === String(id))?.label ?? `#${id}`).join(', ')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {canEdit && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="#c92a2a"
                        aria-label={t('products.removeLabel', { name })}
                        onClick={() => setItems(items.filter((i) => i.product_id !== item.product_id))}
                      >
                        {t('products.remove')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ListTable>
        )}
        {canEdit && (
          <Group justify="flex-end">
            <Button onClick={() => void onSave()} disabled={same(items, saved) || save.isPending}>
              {t('save')}
            </Button>
          </Group>
        )}
      </Stack>
    </PanelSection>
  );
}
