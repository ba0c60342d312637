import { lazy, Suspense, useEffect, useMemo } from 'react';
import { setApiLanguage, shopApi } from './api';
import { createFormats } from './format';
import { createT, isShopLanguage, SHOP_LANGUAGES, type ShopLanguage } from './i18n';
import { ShopLayout } from './layout';
import { ListPage } from './list/list-page';
import { matchRoute, navigate, setNavigationRedirect, teamBase, useLocation, type Route } from './router';
import { ShopContext, useShop, type ShopContextValue } from './shop-context';
import { LoadError, Loading } from './ui/states';
import { useFetch } from './use-fetch';
import { WaitinglistRemovedPage } from './waitinglist-removed-page';
import { ActivityPage } from './activity/activity-page';
import { adoptHandover, embedRedirect, embedSettings, type EmbedSettings } from './embed/embed-frame';

// The checkout is the biggest page and comes last in a visit: it loads when it is needed.
const CheckoutPage = lazy(() => import('./checkout/checkout-page').then((m) => ({ default: m.CheckoutPage })));

// Pages reached after the first view (the order after a checkout, the test payment, an embed's
// hand-over to a new tab): their own chunks, so the list and activity pages a visitor lands on
// load less (the shop's budget is 100 KB gzip).
const OrderPage = lazy(() => import('./order/order-page').then((m) => ({ default: m.OrderPage })));
const TestPaymentPage = lazy(() => import('./test-payment-page').then((m) => ({ default: m.TestPaymentPage })));
const TabCheckout = lazy(() => import('./embed/tab-checkout').then((m) => ({ default: m.TabCheckout })));

// Customer accounts and waiting-list offers are visited rarely: their own chunks.
const AccountPage = lazy(() => import('./account/account-page').then((m) => ({ default: m.AccountPage })));
const AccountLinkPage = lazy(() => import('./account/account-page').then((m) => ({ default: m.AccountLinkPage })));
const WaitinglistOfferPage = lazy(() => import('./waitinglist/offer-page').then((m) => ({ default: m.WaitinglistOfferPage })));
// Memberships and passes (CONTRACT §5): their own chunk with their own texts.
const SubscriptionsPage = lazy(() => import('./subscriptions/subscriptions-page').then((m) => ({ default: m.SubscriptionsPage })));
const WaitinglistRemovePage = lazy(() => import('./waitinglist/remove-page').then((m) => ({ default: m.WaitinglistRemovePage })));

type TeamRoute = Extract<Route, { team: string }>;

// Inside an embed, links to the shop's own pages stay in the embed (a no-op on shop pages);
// a checkout opened from an embed in a new tab takes over the seats held there.
setNavigationRedirect(embedRedirect);
adoptHandover();

/** The shop: which page the address names, under the team it names. */
export function ShopApp() {
  const { pathname } = useLocation();
  const route = matchRoute(pathname);
  if ('team' in route) return <TeamShop route={route} />;
  const lang: ShopLanguage = isShopLanguage(route.lang) ? route.lang : 'de';
  return (
    <Frame lang={lang} team={null} base={`/${lang}`} languages={SHOP_LANGUAGES}>
      {route.name === 'waitinglistRemoved' ? <WaitinglistRemovedPage /> : <NotFound />}
    </Frame>
  );
}

function TeamShop({ route }: { route: TeamRoute }) {
  const embed = useMemo<EmbedSettings | null>(() => (route.embed ? embedSettings() : null), [route.embed]);
  const team = useFetch(`team:${route.team}`, (signal) => shopApi.team(route.team, signal));
  const urlLang = isShopLanguage(route.lang) ? route.lang : null;
  const languages = team.data?.languages.filter(isShopLanguage) ?? [];
  const lang: ShopLanguage = urlLang && (!team.data || languages.includes(urlLang)) ? urlLang : (languages[0] ?? urlLang ?? 'de');

  // An address in a language the team does not offer opens in the team's first language.
  useEffect(() => {
    if (team.data && lang !== route.lang) {
      const { pathname, search } = window.location;
      navigate(`/${lang}/${pathname.split('/').slice(2).join('/')}${search}`, { replace: true });
    }
  }, [team.data, lang, route.lang]);

  const base = teamBase(lang, route.team, !!route.embed);
  // `/{lang}/embed/{team}/calendar` (embeds only) is the list's calendar view, addressed as the shop does.
  const calendar = route.name === 'list' && route.calendar;
  useEffect(() => {
    if (!calendar) return;
    const search = new URLSearchParams(window.location.search);
    search.set('view', 'calendar');
    navigate(`${base}?${search}`, { replace: true });
  }, [calendar, base]);

  return (
    <Frame lang={lang} team={team.data ?? null} base={base} languages={team.data ? languages : []} embed={embed}>
      {team.data && !calendar ? (
        <Page route={route} embed={embed} />
      ) : team.error ? (
        <LoadError error={team.error} onRetry={team.reload} />
      ) : (
        <Loading />
      )}
    </Frame>
  );
}

function Page({ route, embed }: { route: TeamRoute; embed: EmbedSettings | null }) {
  const { search } = useLocation();
  switch (route.name) {
    case 'list':
      return <ListPage />;
    case 'activity':
      return <ActivityPage id={route.id} />;
    case 'checkout':
      return <Suspense fallback={<Loading />}>{embed?.checkout === 'tab' ? <TabCheckout team={route.team} /> : <CheckoutPage />}</Suspense>;
    case 'order':
      return (
        <Suspense fallback={<Loading />}>
          <OrderPage id={route.id} token={search.get('token') ?? ''} />
        </Suspense>
      );
    case 'testPayment':
      return (
        <Suspense fallback={<Loading />}>
          <TestPaymentPage id={route.id} token={search.get('token') ?? ''} />
        </Suspense>
      );
    case 'account':
      return (
        <Suspense fallback={<Loading />}>
          <AccountPage />
        </Suspense>
      );
    case 'accountLink':
      return (
        <Suspense fallback={<Loading />}>
          <AccountLinkPage token={search.get('token') ?? ''} />
        </Suspense>
      );
    case 'subscriptions':
      return (
        <Suspense fallback={<Loading />}>
          <SubscriptionsPage newTab={embed?.checkout === 'tab'} />
        </Suspense>
      );
    case 'waitinglistOffer':
      return (
        <Suspense fallback={<Loading />}>
          <WaitinglistOfferPage id={route.id} token={search.get('token') ?? ''} />
        </Suspense>
      );
    case 'waitinglistRemove':
      return (
        <Suspense fallback={<Loading />}>
          <WaitinglistRemovePage id={route.id} token={search.get('token') ?? ''} />
        </Suspense>
      );
  }
}

function Frame({
  lang,
  team,
  base,
  languages,
  embed = null,
  children,
}: Omit<ShopContextValue, 't' | 'fmt'> & { languages: readonly ShopLanguage[]; embed?: EmbedSettings | null; children: React.ReactNode }) {
  // Messages of the API come back in the page's language; set before any child loads.
  setApiLanguage(lang);
  const value = useMemo<ShopContextValue>(
    () => ({
      lang,
      team,
      base,
      t: createT(lang),
      fmt: createFormats(lang, team?.country ?? 'CH', team?.time_zone ?? 'Europe/Zurich'),
    }),
    [lang, team, base],
  );
  return (
    <ShopContext value={value}>
      <ShopLayout languages={languages} embed={embed}>
        {children}
      </ShopLayout>
    </ShopContext>
  );
}

function NotFound() {
  const { t } = useShop();
  return <h1>{t('common.notFound')}</h1>;
}
