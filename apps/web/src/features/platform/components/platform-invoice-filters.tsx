import { BEXIO_STATUSES, PLATFORM_INVOICE_STATUSES } from '@bookla/shared/platform';
import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../../../lib/list/use-list-params';
import type { PlatformInvoiceListParams } from '../api/platform-api';

type Filter = keyof PlatformInvoiceListParams['filters'];

/**
 * The invoice list's filters: the company (name or id; 1.5 s after typing, Enter at once), the
 * month, bexio's status and the payment status (0.5 s); all of them live in the address.
 */
export function PlatformInvoiceFilters({ list }: { list: ListState<PlatformInvoiceListParams['sort']['field'], Filter> }) {
  const { t } = useTranslation('platform');
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" style={{ flex: '1 1 320px' }}>
        <TextInput
          type="search"
          label={t('list.filters.team')}
          value={list.inputs.team}
          onChange={(e) => list.setFilter('team', e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') list.flushFilter('team');
          }}
        />
        <TextInput
          type="month"
          label={t('list.filters.month')}
          placeholder="YYYY-MM"
          value={list.inputs.month}
          onChange={(e) => list.setFilter('month', e.currentTarget.value)}
        />
        <Select
          label={t('list.filters.bexio_status')}
          placeholder={t('list.filters.all')}
          clearable
          data={BEXIO_STATUSES.map((s) => ({ value: s, label: t(`bexioStatus.${s}`) }))}
          value={list.inputs.bexio_status || null}
          onChange={(value) => list.setFilter('bexio_status', value ?? '')}
        />
        <Select
          label={t('list.filters.status')}
          placeholder={t('list.filters.all')}
          clearable
          data={PLATFORM_INVOICE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          value={list.inputs.status || null}
          onChange={(value) => list.setFilter('status', value ?? '')}
        />
      </SimpleGrid>
      {list.filtered && (
        <Button variant="subtle" onClick={list.resetFilters}>
          {t('list.filters.reset')}
        </Button>
      )}
    </Group>
  );
}
