import { Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { FILTER_KEYS, type CalendarFilters as Filters } from '../../features/catalogue/timetable/api/calendar-api';
import { CalendarFilters } from '../../features/catalogue/timetable/components/calendar-filters';
import { useHasPermission } from '../../features/permissions/permission-query';
import { PageFrame, RequirePermission } from './page-frame';

// FullCalendar is big: it comes in its own chunk, only with this screen.
const CalendarView = lazy(() => import('../../features/catalogue/timetable/components/calendar-view'));

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
