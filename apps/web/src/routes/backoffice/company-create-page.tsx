import { useTranslation } from 'react-i18next';
import { CompanyCreateForm } from '../../features/teams';
import { PageFrame } from './page-frame';

/** `/{lang}/backend/config/team/create` (route name config.team.create). */
export function CompanyCreatePage() {
  const { t } = useTranslation('settings');
  return (
    <PageFrame title={t('create.title')} intro={t('create.intro')}>
      <CompanyCreateForm />
    </PageFrame>
  );
}
