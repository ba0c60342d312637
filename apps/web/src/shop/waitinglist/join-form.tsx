import type { PublicActivity } from '@bookla/shared/catalogue-tickets';
import type { WaitingListJoinReply } from '@bookla/shared/waiting-list';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../api';
import { useTeamShop } from '../shop-context';
import { Field } from '../ui/field';
import { Stepper } from '../ui/stepper';
import { waitinglistApi } from './waitinglist-api';

/** Most seats one sign-up may ask for (the server's limit). */
const MOST_SEATS = 50;

/** A line one can wait in: the whole activity, or one date of it, whose every ticket is sold out. */
export interface WaitingLine {
  key: string;
  sessionId: number | null;
  label: string;
  min: number;
  max: number;
}

/**
 * The sold-out lines of an activity with a waiting list: its whole-activity tickets (if all are
 * gone), then each date whose own tickets are all gone. Empty: nothing to wait for.
 */
export function waitingLines(a: PublicActivity, t: (k: string) => string, when: (iso: string) => string): WaitingLine[] {
  if (!a.waiting_list) return [];
  const line = (key: string, sessionId: number | null, label: string): WaitingLine[] => {
    const tickets = a.tickets.filter((x) => x.session_id === sessionId);
    if (!tickets.length || tickets.some((x) => x.stock_available > 0)) return [];
    const min = Math.max(1, Math.min(...tickets.map((x) => x.min_per_order)));
    const max = Math.min(MOST_SEATS, Math.max(...tickets.map((x) => x.max_per_order ?? MOST_SEATS)));
    return max >= min ? [{ key, sessionId, label, min, max }] : [];
  };
  return [
    ...line('whole', null, a.kind === 'course' ? t('activity.wholeCourse') : t('activity.anyDate')),
    ...a.sessions.flatMap((s) => line(`s${s.id}`, s.id, when(s.starts_at))),
  ];
}

type FieldName = 'firstname' | 'lastname' | 'email' | 'quantity' | 'session_id';
type Errors = Partial<Record<FieldName, string>>;
const FIELDS: readonly FieldName[] = ['session_id', 'firstname', 'lastname', 'email', 'quantity'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The activity page's waiting-list sign-up, shown when the activity keeps a waiting list and a
 * line of it is sold out: name, e-mail, seats wanted (and the date, when several are sold out).
 * Afterwards it says the place in line and the rule of the offers.
 */
export function WaitingListJoin({ activity: a, onStale }: { activity: PublicActivity; onStale(): void }) {
  const { t, fmt, team, lang } = useTeamShop();
  const lines = waitingLines(a, t, fmt.dateTime);
  const [lineKey, setLineKey] = useState('');
  const [form, setForm] = useState({ firstname: '', lastname: '', email: '' });
  const [seats, setSeats] = useState(1);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [joined, setJoined] = useState<WaitingListJoinReply | null>(null);
  const [focusTick, setFocusTick] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusTick) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);
  useEffect(() => {
    if (joined) doneRef.current?.focus();
  }, [joined]);

  if (!lines.length) return null;
  const line = lines.find((l) => l.key === lineKey) ?? (lines.length === 1 ? lines[0]! : undefined);
  const quantity = line ? Math.min(Math.max(seats, line.min), line.max) : seats;

  if (joined)
    return (
      <section className="notice notice-success" aria-labelledby="waitinglist-done">
        <h2 id="waitinglist-done" ref={doneRef} tabIndex={-1}>
          {t('waitinglist.join.doneTitle')}
        </h2>
        <p>
          <strong>{t('waitinglist.join.done', { position: joined.position })}</strong>
        </p>
        <p>{t('waitinglist.join.rule', { hours: joined.offer_hours })}</p>
        <p>{t('waitinglist.join.mail', { email: form.email.trim() })}</p>
      </section>
    );

  const check = (): Errors => {
    const found: Errors = {};
    if (!line) found.session_id = t('waitinglist.join.chooseLine');
    if (!form.firstname.trim()) found.firstname = t('waitinglist.join.required');
    if (!form.lastname.trim()) found.lastname = t('waitinglist.join.required');
    if (!form.email.trim()) found.email = t('waitinglist.join.required');
    else if (!EMAIL.test(form.email.trim())) found.email = t('waitinglist.join.emailInvalid');
    return found;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const found = check();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length || !line) {
      setFocusTick((n) => n + 1);
      return;
    }
    setSending(true);
    try {
      const reply = await waitinglistApi.join(team.id, {
        activity_id: a.id,
        session_id: line.sessionId,
        firstname: form.firstname.trim(),
        lastname: form.lastname.trim(),
        email: form.email.trim(),
        quantity,
        language: lang,
      });
      setJoined(reply);
    } catch (err) {
      if (!(err instanceof ApiError)) setFailure(t('common.offline'));
      else if (err.status === 422 && err.body.errors) {
        const next: Errors = {};
        for (const name of FIELDS) if (err.body.errors[name]?.[0]) next[name] = err.body.errors[name][0];
        setErrors(next);
        setFailure(Object.keys(next).length ? null : (err.body.message ?? t('common.failed')));
        setFocusTick((n) => n + 1);
      } else {
        setFailure(err.body.message ?? t('common.failed'));
        // Seats came free meanwhile (or the list closed): the tickets show what is possible now.
        if (err.status === 409) onStale();
      }
    } finally {
      setSending(false);
    }
  };

  const input = (name: 'firstname' | 'lastname' | 'email', autoComplete: string, type = 'text') => (
    <Field path={`waitinglist.${name}`} label={t(`waitinglist.join.${name}`)} error={errors[name]} required>
      {(p) => (
        <input
          {...p}
          type={type}
          autoComplete={autoComplete}
          value={form[name]}
          maxLength={name === 'email' ? 254 : 100}
          onChange={(e) => {
            setForm((f) => ({ ...f, [name]: e.target.value }));
            setErrors((er) => ({ ...er, [name]: undefined }));
          }}
        />
      )}
    </Field>
  );

  return (
    <section aria-labelledby="waitinglist-join" className="panel">
      <h2 id="waitinglist-join">{t('waitinglist.join.title')}</h2>
      <p>{t('waitinglist.join.intro')}</p>
      <form ref={formRef} onSubmit={submit} noValidate>
        {lines.length > 1 && (
          <Field path="waitinglist.session_id" label={t('waitinglist.join.line')} error={errors.session_id} required>
            {(p) => (
              <select
                {...p}
                value={lineKey}
                onChange={(e) => {
                  setLineKey(e.target.value);
                  setErrors((er) => ({ ...er, session_id: undefined }));
                }}
              >
                <option value="">{t('waitinglist.join.chooseLine')}</option>
                {lines.map((l) => (
                  <option key={l.key} value={l.key}>
                    {l.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {lines.length === 1 && errors.session_id && <p className="error">{errors.session_id}</p>}
        <div className="grid-2">
          {input('firstname', 'given-name')}
          {input('lastname', 'family-name')}
        </div>
        {input('email', 'email', 'email')}
        <div className={errors.quantity ? 'field field-invalid' : 'field'}>
          <strong aria-hidden="true">{t('waitinglist.join.seats')}</strong>
          <Stepper
            value={quantity}
            min={line?.min ?? 1}
            max={line?.max ?? MOST_SEATS}
            allowZero={false}
            label={t('waitinglist.join.seats')}
            lessLabel={t('waitinglist.join.less')}
            moreLabel={t('waitinglist.join.more')}
            disabled={sending}
            onChange={(n) => {
              setSeats(n);
              setErrors((er) => ({ ...er, quantity: undefined }));
            }}
          />
          {errors.quantity && (
            <p className="error" role="alert">
              {errors.quantity}
            </p>
          )}
        </div>
        <p className="muted small">{t('waitinglist.join.privacy')}</p>
        <button type="submit" className="button" disabled={sending} aria-busy={sending || undefined}>
          {sending ? t('common.sending') : t('waitinglist.join.submit')}
        </button>
        {failure && (
          <p className="error" role="alert">
            {failure}
          </p>
        )}
      </form>
    </section>
  );
}
