import { useTranslation } from 'react-i18next';
import { EmailArchiveList } from '../../features/operations/archive';
import { PageFrame, RequirePermission } from './page-frame';

/**
 * `/{lang}/backend/archive/team`: the company's email archive. Behind `nav.orders`, as on the
 * server: it holds the customers' order mails (spec §6: not for instructors).
 */
export function EmailArchivePage() {
  const { t } = useTranslation('archive');
  return (
    <RequirePermission name="nav.orders">
      <PageFrame title={t('title')} intro={t('intro')}>
        <EmailArchiveList />
      </PageFrame>
    </RequirePermission>
  );
}
