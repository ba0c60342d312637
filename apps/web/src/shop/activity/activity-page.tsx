import type { PublicActivity } from '@bookla/shared/catalogue-tickets';
import { useState } from 'react';
import { shopApi } from '../api';
import { Link } from '../router';
import { useTeamShop } from '../shop-context';
import { LoadError, Loading } from '../ui/states';
import { useFetch } from '../use-fetch';
import { useTitle } from '../use-title';
import { TicketPicker } from './ticket-picker';
import { WaitingListJoin } from '../waitinglist/join-form';

/** The detail variant is 1600 px wide; a 16:9 box holds it so nothing moves when it arrives. */
const HERO = { width: 1600, height: 900 };
const DATES_SHOWN = 8;

/** `/{lang}/shop/{team}/activity/{id}`: everything about one activity; booking starts here. */
export function ActivityPage({ id }: { id: number }) {
  const { t, team, lang, base } = useTeamShop();
  const activity = useFetch(`activity:${team.id}:${id}:${lang}`, (signal) => shopApi.activity(team.id, id, lang, signal));
  useTitle(activity.data?.name, team.name);
  return (
    <article className="activity">
      <p>
        <Link to={base} className="back-link">
          {t('activity.back')}
        </Link>
      </p>
      {activity.data ? (
        <ActivityDetail activity={activity.data} onStale={activity.reload} />
      ) : activity.error ? (
        <LoadError error={activity.error} onRetry={activity.reload} />
      ) : (
        <Loading lines={5} />
      )}
    </article>
  );
}

/** Plain text as the back office stores it: blank lines separate paragraphs, single breaks stay. */
export function Paragraphs({ text }: { text: string }) {
  const parts = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className="prose">
      {parts.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}

function ActivityDetail({ activity: a, onStale }: { activity: PublicActivity; onStale(): void }) {
  const { t, fmt } = useTeamShop();
  const [allDates, setAllDates] = useState(false);
  const dates = allDates ? a.sessions : a.sessions.slice(0, DATES_SHOWN);
  const place = a.location;
  const address = place
    ? [place.address, [place.postal_code, place.city].filter(Boolean).join(' '), place.country].filter(Boolean).join(', ')
    : '';
  return (
    <>
      {a.header_image && <img className="hero" src={a.header_image.detail_url} alt="" fetchPriority="high" decoding="async" {...HERO} />}
      <header className="activity-head">
        <p className="eyebrow">{a.type_set.name}</p>
        <h1>{a.name}</h1>
      </header>
      <div className="activity-grid">
        <div className="activity-main">
          {a.description && <Paragraphs text={a.description} />}
          <TicketPicker activity={a} onStale={onStale} />
          <WaitingListJoin activity={a} onStale={onStale} />
        </div>
        <aside className="activity-side">
          {place && (
            <section aria-labelledby="where">
              <h2 id="where">{t('activity.location')}</h2>
              <p>
                <strong>{place.name}</strong>
                {address && (
                  <>
                    <br />
                    {address}
                  </>
                )}
              </p>
              {address && (
                <a
                  href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(`${place.name}, ${address}`)}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('activity.map')}
                </a>
              )}
            </section>
          )}
          <section aria-labelledby="when">
            <h2 id="when">{t('activity.dates', { count: a.sessions.length })}</h2>
            {a.sessions.length ? (
              <ul className="dates">
                {dates.map((s) => (
                  <li key={s.id}>
                    <time dateTime={s.starts_at}>{fmt.date(s.starts_at)}</time>
                    <span className="muted">
                      {' '}
                      {fmt.time(s.starts_at)}–{fmt.time(s.ends_at)}
                    </span>
                    {s.note && <span className="note">{s.note}</span>}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{t('activity.noDates')}</p>
            )}
            {a.sessions.length > DATES_SHOWN && (
              <button type="button" className="button button-link" onClick={() => setAllDates(!allDates)} aria-expanded={allDates}>
                {allDates ? t('activity.fewerDates') : t('activity.allDates', { count: a.sessions.length })}
              </button>
            )}
          </section>
          {a.cancellation_policy && (
            <section aria-labelledby="cancel">
              <h2 id="cancel">{t('activity.cancellation')}</h2>
              <Paragraphs text={a.cancellation_policy} />
            </section>
          )}
        </aside>
      </div>
    </>
  );
}
