import type { PublicOrder as Order } from '@bookla/shared/selling';
import { useState, type ReactNode } from 'react';
import { Link } from '../router';
import { useShop } from '../shop-context';
import { Notice } from '../ui/states';
import { useFetch } from '../use-fetch';
import { orderCancellationApi } from './account-api';
import { CancelBooking } from './cancel-booking';
import { isStaleLink } from '../order/stale-link';
import './texts';

/**
 * The order page's cancellation within the activity's policy (the order link's token is the key).
 * Where the activity offers no self-service (or the quote cannot be loaded) the page's own offer
 * (`fallback`: cancelling an unpaid invoice) stays; an ended order shows nothing here.
 */
export function OrderCancellation({
  order,
  token,
  fallback,
  onCancelled,
  onStale,
}: {
  order: Order;
  token: string;
  fallback?: ReactNode;
  onCancelled(): void;
  /** A cancellation refused because the link is past its change window (403 LINK_STALE). */
  onStale?(): void;
}) {
  const { t } = useShop();
  const quote = useFetch(
    `cancel-quote:${order.id}:${token}:${order.payment_status}`,
    (signal) => orderCancellationApi.quote(order.id, token, signal),
    { cache: false },
  );
  const [done, setDone] = useState<string | null>(null);
  if (done) return <Notice tone="success" title={done} />;
  const q = quote.data;
  if (!q) return quote.loading ? null : (fallback ?? null);
  if (q.reason === 'not_offered') return fallback ?? null;
  if (q.reason === 'ended') return null;
  return (
    <section aria-labelledby="self-cancel-heading" className="panel">
      <h2 id="self-cancel-heading">{t('account.cancel.heading')}</h2>
      <p className={q.allowed ? undefined : 'muted'}>{q.message}</p>
      {q.allowed && (
        <CancelBooking
          number={order.number}
          quote={q}
          confirm={(expect) =>
            orderCancellationApi.cancel(order.id, token, { expect }).catch((err: unknown) => {
              if (isStaleLink(err)) onStale?.();
              throw err;
            })
          }
          onDone={(reply) => {
            setDone(reply.message);
            onCancelled();
          }}
        />
      )}
    </section>
  );
}

const ENDED = new Set(['cancelled', 'expired', 'declined', 'error', 'refunded']);

/** "Book again" for an ended booking: a link to each activity it was for. */
export function BookAgain({ status, activities }: { status: string; activities: readonly { id: number | null; name: string }[] }) {
  const { t, base } = useShop();
  if (!ENDED.has(status)) return null;
  const seen = new Set<number>();
  const links = activities.filter((a): a is { id: number; name: string } => a.id !== null && !seen.has(a.id) && !!seen.add(a.id));
  if (!links.length) return null;
  return (
    <ul className="plain-list book-again">
      {links.map((a) => (
        <li key={a.id}>
          <Link to={`${base}/activity/${a.id}`}>{t('account.bookAgain', { name: a.name })}</Link>
        </li>
      ))}
    </ul>
  );
}
