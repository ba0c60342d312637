import { useTranslation } from 'react-i18next';
import { BexioScreen } from '../../features/platform';
import { PageFrame, RequirePermission } from './page-frame';

/**
 * `/{lang}/backend/bexio` (spec §2, CONTRACT §6): the platform's invoices and their hand-over to
 * bexio, for the provider's internal staff only (everybody else sees the not-found page).
 */
export function BexioPage() {
  const { t } = useTranslation('backend');
  return (
    <RequirePermission name="internal.staff">
      <PageFrame title={t('pages.bexio.title')} intro={t('pages.bexio.text')}>
        <BexioScreen />
      </PageFrame>
    </RequirePermission>
  );
}
