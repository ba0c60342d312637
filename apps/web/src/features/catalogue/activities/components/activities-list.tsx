import { Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../../../lib/list/use-list-params';
import { activityListConfig, useActivityList } from '../api/activities-api';
import { ActivityListFilters } from './activity-list-filters';
import { ActivityListTable } from './activity-list-table';
import { ActivityMassActions, useAllowedMassActions } from './activity-mass-actions';
import { CreateActivityButton } from './create-activity-button';

/**
 * `/backend/courses` (spec §2, §9): the activities list, paged, sorted and filtered on the server,
 * with mass actions on the selected rows. Page, sort and filters live in the address, so a
 * reload or back/forward shows the same list; a failed load shows an error with a retry.
 */
export function ActivitiesList() {
  const { t } = useTranslation('activities');
  const list = useListParams(activityListConfig);
  const [selected, setSelected] = useState<number[]>([]);
  const actions = useAllowedMassActions();
  const query = useActivityList(list.params);

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <CreateActivityButton />
      </Group>
      <ActivityListFilters list={list} />
      <ActivityMassActions ids={selected} actions={actions} onDone={() => setSelected([])} />
      <ActivityListTable
        query={query}
        list={list}
        selection={actions.length > 0 ? { ids: selected, onChange: setSelected } : undefined}
        empty={{ title: t('list.empty'), text: t('list.emptyText') }}
      />
    </Stack>
  );
}
