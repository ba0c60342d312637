import { Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../../lib/language';
import { useInstructorOptions } from '../../activities';
import { useLocationOptions, useTypeSetOptions } from '../../setup';
import { useResourceGroups } from '../../resources';
import { textOf } from '../zoned';
import { useHasPermission } from '../../../permissions';
import type { CalendarFilters as Filters } from '../api/calendar-api';

/** Type set, location, instructor and resource; a filter whose list the role may not read is left out. */
export function CalendarFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  const { t } = useTranslation('timetable');
  const lang = useLang();
  const canSeeLocations = useHasPermission('nav.locations');
  const canSeeResources = useHasPermission('nav.sa_resources');
  const typeSets = useTypeSetOptions();
  const locations = useLocationOptions(canSeeLocations);
  const instructors = useInstructorOptions();
  const groups = useResourceGroups(canSeeResources);

  const select = (
    key: keyof Filters,
    label: string,
    data: { value: string; label: string }[] | { group: string; items: { value: string; label: string }[] }[],
  ) => (
    <Select
      label={label}
      placeholder={t('calendar.all')}
      clearable
      searchable
      nothingFoundMessage={t('nothingFound')}
      data={data}
      value={value[key] || null}
      onChange={(next) => onChange({ ...value, [key]: next ?? '' })}
    />
  );

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" role="search" aria-label={t('calendar.filters')}>
      {select(
        'type_set_id',
        t('calendar.typeSet'),
        (typeSets.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
      )}
      {canSeeLocations &&
        select(
          'location_id',
          t('calendar.location'),
          (locations.data ?? []).map((l) => ({ value: String(l.id), label: l.name_text })),
        )}
      {select(
        'instructor_id',
        t('calendar.instructor'),
        (instructors.data ?? []).map((i) => ({ value: String(i.id), label: i.name })),
      )}
      {canSeeResources &&
        select(
          'resource_id',
          t('calendar.resource'),
          (groups.data ?? [])
            .filter((g) => g.resources.length > 0)
            .map((g) => ({
              group: g.name_text || textOf(g.name, lang),
              items: g.resources.map((r) => ({ value: String(r.id), label: r.name_text || textOf(r.name, lang) })),
            })),
        )}
    </SimpleGrid>
  );
}
