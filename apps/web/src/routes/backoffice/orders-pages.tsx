import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { OrderEdit, OrdersList, useOrder } from '../../features/selling/orders';
import { BackendNotFoundPage } from './backend-not-found-page';
import { PageFrame, RequirePermission } from './page-frame';

/** `/{lang}/backend/orders`: the company's orders. */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  return (
    <RequirePermission name="nav.orders">
      <PageFrame title={t('list.title')} intro={t('list.intro')}>
        <OrdersList />
      </PageFrame>
    </RequirePermission>
  );
}

/** `/{lang}/backend/orders/edit/{id}`: one order. */
export function OrderEditPage() {
  const { id: raw } = useParams();
  const id = raw !== undefined && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
  if (id === undefined) return <BackendNotFoundPage />;
  return (
    <RequirePermission name="nav.orders">
      <OrderEditFrame id={id} />
    </RequirePermission>
  );
}

function OrderEditFrame({ id }: { id: number }) {
  const { t } = useTranslation('orders');
  // The same query the page shows (shared cache): the title carries the order number once known.
  const order = useOrder(id);
  return (
    <PageFrame title={order.data ? t('edit.title', { number: order.data.number }) : t('edit.titleLoading')}>
      <OrderEdit id={id} />
    </PageFrame>
  );
}
