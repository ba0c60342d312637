import { ErrorCodes } from '@bookla/shared/errors';
import type { PublicActivity } from '@bookla/shared/catalogue-tickets';
import { minorToDecimal } from '@bookla/shared/money';
import { useState } from 'react';
import { ApiError } from '../api';
import { reserve } from '../reservation';
import { navigate } from '../router';
import { useTeamShop } from '../shop-context';
import { Stepper } from '../ui/stepper';

type Ticket = PublicActivity['tickets'][number];
/** Most seats one order may take of a ticket (the reservation body's limit). */
const ORDER_MAX = 100;

interface Group {
  key: string;
  title: string;
  hint?: string;
  tickets: Ticket[];
}

/** Whole-activity tickets first (a course is booked as a whole), then each date's own tickets. */
export function groupTickets(a: PublicActivity, t: (k: string) => string, when: (iso: string) => string): Group[] {
  const groups: Group[] = [];
  const whole = a.tickets.filter((x) => x.session_id === null);
  if (whole.length)
    groups.push({
      key: 'whole',
      title: a.kind === 'course' ? t('activity.wholeCourse') : t('activity.anyDate'),
      hint: a.kind === 'course' ? t('activity.wholeCourseHint') : undefined,
      tickets: whole,
    });
  for (const s of a.sessions) {
    const own = a.tickets.filter((x) => x.session_id === s.id);
    if (own.length)
      groups.push({
        key: `s${s.id}`,
        title: when(s.starts_at),
        hint: a.kind === 'course' ? t('activity.dropIn') : undefined,
        tickets: own,
      });
  }
  return groups;
}

export const ticketMax = (x: Ticket) => Math.max(0, Math.min(x.max_per_order ?? ORDER_MAX, x.stock_available, ORDER_MAX));

interface Problem {
  ticketIds: number[];
  text: string;
}

export function TicketPicker({ activity: a, onStale }: { activity: PublicActivity; onStale(): void }) {
  const { t, fmt, team, base } = useTeamShop();
  const [chosen, setChosen] = useState<Record<number, number>>({});
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const groups = groupTickets(a, t, fmt.dateTime);
  const opensLater = a.booking_opens_at && new Date(a.booking_opens_at) > new Date() ? a.booking_opens_at : null;
  const quantity = (x: Ticket) => Math.min(chosen[x.id] ?? 0, ticketMax(x));
  const selected = a.tickets.filter((x) => quantity(x) > 0);
  const currency = a.tickets[0]?.currency ?? team.currency;
  const totalMinor = selected.reduce((sum, x) => sum + x.price_minor * quantity(x), 0);

  const problemText = (e: ApiError) => {
    if (e.body.code === ErrorCodes.OFF_SALE) return t('activity.offSale');
    if (e.body.code === ErrorCodes.SOLD_OUT)
      return e.body.available ? t('activity.onlyLeft', { count: e.body.available }) : t('availability.soldOut');
    return e.body.message ?? t('common.failed');
  };

  const book = async () => {
    setSending(true);
    setProblem(null);
    try {
      await reserve(
        team.id,
        a.id,
        selected.map((x) => ({ ticket_id: x.id, quantity: quantity(x) })),
      );
      navigate(`${base}/checkout`);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        const named = (e.body as { ticket_id?: unknown }).ticket_id;
        setProblem({ ticketIds: typeof named === 'number' ? [named] : selected.map((x) => x.id), text: problemText(e) });
        onStale();
      } else setProblem({ ticketIds: [], text: e instanceof ApiError && e.body.message ? e.body.message : t('common.failed') });
      setSending(false);
    }
  };

  if (!a.tickets.length)
    return (
      <section aria-labelledby="tickets" className="tickets">
        <h2 id="tickets">{t('activity.tickets')}</h2>
        <p className="muted">{a.waiting_list ? t('activity.noTicketsWaitingList') : t('activity.noTickets')}</p>
      </section>
    );

  return (
    <section aria-labelledby="tickets" className="tickets">
      <h2 id="tickets">{t('activity.tickets')}</h2>
      {opensLater && <p className="notice notice-info">{t('availability.opensLater', { date: fmt.dateTime(opensLater) })}</p>}
      {groups.map((g) => (
        <div key={g.key} className="ticket-group">
          <h3>{g.title}</h3>
          {g.hint && <p className="muted small">{g.hint}</p>}
          <ul className="ticket-list">
            {g.tickets.map((x) => {
              const max = ticketMax(x);
              const min = Math.max(1, x.min_per_order);
              const failed = problem?.ticketIds.includes(x.id) ? problem.text : null;
              return (
                <li key={x.id} className="ticket">
                  <div className="ticket-info">
                    <span className="ticket-name" id={`ticket-${x.id}`}>
                      {x.name}
                    </span>
                    {x.description && <span className="muted small">{x.description}</span>}
                    <span>
                      <strong className="price">{x.price === 0 ? t('price.free') : fmt.money(x.price, x.currency)}</strong>
                      {team.charges_vat && x.tax_rate > 0 && x.price > 0 && (
                        <span className="muted small"> {t('price.vatIncluded', { rate: fmt.percent(x.tax_rate) })}</span>
                      )}
                    </span>
                    {x.stock_available <= 0 ? (
                      <span className="badge badge-muted">
                        {a.waiting_list ? t('availability.waitingList') : t('availability.soldOut')}
                      </span>
                    ) : x.stock_available <= 5 ? (
                      <span className="badge badge-warning">{t('availability.few', { count: x.stock_available })}</span>
                    ) : null}
                    {x.sale_end && <span className="muted small">{t('activity.saleEnds', { date: fmt.dateTime(x.sale_end) })}</span>}
                    {x.min_per_order > 1 && <span className="muted small">{t('activity.minimum', { count: x.min_per_order })}</span>}
                    {failed && (
                      <span className="error" role="alert">
                        {failed}
                      </span>
                    )}
                  </div>
                  <Stepper
                    value={quantity(x)}
                    min={min}
                    max={max}
                    label={t('activity.quantityOf', { name: x.name })}
                    lessLabel={t('activity.less', { name: x.name })}
                    moreLabel={t('activity.more', { name: x.name })}
                    disabled={!!opensLater || sending || max < min}
                    onChange={(n) => {
                      setProblem(null);
                      setChosen((c) => ({ ...c, [x.id]: n }));
                    }}
                  />
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      {a.products.length > 0 && (
        <div className="ticket-group">
          <h3>{t('activity.products')}</h3>
          <p className="muted small">{t('activity.productsHint')}</p>
          <ul className="plain-list">
            {a.products.map((p) => (
              <li key={p.id}>
                {p.name} · {fmt.money(p.price, p.currency)}
                {p.description && <span className="muted small"> — {p.description}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="book-bar">
        <span>
          {t('activity.total')} <strong>{fmt.money(minorToDecimal(totalMinor, currency), currency)}</strong>
        </span>
        <button type="button" className="button" disabled={!selected.length || sending} aria-busy={sending || undefined} onClick={book}>
          {sending ? t('common.sending') : t('activity.book')}
        </button>
      </div>
      {problem && !problem.ticketIds.length && (
        <p className="error" role="alert">
          {problem.text}
        </p>
      )}
    </section>
  );
}
