import { lazy, Suspense, useState, type ReactNode } from 'react';
import { SHOP_LIST_PER_PAGE } from '@bookla/shared/shop-preload';
import type { ActivityPage } from '../types';
import { shopApi, type ActivityQuery } from '../api';
import { navigate, useLocation } from '../router';
import { useTeamShop } from '../shop-context';
import { LoadError, Notice } from '../ui/states';
import { useFetch } from '../use-fetch';
import { useTitle } from '../use-title';
import { ActivityCard, CardSkeletons } from './activity-card';
import { ATTR_PARAM, Filters, useFilterOptions, type FilterValues } from './filters';
import { MonthCalendar } from './month-calendar';

// Shown only when the team sells memberships or passes: its own chunk (the shop's first bundle has no room).
const SubscriptionsLink = lazy(() => import('../subscriptions/subscriptions-link').then((m) => ({ default: m.SubscriptionsLink })));

export const PER_PAGE = SHOP_LIST_PER_PAGE;
const positiveId = (v: string | null) => (v && /^\d{1,10}$/.test(v) ? v : '');
const isoDay = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '');

/** `/{lang}/shop/{team}`: the published activities as a list or a month calendar; filters live in the address. */
export function ListPage() {
  const { t, team } = useTeamShop();
  const { pathname, search } = useLocation();
  useTitle(t('list.title'), team.name);
  const view = search.get('view') === 'calendar' ? 'calendar' : 'list';
  const values: FilterValues = {
    type: positiveId(search.get('type')),
    location: positiveId(search.get('location')),
    from: isoDay(search.get('from')),
    to: isoDay(search.get('to')),
    attr: {},
  };
  for (const [key, value] of search) {
    const id = ATTR_PARAM.exec(key)?.[1];
    if (id && value) values.attr[id] = value.slice(0, 200);
  }
  const attr = Object.keys(values.attr).length ? values.attr : undefined;
  // Filters show only the choices there are, so they appear together with the list (placeholders
  // until both have loaded): appearing later, they would push the cards down.
  const options = useFilterOptions();
  const optionsReady = options.data !== undefined || options.error !== undefined;

  const setQuery = (patch: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    const q = next.toString();
    navigate(`${pathname}${q ? `?${q}` : ''}`, { replace: true });
  };

  const filters = optionsReady ? <Filters options={options.data} values={values} dates={view === 'list'} onChange={setQuery} /> : null;

  return (
    <section>
      <div className="page-head">
        <h1>{t('list.title')}</h1>
        <div className="segmented" role="group" aria-label={t('list.view')}>
          <button type="button" aria-pressed={view === 'list'} onClick={() => setQuery({ view: '' })}>
            {t('list.asList')}
          </button>
          <button type="button" aria-pressed={view === 'calendar'} onClick={() => setQuery({ view: 'calendar' })}>
            {t('list.asCalendar')}
          </button>
        </div>
      </div>
      <Suspense>
        <SubscriptionsLink />
      </Suspense>
      {view !== 'list' && filters}
      {view === 'list' ? (
        <ActivityList
          filters={filters}
          query={{
            type_set_id: Number(values.type) || undefined,
            location_id: Number(values.location) || undefined,
            from: values.from || undefined,
            to: values.to || undefined,
            attr,
          }}
          filtered={!!(values.type || values.location || values.from || values.to || attr)}
          ready={optionsReady}
        />
      ) : (
        <MonthCalendar
          query={{ type_set_id: Number(values.type) || undefined, location_id: Number(values.location) || undefined, attr }}
          month={search.get('month')}
          day={isoDay(search.get('day'))}
          onChange={(patch) => setQuery(patch)}
        />
      )}
    </section>
  );
}

/**
 * The list with its filters above it. The filters first appear in the same frame as the cards
 * (not over the placeholders, which they would push down the page when their answer comes first),
 * and stay while another filter's list loads.
 */
function ActivityList({
  query,
  filtered,
  ready,
  filters,
}: {
  query: ActivityQuery;
  filtered: boolean;
  ready: boolean;
  filters: ReactNode;
}) {
  const { t, team, lang } = useTeamShop();
  const full = { ...query, lang, perPage: PER_PAGE };
  const key = `activities:${team.id}:${JSON.stringify(full)}`;
  const first = useFetch(key, (signal) => shopApi.activities(team.id, { ...full, page: 1 }, signal));
  // Pages after the first, for this query only ("more" appends; a new filter starts over).
  const [more, setMore] = useState<{ key: string; pages: ActivityPage[]; loading: boolean; failed: boolean }>({
    key: '',
    pages: [],
    loading: false,
    failed: false,
  });
  const extra = more.key === key ? more : { key, pages: [], loading: false, failed: false };

  // Once the list has been on screen, its filters stay while another filter's list loads.
  const [shown, setShown] = useState(false);
  if (first.data && ready && !shown) setShown(true);
  if (first.error)
    return (
      <>
        {filters}
        <LoadError error={first.error} onRetry={first.reload} />
      </>
    );
  if (!first.data || !ready)
    return (
      <>
        {shown && filters}
        <CardSkeletons />
      </>
    );
  const pages = [first.data, ...extra.pages];
  const items = pages.flatMap((p) => p.data);
  const last = pages[pages.length - 1]!;
  const total = first.data.meta.total;

  const loadMore = () => {
    const before = extra.pages;
    setMore({ key, pages: before, loading: true, failed: false });
    shopApi.activities(team.id, { ...full, page: last.meta.current_page + 1 }).then(
      (page) => setMore((m) => (m.key === key ? { key, pages: [...before, page], loading: false, failed: false } : m)),
      () => setMore((m) => (m.key === key ? { ...m, loading: false, failed: true } : m)),
    );
  };

  if (!items.length)
    return (
      <>
        {filters}
        <Notice title={filtered ? t('list.emptyFiltered') : t('list.empty')}>
          <p>{filtered ? t('list.emptyFilteredText') : t('list.emptyText')}</p>
        </Notice>
      </>
    );
  return (
    <>
      {filters}
      <p className="muted" role="status">
        {t('list.count', { count: total })}
      </p>
      <div className="cards">
        {items.map((a, i) => (
          <ActivityCard key={a.id} activity={a} eager={i < 2} />
        ))}
      </div>
      {extra.failed && <Notice tone="error" title={t('common.loadFailed')} />}
      {last.meta.current_page < last.meta.last_page && (
        <div className="center">
          <button
            type="button"
            className="button button-secondary"
            onClick={loadMore}
            disabled={extra.loading}
            aria-busy={extra.loading || undefined}
          >
            {extra.loading ? t('common.loading') : t('list.more')}
          </button>
        </div>
      )}
    </>
  );
}
