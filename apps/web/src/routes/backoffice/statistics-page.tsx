import { useTranslation } from 'react-i18next';
import { StatisticsReport } from '../../features/operations/statistics';
import { PageFrame, RequirePermission } from './page-frame';

/** `/{lang}/backend/statistics`: sales, orders, participants over time, breakdowns, CSV. */
export function StatisticsPage() {
  const { t } = useTranslation('backend');
  return (
    <RequirePermission name="nav.statistics">
      <PageFrame title={t('pages.statistics.title')} intro={t('pages.statistics.text')}>
        <StatisticsReport />
      </PageFrame>
    </RequirePermission>
  );
}
