import { useTranslation } from 'react-i18next';
import { AdditionalSalesList } from '../../features/operations/customers';
import { PageFrame, RequirePermission } from './page-frame';

/** `/{lang}/backend/orders/additional_sales`: products sold with paid orders, with totals. */
export function AdditionalSalesPage() {
  const { t } = useTranslation('backend');
  return (
    <RequirePermission name="nav.orders">
      <PageFrame title={t('pages.additionalSales.title')} intro={t('pages.additionalSales.text')}>
        <AdditionalSalesList />
      </PageFrame>
    </RequirePermission>
  );
}
