import type { PublicOrder as Order } from '@bookla/shared/selling';
import { useEffect, useEffectEvent, useState } from 'react';
import { ApiError } from '../api';
import { orderDocumentUrl, shopApi } from '../api';
import { Link } from '../router';
import { useTeamShop } from '../shop-context';
import { Dialog } from '../ui/dialog';
import { LoadError, Loading, Notice } from '../ui/states';
import { useFetch } from '../use-fetch';
import { useTitle } from '../use-title';
import { ONLINE_PAYMENTS, statusLabelKey } from './status';
import { AccountOutcomeNotice } from '../account/account-notice';
import { useConfirmHold } from './confirm-hold';
import { isStaleLink } from './stale-link';
import { BookAgain, OrderCancellation } from '../account/order-cancellation';
import { AddToCalendar, SubscribeLink } from '../calendar/calendar-links';

/** How the page waits for an online payment to be confirmed (tests shorten it). */
export const orderPolling = { intervalMs: 3000, maxMs: 120_000 };

const TONE: Record<string, string> = {
  'status.paid': 'ok',
  'status.free': 'ok',
  'status.unpaid': 'warning',
  'status.declined': 'danger',
  'status.cancelled': 'muted',
  'status.refunded': 'muted',
  'status.partially_refunded': 'muted',
};

/** `/{lang}/shop/{team}/order/{id}?token=…`: the customer's order, its documents and what comes next. */
export function OrderPage({ id, token }: { id: string; token: string }) {
  const { t, team } = useTeamShop();
  const order = useFetch(`order:${id}:${token}`, (signal) => shopApi.order(id, token, signal), { cache: false });
  const data = order.data;
  useConfirmHold(id, token, order.reload);
  useTitle(data ? t('order.title', { number: data.number }) : t('order.titleLoading'), team.name);

  // Back from a payment page the confirmation may still be on its way: ask again for a while.
  const [since] = useState(() => Date.now());
  const [gaveUp, setGaveUp] = useState(false);
  const awaiting = !!data && data.payment_status === 'waiting' && ONLINE_PAYMENTS.has(data.payment_type);
  const poll = useEffectEvent(() => {
    if (Date.now() - since >= orderPolling.maxMs) setGaveUp(true);
    else order.reload();
  });
  useEffect(() => {
    if (!awaiting || gaveUp) return;
    const timer = window.setTimeout(poll, orderPolling.intervalMs);
    return () => window.clearTimeout(timer);
  }, [awaiting, gaveUp, data]);

  if (!data) return order.error ? <LoadError error={order.error} onRetry={order.reload} /> : <Loading lines={6} />;
  return (
    <OrderView
      order={data}
      token={token}
      awaiting={awaiting && !gaveUp}
      gaveUp={awaiting && gaveUp}
      onCancelled={order.reload}
      onRetry={() => {
        setGaveUp(false);
        order.reload();
      }}
    />
  );
}

function OrderView({
  order: o,
  token,
  awaiting,
  gaveUp,
  onRetry,
  onCancelled,
}: {
  order: Order;
  token: string;
  awaiting: boolean;
  gaveUp: boolean;
  onRetry(): void;
  onCancelled(): void;
}) {
  const { t, fmt, base, team } = useTeamShop();
  const key = statusLabelKey(o.payment_status, o.paid_at);
  const label = key.startsWith('status.') ? t(`order.${key}`) : key;
  const m = (n: number) => fmt.money(n, o.currency);
  const ticketsReady = key === 'status.paid' || key === 'status.free' || key === 'status.partially_refunded';
  // Lines of activities have dates: the order's calendar file ("add to calendar"), cancelled ones marked so.
  const hasDates = o.order_items.some((i) => i.activity_id !== null);
  // A change refused as LINK_STALE (the link is past its change window): the fresh link becomes the way on.
  const [stale, setStale] = useState(false);
  return (
    <article className="order">
      <div className="page-head">
        <h1>{t('order.title', { number: o.number })}</h1>
        <span className={`badge badge-${TONE[key] ?? 'muted'} badge-large`} data-testid="order-status">
          {label}
        </span>
      </div>
      <p className="muted">{t('order.placed', { date: fmt.dateTime(o.created_at) })}</p>

      <AccountOutcomeNotice teamId={team.id} orderId={o.id} />
      <NextSteps order={o} statusKey={key} awaiting={awaiting} gaveUp={gaveUp} onRetry={onRetry} />
      <BookAgain status={o.payment_status} activities={o.order_items.map((i) => ({ id: i.activity_id, name: i.activity_name }))} />

      {(ticketsReady || o.payment_type === 'invoice' || o.credit_notes.length > 0 || hasDates) && (
        <div className="downloads">
          {ticketsReady && (
            <a className="button" href={orderDocumentUrl(o.id, token, 'tickets.pdf')} download>
              {t('order.tickets')}
            </a>
          )}
          {o.payment_type === 'invoice' && (
            <a className="button button-secondary" href={orderDocumentUrl(o.id, token, 'invoice.pdf')} download>
              {t('order.invoice')}
            </a>
          )}
          {o.credit_notes.map((c) => (
            <a
              key={c.index}
              className="button button-secondary"
              href={orderDocumentUrl(o.id, token, `credit-notes/${c.index}.pdf`)}
              download
            >
              {t('order.creditNote', { number: c.number })}
            </a>
          ))}
          {hasDates && <AddToCalendar orderId={o.id} token={token} />}
          {hasDates && <SubscribeLink />}
        </div>
      )}

      <section aria-labelledby="items-heading" className="panel">
        <h2 id="items-heading">{t('order.items')}</h2>
        <ul className="plain-list">
          {o.order_items.map((item) => (
            <li key={item.id} className="order-item">
              <div className="line">
                <span>
                  {item.quantity} × {item.name}
                </span>
                <span>{m(item.total)}</span>
              </div>
              {item.participants.length > 0 && (
                <p className="muted small">
                  {t('order.participants')}: {item.participants.map((p) => `${p.firstname} ${p.lastname}`).join(', ')}
                </p>
              )}
              {item.options.map((opt, i) => (
                <div key={i} className="line small">
                  <span>
                    + {opt.quantity} × {opt.name}
                  </span>
                  <span>{m(opt.total)}</span>
                </div>
              ))}
            </li>
          ))}
          {o.options.map((opt, i) => (
            <li key={`o${i}`} className="line">
              <span>
                {opt.quantity} × {opt.name}
              </span>
              <span>{m(opt.total)}</span>
            </li>
          ))}
        </ul>
        <dl className="totals">
          <div>
            <dt>{t('checkout.totals.subtotal')}</dt>
            <dd>{m(o.subtotal)}</dd>
          </div>
          {o.discount_total > 0 && (
            <div>
              <dt>{o.discount_code ? t('order.discountCode', { code: o.discount_code }) : t('checkout.totals.discount')}</dt>
              <dd>−{m(o.discount_total)}</dd>
            </div>
          )}
          <div className="total">
            <dt>{t('checkout.totals.total')}</dt>
            <dd>{m(o.total)}</dd>
          </div>
          {o.taxes
            .filter((x) => x.tax > 0)
            .map((x) => (
              <div key={x.rate} className="muted small">
                <dt>{t('order.vatLine', { rate: fmt.percent(x.rate), gross: m(x.gross) })}</dt>
                <dd>{m(x.tax)}</dd>
              </div>
            ))}
          {o.refunded > 0 && (
            <>
              <div>
                <dt>{t('order.paid')}</dt>
                <dd>{m(o.paid)}</dd>
              </div>
              <div>
                <dt>{t('order.refunded')}</dt>
                <dd>−{m(o.refunded)}</dd>
              </div>
              <div className="total">
                <dt>{t('order.remaining')}</dt>
                <dd>{m(o.remaining)}</dd>
              </div>
            </>
          )}
        </dl>
      </section>

      <section aria-labelledby="customer-heading" className="panel">
        <h2 id="customer-heading">{t('order.customer')}</h2>
        <p>
          {[o.company, `${o.firstname} ${o.lastname}`].filter(Boolean).join(', ')}
          <br />
          {o.email}
        </p>
      </section>
      {/* Cancellation within the activity's policy; without a policy, an unpaid invoice can still be cancelled as before. */}
      <OrderCancellation
        order={o}
        token={token}
        onCancelled={onCancelled}
        onStale={() => setStale(true)}
        fallback={
          o.payment_status === 'waiting' &&
          o.payment_type === 'invoice' && <CancelOrder order={o} token={token} onCancelled={onCancelled} onStale={() => setStale(true)} />
        }
      />
      {o.payment_status !== 'cancelled' && o.payment_status !== 'expired' && <FreshLink order={o} token={token} prominent={stale} />}
      <p>
        <Link to={base}>{t('order.moreActivities')}</Link>
      </p>
    </article>
  );
}

function NextSteps({
  order: o,
  statusKey,
  awaiting,
  gaveUp,
  onRetry,
}: {
  order: Order;
  statusKey: string;
  awaiting: boolean;
  gaveUp: boolean;
  onRetry(): void;
}) {
  const { t, fmt } = useTeamShop();
  if (statusKey === 'status.paid' || statusKey === 'status.free')
    return (
      <Notice tone="success" title={t('order.next.confirmed')}>
        {<p>{t('order.next.paid', { email: o.email })}</p>}
      </Notice>
    );
  if (o.payment_status === 'waiting' && o.payment_type === 'invoice')
    return (
      <Notice tone="info" title={t('order.next.invoiceTitle')}>
        <p>
          {o.invoice_due_at
            ? t('order.next.invoice', { date: fmt.date(o.invoice_due_at), email: o.email })
            : t('order.next.invoiceNoDate', { email: o.email })}
        </p>
      </Notice>
    );
  if (awaiting)
    return (
      <div className="notice notice-info" role="status">
        <p className="notice-title">
          <span className="spinner" aria-hidden="true" /> {t('order.next.awaiting')}
        </p>
      </div>
    );
  if (gaveUp)
    return (
      <Notice tone="warning" title={t('order.next.slow')}>
        <button type="button" className="button button-secondary" onClick={onRetry}>
          {t('order.next.check')}
        </button>
      </Notice>
    );
  if (statusKey === 'status.unpaid') return <Notice tone="warning" title={t('order.next.unpaid')} />;
  if (statusKey === 'status.declined') return <Notice tone="error" title={t('order.next.declined')} />;
  if (statusKey === 'status.cancelled') return <Notice title={t('order.next.cancelled')} />;
  if (statusKey === 'status.partially_refunded')
    return <Notice title={t('order.next.partlyRefunded', { amount: fmt.money(o.refunded, o.currency) })} />;
  if (statusKey === 'status.refunded') return <Notice title={t('order.next.refunded')} />;
  return null;
}

/** An unpaid invoice order can be cancelled by the customer: the seats go back at once. */
function CancelOrder({ order: o, token, onCancelled, onStale }: { order: Order; token: string; onCancelled(): void; onStale(): void }) {
  const { t } = useTeamShop();
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = async () => {
    setSending(true);
    setError(null);
    try {
      await shopApi.cancelOrder(o.id, token);
      setAsking(false);
      onCancelled();
    } catch (err) {
      if (isStaleLink(err)) {
        setAsking(false);
        onStale();
      } else setError(err instanceof ApiError ? err.message : t('order.cancel.failed'));
    } finally {
      setSending(false);
    }
  };
  return (
    <section aria-labelledby="cancel-heading" className="panel">
      <h2 id="cancel-heading">{t('order.cancel.title')}</h2>
      <p className="muted">{t('order.cancel.text')}</p>
      <button type="button" className="button button-secondary" onClick={() => setAsking(true)}>
        {t('order.cancel.action')}
      </button>
      {asking && (
        <Dialog
          title={t('order.cancel.confirmTitle', { number: o.number })}
          actions={
            <>
              <button type="button" className="button button-secondary" onClick={() => setAsking(false)} disabled={sending}>
                {t('order.cancel.keep')}
              </button>
              <button type="button" className="button" onClick={() => void cancel()} disabled={sending}>
                {t('order.cancel.confirm')}
              </button>
            </>
          }
        >
          <p>{t('order.cancel.confirmText')}</p>
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
        </Dialog>
      )}
    </section>
  );
}

/**
 * After the event's start + 30 days the order link only shows the order (issue 20 item 12): a
 * change then needs a fresh, short-lived link, mailed to the order's address on request. Shown as
 * a panel once a change was refused for that reason (`prominent`), otherwise as one small line.
 */
function FreshLink({ order: o, token, prominent }: { order: Order; token: string; prominent: boolean }) {
  const { t } = useTeamShop();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed' | 'tooMany'>('idle');
  const send = async () => {
    setState('sending');
    try {
      await shopApi.freshOrderLink(o.id, token);
      setState('sent');
    } catch (err) {
      setState(err instanceof ApiError && err.status === 429 ? 'tooMany' : 'failed');
    }
  };
  const outcome =
    state === 'sent' ? (
      <p role="status">{t('order.freshLink.sent')}</p>
    ) : state === 'failed' || state === 'tooMany' ? (
      <p className="error" role="alert">
        {t(state === 'tooMany' ? 'order.freshLink.tooMany' : 'order.freshLink.failed')}
      </p>
    ) : null;
  const button = (className: string) =>
    state !== 'sent' && (
      <button type="button" className={className} onClick={() => void send()} disabled={state === 'sending'}>
        {t('order.freshLink.action')}
      </button>
    );
  if (!prominent)
    return (
      <div className="small muted">
        <p>
          {t('order.freshLink.hint')} {button('button-link')}
        </p>
        {outcome}
      </div>
    );
  return (
    <section aria-labelledby="fresh-link-heading" className="panel">
      <h2 id="fresh-link-heading">{t('order.freshLink.title')}</h2>
      <p>{t('order.freshLink.text', { email: o.email })}</p>
      {button('button')}
      {outcome}
    </section>
  );
}
