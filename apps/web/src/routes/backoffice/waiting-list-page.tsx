import { useTranslation } from 'react-i18next';
import { WaitingList } from '../../features/selling/waitinglist';
import { PageFrame, RequirePermission } from './page-frame';

/** `/{lang}/backend/customers/waitinglist`: who waits for a seat, per activity and date. */
export function WaitingListPage() {
  const { t } = useTranslation('backend');
  return (
    <RequirePermission name="nav.customers.waitinglist">
      <PageFrame title={t('pages.waitinglist.title')} intro={t('pages.waitinglist.text')}>
        <WaitingList />
      </PageFrame>
    </RequirePermission>
  );
}
