import { Button, Collapse, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../components/form/date-fields';
import type { ListState } from '../../../../lib/list/use-list-params';
import { useActivityOptions, type OrderListParams } from '../api/orders-api';
import { PAYMENT_TYPES, STATUS_FILTERS } from '../order-status';

type Filter = keyof OrderListParams['filters'];

/** The filters a phone shows behind "More filters" (the number and the name stay in view). */
const FOLDED: Filter[] = ['email', 'activity_id', 'payment_status', 'payment_type', 'created_from', 'created_to'];

/**
 * The order list's filters (spec: number, name, e-mail, activity, payment status, payment type,
 * date range). Text boxes apply 1.5 s after typing stops (Enter at once), choices and dates after
 * 0.5 s (spec §9); all of them live in the address. On a phone the number and the name are in
 * view and the other six open with a button that counts the ones in use.
 */
export function OrderFilters({ list }: { list: ListState<OrderListParams['sort']['field'], Filter> }) {
  const { t } = useTranslation('orders');
  const activities = useActivityOptions();
  const text = (key: Filter, label: string, extra: { inputMode?: 'numeric' | 'email'; type?: string } = {}) => (
    <TextInput
      type={extra.type ?? 'search'}
      inputMode={extra.inputMode}
      label={label}
      value={list.inputs[key]}
      onChange={(e) => list.setFilter(key, key === 'number' ? e.currentTarget.value.replace(/[^\d#]/g, '') : e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') list.flushFilter(key);
      }}
    />
  );
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const inUse = FOLDED.filter((key) => list.inputs[key]).length;
  const [open, { toggle }] = useDisclosure(false);
  const moreId = useId();
  const folded = (
    <>
      {text('email', t('list.filters.email'))}
      <Select
        label={t('list.filters.activity')}
        placeholder={t('list.filters.all')}
        searchable
        clearable
        nothingFoundMessage={t('list.filters.noActivity')}
        data={(activities.data ?? []).map((a) => ({ value: String(a.id), label: a.name_text }))}
        value={list.inputs.activity_id || null}
        onChange={(value) => list.setFilter('activity_id', value ?? '')}
      />
      <Select
        label={t('list.filters.status')}
        placeholder={t('list.filters.all')}
        clearable
        data={STATUS_FILTERS.map((s) => ({ value: s.value, label: t(`status.${s.label}`) }))}
        value={list.inputs.payment_status || null}
        onChange={(value) => list.setFilter('payment_status', value ?? '')}
      />
      <Select
        label={t('list.filters.type')}
        placeholder={t('list.filters.all')}
        clearable
        data={PAYMENT_TYPES.map((type) => ({ value: type, label: t(`paymentType.${type}`) }))}
        value={list.inputs.payment_type || null}
        onChange={(value) => list.setFilter('payment_type', value ?? '')}
      />
      <DateField
        label={t('list.filters.from')}
        value={list.inputs.created_from}
        maxDate={list.inputs.created_to || undefined}
        onChange={(value) => list.setFilter('created_from', value)}
      />
      <DateField
        label={t('list.filters.to')}
        value={list.inputs.created_to}
        minDate={list.inputs.created_from || undefined}
        onChange={(value) => list.setFilter('created_to', value)}
      />
    </>
  );
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" style={{ flex: '1 1 320px' }}>
        {text('number', t('list.filters.number'), { inputMode: 'numeric' })}
        {text('name', t('list.filters.name'))}
        {phone ? (
          <>
            <Button variant="default" onClick={toggle} aria-expanded={open} aria-controls={moreId}>
              {open ? t('list.filters.fewer') : inUse > 0 ? t('list.filters.moreInUse', { count: inUse }) : t('list.filters.more')}
            </Button>
            <Collapse expanded={open} id={moreId}>
              <SimpleGrid cols={1} spacing="sm">
                {folded}
              </SimpleGrid>
            </Collapse>
          </>
        ) : (
          folded
        )}
      </SimpleGrid>
      {list.filtered && (
        <Button variant="subtle" onClick={list.resetFilters}>
          {t('list.filters.reset')}
        </Button>
      )}
    </Group>
  );
}
