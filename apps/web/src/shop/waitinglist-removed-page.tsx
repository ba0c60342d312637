import { useShop } from './shop-context';
import { useTitle } from './use-title';

/** `/{lang}/waitinglist/remove/success`: the end of the removal link in a waiting-list mail. */
export function WaitinglistRemovedPage() {
  const { t } = useShop();
  useTitle(t('waitinglistRemoved.title'));
  return (
    <section className="centered">
      <h1>{t('waitinglistRemoved.title')}</h1>
      <p className="lead">{t('waitinglistRemoved.text')}</p>
    </section>
  );
}
