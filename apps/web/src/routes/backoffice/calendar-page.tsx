import { Stack } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { CalendarFilters, CalendarView, FILTER_KEYS, type CalendarFilterValues as Filters } from '../../features/catalogue/timetable';
import { useHasPermission } from '../../features/permissions';
import { PageFrame, RequirePermission } from './page-frame';

/** `/{lang}/backend/courses/calendar`: every activity's dates; the filters live in the address. */
export function CalendarPage() {
  return (
    <RequirePermission name="nav.courses">
      <CalendarScreen />
    </RequirePermission>
  );
}

function CalendarScreen() {
  const { t } = useTranslation('backend');
  const canEdit = useHasPermission('course.edit');
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, /^\d+$/.test(params.get(key) ?? '') ? params.get(key) : '']),
  ) as unknown as Filters;

  const onFilters = (next: Filters) =>
    setParams(
      (current) => {
        for (const key of FILTER_KEYS) {
          if (next[key]) current.set(key, next[key]);
          else current.delete(key);
        }
        return current;
      },
      { replace: true },
    );

  return (
    <PageFrame title={t('pages.calendar.title')} intro={t('pages.calendar.text')}>
      <Stack gap="md">
        <CalendarFilters value={filters} onChange={onFilters} />
        <Suspense fallback={<PageLoader />}>
          <CalendarView filters={filters} canEdit={canEdit} />
        </Suspense>
      </Stack>
    </PageFrame>
  );
}
