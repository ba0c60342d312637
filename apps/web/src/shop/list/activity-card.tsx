import type { PublicActivity } from '@bookla/shared/catalogue-tickets';
import { availabilityOf, cardPrices, type Availability, type PriceRange } from '../availability';
import type { T } from '../i18n';
import { Link } from '../router';
import { useShop } from '../shop-context';
import { useIncludedBadge } from './included-slot';

/** The list variant of a header image is 480 px wide; 16:9 boxes keep every card the same height. */
const IMAGE = { width: 480, height: 270 };

export function AvailabilityBadge({ availability, t, date }: { availability: Availability; t: T; date: (iso: string) => string }) {
  switch (availability.kind) {
    case 'few':
      return <span className="badge badge-warning">{t('availability.few', { count: availability.left })}</span>;
    case 'soldOut':
      return <span className="badge badge-muted">{t('availability.soldOut')}</span>;
    case 'waitingList':
      return <span className="badge badge-muted">{t('availability.waitingList')}</span>;
    case 'opensLater':
      return <span className="badge">{t('availability.opensLater', { date: date(availability.at) })}</span>;
    case 'none':
      return <span className="badge badge-muted">{t('availability.notOnSale')}</span>;
    case 'open':
      return <span className="badge badge-ok">{t('availability.open')}</span>;
  }
}

/** "Free", "CHF 240.00", "CHF 180.00 – 240.00", or with `from`: "from CHF 30.00" for a range. */
function priceText(r: PriceRange, t: T, money: (n: number, currency: string) => string, from = false): string {
  if (r.max === 0) return t('price.free');
  if (r.min === r.max) return money(r.min, r.currency);
  return from
    ? t('price.from', { price: money(r.min, r.currency) })
    : t('price.range', { min: money(r.min, r.currency), max: money(r.max, r.currency) });
}

export function ActivityCard({
  activity,
  headingLevel = 2,
  eager = false,
}: {
  activity: PublicActivity;
  headingLevel?: 2 | 3;
  /** The first cards are on screen at once (the list's largest paint): their images load at once. */
  eager?: boolean;
}) {
  const { t, fmt, base } = useShop();
  const included = useIncludedBadge();
  const prices = cardPrices(activity);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const href = `${base}/activity/${activity.id}`;
  return (
    <article className="card">
      {activity.header_image ? (
        <img
          className="card-image"
          src={activity.header_image.list_url}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          {...IMAGE}
        />
      ) : (
        <div className="card-image card-image-empty" aria-hidden="true" />
      )}
      <div className="card-body">
        <p className="eyebrow">{activity.type_set.name}</p>
        <Heading className="card-title">
          <Link to={href}>{activity.name}</Link>
        </Heading>
        <dl className="facts">
          {activity.next_session_at && (
            <div>
              <dt>{t('list.nextDate')}</dt>
              <dd>{fmt.dateTime(activity.next_session_at)}</dd>
            </div>
          )}
          {activity.location && (
            <div>
              <dt>{t('list.location')}</dt>
              <dd>{[activity.location.name, activity.location.city].filter(Boolean).join(', ')}</dd>
            </div>
          )}
        </dl>
        {included?.(activity)}
        <div className="card-foot">
          {prices.main && (
            <span className="price">
              {priceText(prices.main, t, fmt.money)}
              {prices.dropIn && (
                <span className="muted small price-note">{t('price.dropIn', { price: priceText(prices.dropIn, t, fmt.money, true) })}</span>
              )}
            </span>
          )}
          <AvailabilityBadge availability={availabilityOf(activity)} t={t} date={fmt.date} />
        </div>
      </div>
    </article>
  );
}

export function CardSkeletons({ count = 3 }: { count?: number }) {
  const { t } = useShop();
  return (
    <>
      {/* Holds the place of the list's count line, so the cards do not move when it appears. */}
      <p className="muted" aria-hidden="true">
        &nbsp;
      </p>
      <div className="cards" role="status">
        <span className="visually-hidden">{t('common.loading')}</span>
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="card" aria-hidden="true">
            <div className="card-image skeleton" />
            <div className="card-body">
              <div className="skeleton skeleton-line short" />
              <div className="skeleton skeleton-line" />
              <div className="skeleton skeleton-line" />
            </div>
          </div>
        ))}
      </div>
    </>
  );
}
