import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DiscountForm, DiscountsList } from '../../features/selling/discounts';
import { BackendNotFoundPage } from './backend-not-found-page';
import { PageFrame, RequirePermission } from './page-frame';

/** `/{lang}/backend/discounts`: the company's discount codes. */
export function DiscountsPage() {
  const { t } = useTranslation('discounts');
  return (
    <RequirePermission name="nav.discounts">
      <PageFrame title={t('list.title')} intro={t('list.intro')}>
        <DiscountsList />
      </PageFrame>
    </RequirePermission>
  );
}

/** `/{lang}/backend/discount/create` and `/{lang}/backend/discount/edit/{id}`. */
export function DiscountPage() {
  const { t } = useTranslation('discounts');
  const { id: raw } = useParams();
  const id = raw === undefined ? null : /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
  if (id === undefined) return <BackendNotFoundPage />;
  const title = id === null ? t('form.new') : t('form.edit');
  return (
    <RequirePermission name="nav.discounts">
      <PageFrame title={title}>
        <DiscountForm key={id ?? 'create'} id={id} />
      </PageFrame>
    </RequirePermission>
  );
}
