import { ACTIVITY_STATUSES } from '@bookla/shared/catalogue';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../../../../lib/list/use-list-params';
import { useHasPermission } from '../../../permissions';
import { useLocationOptions, useTypeSetOptions } from '../../setup';
import type { activityListConfig } from '../api/activities-api';

type Config = typeof activityListConfig;

/**
 * The list's column filters. Each input shows its value at once; the list follows after the
 * spec's pause (text 1.5 s, choices 0.5 s; Enter in the name searches at once).
 */
export function ActivityListFilters({ list }: { list: ListState<Config['sortFields'][number], keyof Config['filters']> }) {
  const { t } = useTranslation('activities');
  const canSeeLocations = useHasPermission('nav.locations');
  const typeSets = useTypeSetOptions();
  const locations = useLocationOptions(canSeeLocations);
  const { inputs, setFilter } = list;

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: canSeeLocations ? 4 : 3 }} spacing="sm">
      <TextInput
        type="search"
        label={t('filters.name')}
        placeholder={t('filters.namePlaceholder')}
        value={inputs.name}
        onChange={(e) => setFilter('name', e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') list.flushFilter('name');
        }}
      />
      <Select
        label={t('filters.status')}
        placeholder={t('filters.all')}
        clearable
        data={ACTIVITY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        value={inputs.status || null}
        onChange={(value) => setFilter('status', value ?? '')}
      />
      <Select
        label={t('filters.typeSet')}
        placeholder={t('filters.all')}
        clearable
        data={(typeSets.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        value={inputs.type_set_id || null}
        onChange={(value) => setFilter('type_set_id', value ?? '')}
      />
      {canSeeLocations && (
        <Select
          label={t('filters.location')}
          placeholder={t('filters.all')}
          clearable
          searchable
          data={(locations.data ?? []).map((l) => ({ value: String(l.id), label: l.name_text }))}
          value={inputs.location_id || null}
          onChange={(value) => setFilter('location_id', value ?? '')}
        />
      )}
    </SimpleGrid>
  );
}
