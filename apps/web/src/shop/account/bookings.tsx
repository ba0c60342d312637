import type { MyBooking } from '@bookla/shared/customer-accounts';
import { useCallback, useEffect, useState } from 'react';
import { orderDocumentUrl } from '../api';
import { statusLabelKey } from '../order/status';
import { Link } from '../router';
import { useShop } from '../shop-context';
import { LoadError, Loading, Notice } from '../ui/states';
import type { AccountApi } from './account-api';
import { CancelBooking } from './cancel-booking';
import { BookAgain } from './order-cancellation';
import './texts';

const TONE: Record<string, string> = {
  'status.paid': 'ok',
  'status.free': 'ok',
  'status.unpaid': 'warning',
  'status.declined': 'danger',
};

interface State {
  items: MyBooking[];
  page: number;
  lastPage: number;
  loading: boolean;
  error: unknown;
}

/** "My bookings": the customer's orders in this shop, newest first, ten at a time. */
export function Bookings({ api }: { api: AccountApi }) {
  const { t } = useShop();
  const [state, setState] = useState<State>({ items: [], page: 0, lastPage: 1, loading: true, error: null });
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(
    (page: number, signal?: AbortSignal) => {
      setState((s) => ({ ...s, loading: true, error: null }));
      api.bookings(page, signal).then(
        (reply) => {
          if (signal?.aborted) return;
          setState((s) => ({
            items: page === 1 ? reply.data : [...s.items, ...reply.data.filter((b) => !s.items.some((x) => x.id === b.id))],
            page,
            lastPage: reply.meta.last_page,
            loading: false,
            error: null,
          }));
        },
        (error: unknown) => {
          if (!signal?.aborted) setState((s) => ({ ...s, loading: false, error }));
        },
      );
    },
    [api],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(1, controller.signal);
    return () => controller.abort();
  }, [load]);

  return (
    <section aria-labelledby="bookings-heading">
      <h2 id="bookings-heading">{t('account.bookings.title')}</h2>
      {notice && (
        <div role="status">
          <Notice tone="success" title={notice} />
        </div>
      )}
      {state.error !== null && state.items.length === 0 ? (
        <LoadError error={state.error} onRetry={() => load(1)} />
      ) : state.page === 0 ? (
        <Loading lines={4} />
      ) : state.items.length === 0 ? (
        <p className="muted">{t('account.bookings.empty')}</p>
      ) : (
        <ul className="plain-list">
          {state.items.map((b) => (
            <BookingItem
              key={b.id}
              booking={b}
              api={api}
              onCancelled={(message) => {
                setNotice(message);
                load(1);
              }}
            />
          ))}
        </ul>
      )}
      {state.page > 0 && state.page < state.lastPage && (
        <button type="button" className="button button-secondary" disabled={state.loading} onClick={() => load(state.page + 1)}>
          {state.loading ? t('common.loading') : t('account.bookings.more')}
        </button>
      )}
    </section>
  );
}

function BookingItem({ booking: b, api, onCancelled }: { booking: MyBooking; api: AccountApi; onCancelled(message: string): void }) {
  const { t, fmt, base } = useShop();
  const key = statusLabelKey(b.payment_status, b.paid_at);
  const label = key.startsWith('status.') ? t(`order.${key}`) : key;
  const headingId = `booking-${b.id}`;
  const q = b.cancellation;
  return (
    <li className="panel" aria-labelledby={headingId}>
      <div className="page-head">
        <h3 id={headingId}>
          <Link to={`${base}/order/${b.public_id}?token=${encodeURIComponent(b.token)}`}>
            {t('account.bookings.order', { number: b.number })}
          </Link>
        </h3>
        <span className={`badge badge-${TONE[key] ?? 'muted'}`}>{label}</span>
      </div>
      <p className="muted small">
        {t('account.bookings.placed', { date: fmt.date(b.created_at) })} · {fmt.money(b.total, b.currency)} ·{' '}
        {t('account.bookings.participants', { count: b.participants })}
      </p>
      <ul className="plain-list">
        {b.activities.map((a, i) => (
          <li key={i}>
            <strong>{a.name}</strong>
            {a.starts_at && <span className="muted"> · {fmt.dateTime(a.starts_at)}</span>}
          </li>
        ))}
      </ul>
      <div className="downloads">
        {b.tickets_available && (
          <a className="button button-secondary" href={orderDocumentUrl(b.public_id, b.token, 'tickets.pdf')} download>
            {t('order.tickets')}
          </a>
        )}
        {b.invoice_available && (
          <a className="button button-secondary" href={orderDocumentUrl(b.public_id, b.token, 'invoice.pdf')} download>
            {t('order.invoice')}
          </a>
        )}
        {q.allowed && (
          <CancelBooking
            number={b.number}
            quote={q}
            confirm={(expect) => api.cancel(b.id, { expect })}
            onDone={(reply) => onCancelled(reply.message)}
          />
        )}
      </div>
      {!q.allowed && q.reason !== 'ended' && <p className="muted small">{q.message}</p>}
      {q.allowed && <p className="small">{q.message}</p>}
      <BookAgain status={b.payment_status} activities={b.activities} />
    </li>
  );
}
