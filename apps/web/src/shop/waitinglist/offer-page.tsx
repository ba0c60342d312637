import type { WaitingListOffer } from '@bookla/shared/waiting-list';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../api';
import { useSecondsLeft } from '../checkout/countdown';
import { saveReservation } from '../reservation';
import { Link, navigate } from '../router';
import { useTeamShop } from '../shop-context';
import { Dialog } from '../ui/dialog';
import { LoadError, Loading, Notice } from '../ui/states';
import { useFetch } from '../use-fetch';
import { useTitle } from '../use-title';
import { waitinglistApi } from './waitinglist-api';
import { prefillCustomer } from '../checkout/model';

/** `h:mm:ss` (or `d h:mm:ss` beyond a day): what is left of the offer. */
export function clockOf(seconds: number): string {
  const s = Math.max(0, seconds);
  const two = (n: number) => String(n).padStart(2, '0');
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const time = `${hours}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  return days ? `${days}d ${time}` : time;
}

/**
 * `/{lang}/shop/{team}/waitinglist/{id}?token=…`: the offer of the waiting list's mail. It shows
 * the held seats and how long they stay held (a countdown), and "book now" takes them into the
 * checkout (the offer's reservation); "decline" gives them to the next person at once. Once
 * the offer is over (booked, expired, declined) it says so.
 */
export function WaitinglistOfferPage({ id, token }: { id: number; token: string }) {
  const { t, team, lang } = useTeamShop();
  useTitle(t('waitinglist.offer.title'), team.name);
  const [changed, setChanged] = useState<WaitingListOffer | null>(null);
  const offer = useFetch(
    token ? `waitinglist-offer:${team.id}:${id}:${token}:${lang}` : null,
    (signal) => waitinglistApi.offer(team.id, id, token, lang, signal),
    { cache: false },
  );
  if (!token || (offer.error instanceof ApiError && offer.error.status === 404))
    return (
      <section>
        <h1>{t('waitinglist.offer.title')}</h1>
        <Notice tone="error" title={t('waitinglist.offer.invalid')} />
      </section>
    );
  const data = changed ?? offer.data;
  if (offer.error && !data) return <LoadError error={offer.error} onRetry={offer.reload} />;
  if (!data) return <Loading lines={5} />;
  return <Offer offer={data} token={token} onChanged={setChanged} onStale={offer.reload} />;
}

function Offer({
  offer,
  token,
  onChanged,
  onStale,
}: {
  offer: WaitingListOffer;
  token: string;
  onChanged(o: WaitingListOffer): void;
  onStale(): void;
}) {
  const { t, fmt, team, base } = useTeamShop();
  const left = useSecondsLeft(offer.offer_expires_at ?? new Date(0).toISOString());
  const [busy, setBusy] = useState<'book' | 'decline' | null>(null);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const open = offer.status === 'offered' && !!offer.offer_expires_at && left > 0;

  useEffect(() => {
    if (offer.status !== 'offered') headingRef.current?.focus();
  }, [offer.status]);

  const failed = (err: unknown) => {
    setBusy(null);
    if (err instanceof ApiError && err.status === 409) onStale();
    setFailure(err instanceof ApiError ? (err.body.message ?? t('common.failed')) : t('common.offline'));
  };

  const book = async () => {
    setBusy('book');
    setFailure(null);
    try {
      const held = await waitinglistApi.claim(team.id, offer.id, token);
      saveReservation({ ...held, team_id: team.id, activity_id: offer.activity_id, waitinglist_entry: offer.id });
      prefillCustomer(team.id, { firstname: offer.firstname, lastname: offer.lastname, email: offer.email });
      navigate(`${base}/checkout`);
    } catch (err) {
      failed(err);
    }
  };

  const decline = async () => {
    setAsking(false);
    setBusy('decline');
    setFailure(null);
    try {
      onChanged(await waitinglistApi.decline(team.id, offer.id, token));
      setBusy(null);
    } catch (err) {
      failed(err);
    }
  };

  const what = (
    <p className="lead">
      <strong>{offer.activity_name}</strong>
      {offer.session_starts_at && <> · {fmt.dateTime(offer.session_starts_at)}</>}
    </p>
  );

  if (!open) {
    const state = offer.status === 'offered' ? 'expired' : offer.status;
    const known = state === 'booked' || state === 'expired' || state === 'removed';
    return (
      <section>
        <h1 ref={headingRef} tabIndex={-1}>
          {t(`waitinglist.offer.${known ? state : 'expired'}Title`)}
        </h1>
        {what}
        <p>{t(`waitinglist.offer.${known ? state : 'expired'}Text`)}</p>
        <p>
          <Link to={`${base}/activity/${offer.activity_id}`}>{t('waitinglist.offer.toActivity')}</Link>
        </p>
      </section>
    );
  }

  return (
    <section aria-labelledby="offer-title">
      <h1 id="offer-title">{t('waitinglist.offer.title')}</h1>
      <p>{t('waitinglist.offer.intro', { name: offer.firstname })}</p>
      {what}
      <div className={left < 3600 ? 'countdown countdown-urgent' : 'countdown'}>
        <span aria-hidden="true">
          {t('waitinglist.offer.heldFor')} <strong className="clock">{clockOf(left)}</strong>
        </span>
        <span className="visually-hidden">{t('waitinglist.offer.until', { time: fmt.dateTime(offer.offer_expires_at!) })}</span>
      </div>
      <p className="muted small" aria-hidden="true">
        {t('waitinglist.offer.until', { time: fmt.dateTime(offer.offer_expires_at!) })}
      </p>
      <dl className="totals" aria-label={t('waitinglist.offer.seats')}>
        {offer.items.map((i) => (
          <div key={i.ticket_id}>
            <dt>{t('waitinglist.offer.line', { count: i.quantity, name: i.name })}</dt>
            <dd>{fmt.money(i.total, offer.currency)}</dd>
          </div>
        ))}
        <div className="total">
          <dt>{t('waitinglist.offer.total')}</dt>
          <dd>{fmt.money(offer.total, offer.currency)}</dd>
        </div>
      </dl>
      <p>{t('waitinglist.offer.rule')}</p>
      <div className="actions">
        <button type="button" className="button" onClick={book} disabled={busy !== null} aria-busy={busy === 'book' || undefined}>
          {busy === 'book' ? t('common.sending') : t('waitinglist.offer.book')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => setAsking(true)} disabled={busy !== null}>
          {t('waitinglist.offer.decline')}
        </button>
      </div>
      {failure && (
        <p className="error" role="alert">
          {failure}
        </p>
      )}
      {asking && (
        <Dialog
          title={t('waitinglist.offer.declineTitle')}
          actions={
            <>
              <button type="button" className="button button-secondary" onClick={() => setAsking(false)}>
                {t('waitinglist.offer.keep')}
              </button>
              <button type="button" className="button" onClick={decline}>
                {t('waitinglist.offer.declineConfirm')}
              </button>
            </>
          }
        >
          <p>{t('waitinglist.offer.declineText')}</p>
        </Dialog>
      )}
    </section>
  );
}
