import { useTranslation } from 'react-i18next';
import { OrderCustomersList, ParticipantsList } from '../../features/operations/customers';
import { PageFrame, RequirePermission } from './page-frame';

/** `/{lang}/backend/customers/participant`: participants per activity and date (instructors: their activities). */
export function ParticipantsPage() {
  const { t } = useTranslation('backend');
  return (
    <RequirePermission name="nav.customers.participant">
      <PageFrame title={t('pages.participants.title')} intro={t('pages.participants.text')}>
        <ParticipantsList />
      </PageFrame>
    </RequirePermission>
  );
}

/** `/{lang}/backend/customers/order`: order customers, one per e-mail address. */
export function OrderCustomersPage() {
  const { t } = useTranslation('backend');
  return (
    <RequirePermission name="nav.customers.order">
      <PageFrame title={t('pages.orderCustomers.title')} intro={t('pages.orderCustomers.text')}>
        <OrderCustomersList />
      </PageFrame>
    </RequirePermission>
  );
}
