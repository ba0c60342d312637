import type { DateFormatPreference, Language, NotificationEvent } from '@bookla/shared';
import type { Config } from '../../../config/env.ts';
import { dateLocaleOf, plainSpaces, timeOptions, type DateLocale } from '../../../lib/date-locale.ts';
import { translate } from '../../../lib/i18n.ts';
import { renderMail } from '../../../lib/mail-layout.ts';
import type { OutgoingMail } from '../../../lib/mailer.ts';
import { formatMoney } from '../documents/index.ts';

/**
 * The provider's notification mails (decision 020), composed in the recipient's own language
 * (`users.language`) from the event's snapshot (`NoticeData`, what the order was when it happened):
 * the team, the order number, the customer, the amounts (the documents' money formatter) and a
 * link to the order in the back office. No SQL here.
 */

/** What an event's mail shows, recorded with the event (team_notification_events.data). */
export interface NoticeData {
  number: number;
  customer: string;
  currency: string;
  total_minor: number;
  refunded_minor: number;
  payment_type: string;
  payment_status: string;
  is_test: boolean;
  /** Refunds: this refund's amount. */
  amount_minor?: number;
  /** Cancellations: `customer` | `organiser` | `unpaid`. */
  by?: string;
  /** A late cancellation: what the team keeps. */
  kept_minor?: number;
}

export interface Recipient {
  id: number;
  email: string;
  firstname: string;
  language: Language;
  /** English dates follow the team's country unless the recipient chose a format (decision 021). */
  dateFormat?: DateFormatPreference | null;
}

type MailConfig = Pick<Config, 'appUrl' | 'appName'>;

const t = (lang: Language, key: string, params?: Record<string, unknown>) => translate(lang, `provider-notifications:${key}`, params);

/** The order's page in the back office, in the recipient's language. */
export const backOfficeOrderUrl = (config: Pick<Config, 'appUrl'>, lang: Language, orderId: number) =>
  `${config.appUrl}/${lang}/backend/orders/edit/${orderId}`;

/** "Mo., 12.05.2025" (de), "Mon, 05/12/2025" (a US team in English) of a calendar day (YYYY-MM-DD). */
const dayText = (day: string, locale: DateLocale) =>
  plainSpaces(
    new Intl.DateTimeFormat(locale, { weekday: 'short', day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${day}T12:00:00Z`),
    ),
  );
/** "18:05" ("6:05 PM" in US English) in the team's time zone (UTC should the stored zone be unknown). */
function timeText(at: Date, locale: DateLocale, timeZone: string): string {
  const make = (zone: string) => new Intl.DateTimeFormat(locale, { ...timeOptions(locale), timeZone: zone });
  try {
    return plainSpaces(make(timeZone).format(at));
  } catch {
    return plainSpaces(make('UTC').format(at));
  }
}

const money = (minor: number | undefined, d: NoticeData, lang: Language) => formatMoney(minor ?? 0, d.currency, lang);

/** How the order is paid, in words: paid, free, invoice (open), … */
function paymentWords(d: NoticeData, lang: Language): string {
  if (d.payment_status === 'free') return t(lang, 'payment.free');
  if (d.payment_type === 'invoice' && d.payment_status === 'waiting') return t(lang, 'payment.invoice_open');
  if (d.payment_type === 'test') return t(lang, 'payment.test');
  return t(lang, 'payment.paid');
}

/** The event's sentence about the order. */
export function noticeSentence(event: NotificationEvent, d: NoticeData, lang: Language, team: string): string {
  const params = {
    team,
    number: d.number,
    customer: d.customer,
    amount: money(d.total_minor, d, lang),
    payment: paymentWords(d, lang),
    refund: money(d.amount_minor, d, lang),
    refunded: money(d.refunded_minor, d, lang),
    kept: money(d.kept_minor, d, lang),
  };
  if (event === 'order_cancelled') {
    const by = d.by === 'customer' || d.by === 'organiser' ? d.by : 'unpaid';
    const kept = d.kept_minor ? ` ${t(lang, 'sentence.kept', params)}` : '';
    return t(lang, `sentence.order_cancelled_${by}`, params) + kept;
  }
  return t(lang, `sentence.${event}`, params);
}

const testMark = (d: NoticeData) => (d.is_test ? '[TEST] ' : '');

/** One event's mail to one recipient. */
export function noticeMail(
  config: MailConfig,
  input: { teamId: number; team: string; event: NotificationEvent; orderId: number; data: NoticeData; to: Recipient },
): OutgoingMail {
  const { to, data, event, team } = input;
  const lang = to.language;
  // Subjects carry no chosen text (decision 009): the team and the customer are in the body.
  const subject = testMark(data) + t(lang, `mail.${event}.subject`, { number: data.number });
  const { html, text } = renderMail({
    lang,
    appName: config.appName,
    greeting: t(lang, 'greeting', { name: to.firstname }),
    paragraphs: [noticeSentence(event, data, lang, team)],
    action: { label: t(lang, 'open_order'), url: backOfficeOrderUrl(config, lang, input.orderId) },
    footnote: t(lang, 'footnote', { team }),
  });
  return { to: to.email, subject, text, html, kind: `notice_${event}`, language: lang, teamId: input.teamId, userId: to.id };
}

/** At most this many events are listed one by one in a digest (the counts cover all of them). */
export const DIGEST_LINES = 20;

export interface DigestEvent {
  event: NotificationEvent;
  orderId: number | null;
  data: NoticeData;
  occurredAt: Date;
}

/** The day's digest to one recipient: counts per event, then a short list of them (oldest first). */
export function digestMail(
  config: MailConfig,
  input: {
    teamId: number;
    team: string;
    /** The team's billing country: English dates of a US team are month-first with AM/PM. */
    country: string;
    timeZone: string;
    day: string;
    events: readonly DigestEvent[];
    to: Recipient;
  },
): OutgoingMail {
  const { to, team, events, timeZone } = input;
  const lang = to.language;
  const locale = dateLocaleOf(lang, input.country, to.dateFormat);
  const date = dayText(input.day, locale);
  const counts = new Map<NotificationEvent, number>();
  for (const e of events) counts.set(e.event, (counts.get(e.event) ?? 0) + 1);
  const countLines = [...counts].map(([event, count]) => t(lang, 'digest.count', { event: t(lang, `events.${event}`), count }));
  const lines = events.slice(0, DIGEST_LINES).map(
    (e) =>
      `${timeText(e.occurredAt, locale, timeZone)} – ${testMark(e.data)}${t(lang, `events.${e.event}`)}: ${t(lang, 'digest.line', {
        number: e.data.number,
        customer: e.data.customer,
        amount: money(e.event === 'refund_made' || e.event === 'refund_requested' ? e.data.amount_minor : e.data.total_minor, e.data, lang),
      })}`,
  );
  const more = events.length > DIGEST_LINES ? [t(lang, 'digest.more', { count: events.length - DIGEST_LINES })] : [];
  const { html, text } = renderMail({
    lang,
    appName: config.appName,
    greeting: t(lang, 'greeting', { name: to.firstname }),
    paragraphs: [t(lang, 'digest.intro', { team, date }), ...countLines, ...lines, ...more],
    action: { label: t(lang, 'digest.open_orders'), url: `${config.appUrl}/${lang}/backend/orders` },
    footnote: t(lang, 'footnote', { team }),
  });
  return {
    to: to.email,
    subject: t(lang, 'digest.subject', { date }),
    text,
    html,
    kind: 'notice_digest',
    language: lang,
    teamId: input.teamId,
    userId: to.id,
  };
}
