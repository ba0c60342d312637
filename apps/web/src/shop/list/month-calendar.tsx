import type { PublicActivity } from '@bookla/shared/catalogue-tickets';
import { shopApi, type ActivityQuery } from '../api';
import { localDay, today } from '../format';
import { useTeamShop } from '../shop-context';
import { LoadError, Loading, Notice } from '../ui/states';
import { useFetch } from '../use-fetch';
import { ActivityCard } from './activity-card';

/** The list call's page size limit: a month shows up to this many activities. */
const MONTH_LIMIT = 100;

const pad = (n: number) => String(n).padStart(2, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function parseMonth(value: string | null, fallback: string): { year: number; month: number } {
  const m = /^(\d{4})-(\d{2})$/.exec(value ?? '') ?? /^(\d{4})-(\d{2})/.exec(fallback)!;
  const month = Math.min(12, Math.max(1, Number(m[2])));
  return { year: Number(m[1]), month };
}

const shift = ({ year, month }: { year: number; month: number }, by: number) => {
  const i = year * 12 + (month - 1) + by;
  return `${Math.floor(i / 12)}-${pad((i % 12) + 1)}`;
};

/**
 * A light month view (FullCalendar would weigh more than the whole shop): the days with dates
 * are buttons; choosing one lists that day's activities with their times.
 */
export function MonthCalendar({
  query,
  month,
  day,
  onChange,
}: {
  query: ActivityQuery;
  month: string | null;
  day: string;
  onChange(patch: Record<string, string>): void;
}) {
  const { t, fmt, team, lang } = useTeamShop();
  const now = today(team.time_zone);
  const current = parseMonth(month, now);
  const first = `${current.year}-${pad(current.month)}-01`;
  const lastDay = `${current.year}-${pad(current.month)}-${pad(daysIn(current.year, current.month))}`;
  const full = { ...query, from: first, to: lastDay, lang, perPage: MONTH_LIMIT, page: 1 };
  const list = useFetch(`activities:${team.id}:${JSON.stringify(full)}`, (signal) => shopApi.activities(team.id, full, signal));

  // Day → the activities with a date on it (in the team's time zone, as the reply writes it).
  const byDay = new Map<string, PublicActivity[]>();
  for (const a of list.data?.data ?? []) {
    for (const s of a.sessions) {
      const d = localDay(s.starts_at);
      if (d < first || d > lastDay) continue;
      const on = byDay.get(d) ?? [];
      if (!on.includes(a)) on.push(a);
      byDay.set(d, on);
    }
  }

  const offset = (new Date(Date.UTC(current.year, current.month - 1, 1)).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = [...Array.from({ length: offset }, () => null)];
  for (let d = 1; d <= daysIn(current.year, current.month); d++) cells.push(`${current.year}-${pad(current.month)}-${pad(d)}`);
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
  const selected = day && day.startsWith(first.slice(0, 7)) ? day : '';
  const chosen = selected ? (byDay.get(selected) ?? []) : [];
  const canGoBack = first.slice(0, 7) > now.slice(0, 7);
  const monthLabel = fmt.month(current.year, current.month);

  return (
    <div className="calendar-view">
      <div className="calendar-head">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => onChange({ month: shift(current, -1), day: '' })}
          disabled={!canGoBack}
          aria-label={t('calendar.previous')}
        >
          ‹
        </button>
        <h2 aria-live="polite">{monthLabel}</h2>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => onChange({ month: shift(current, 1), day: '' })}
          aria-label={t('calendar.next')}
        >
          ›
        </button>
      </div>
      {list.error ? (
        <LoadError error={list.error} onRetry={list.reload} />
      ) : (
        <table className="calendar" aria-busy={list.loading || undefined}>
          <caption className="visually-hidden">{t('calendar.caption', { month: monthLabel })}</caption>
          <thead>
            <tr>
              {Array.from({ length: 7 }, (_, i) => (
                <th key={i} scope="col">
                  {fmt.weekdayShort(i)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, w) => (
              <tr key={w}>
                {week.map((d, i) => {
                  if (!d) return <td key={i} />;
                  const count = byDay.get(d)?.length ?? 0;
                  const label = Number(d.slice(8));
                  return (
                    <td key={i} className={d === now ? 'today' : undefined}>
                      {count ? (
                        <button
                          type="button"
                          className="day has-dates"
                          aria-pressed={d === selected}
                          aria-label={t('calendar.dayWithDates', { date: fmt.date(`${d}T12:00:00Z`), count })}
                          onClick={() => onChange({ day: d === selected ? '' : d })}
                        >
                          {label}
                          <span className="dot" aria-hidden="true" />
                        </button>
                      ) : (
                        <span className="day">{label}</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.loading && <Loading lines={1} />}
      {list.data && byDay.size === 0 && <Notice title={t('calendar.emptyMonth')} />}
      {selected && (
        <section aria-labelledby="day-heading" className="day-list">
          <h2 id="day-heading">{fmt.date(`${selected}T12:00:00Z`)}</h2>
          {chosen.length ? (
            <div className="cards">
              {chosen.map((a) => (
                <div key={a.id}>
                  <p className="muted">
                    {a.sessions
                      .filter((s) => localDay(s.starts_at) === selected)
                      .map((s) => `${fmt.time(s.starts_at)}–${fmt.time(s.ends_at)}`)
                      .join(', ')}
                  </p>
                  <ActivityCard activity={a} headingLevel={3} />
                </div>
              ))}
            </div>
          ) : (
            <Notice title={t('calendar.emptyDay')} />
          )}
        </section>
      )}
    </div>
  );
}
