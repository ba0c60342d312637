import { pickText, type DateFormatPreference, type Language, type NotificationEvent, type Translated } from '@bookla/shared';
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
 * link to the order in the back office. A membership's event (`MembershipNoticeData`) names the
 * member, the subscription and tier and the period's end, and links to the subscription. No SQL here.
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

/** What a membership's event mail shows (issue 24), recorded with the event like `NoticeData`. */
export interface MembershipNoticeData {
  membership_id: number;
  subscription_id: number;
  customer: string;
  subscription: Translated;
  tier: Translated;
  /** The end of the period the event concerns (ISO). */
  period_end: string;
  is_test: boolean;
  /** Cancellations: who, and to when. */
  by?: 'customer' | 'staff';
  mode?: 'period_end' | 'now';
  /** The end: a pass or period that ran out, a cancellation reaching its end, a renewal unpaid past the grace days. */
  reason?: 'expired' | 'cancelled' | 'unpaid';
}

export const isMembershipEvent = (event: NotificationEvent) => event.startsWith('membership_');

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

const testMark = (d: { is_test: boolean }) => (d.is_test ? '[TEST] ' : '');

/** The subscription's page in the back office (its members), in the recipient's language. */
export const backOfficeSubscriptionUrl = (config: Pick<Config, 'appUrl'>, lang: Language, subscriptionId: number) =>
  `${config.appUrl}/${lang}/backend/subscription/${subscriptionId}`;

/** Where a membership's mail dates its period: the team's zone and the recipient's date format. */
export interface DateContext {
  country: string;
  timeZone: string;
}

/** "12.05.2027" (de) of an instant in the team's zone (UTC should the stored zone be unknown). */
function dateText(at: Date, locale: DateLocale, timeZone: string): string {
  const make = (zone: string) => new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: zone });
  try {
    return plainSpaces(make(timeZone).format(at));
  } catch {
    return plainSpaces(make('UTC').format(at));
  }
}

/** A membership event's sentence: who, which subscription and tier, and what happened. */
export function membershipSentence(
  event: NotificationEvent,
  d: MembershipNoticeData,
  to: Pick<Recipient, 'language' | 'dateFormat'>,
  team: string,
  where: DateContext,
): string {
  const lang = to.language;
  const params = {
    team,
    customer: d.customer,
    subscription: pickText(d.subscription, lang),
    tier: pickText(d.tier, lang),
    date: dateText(new Date(d.period_end), dateLocaleOf(lang, where.country, to.dateFormat), where.timeZone),
  };
  if (event === 'membership_cancelled') {
    const by = d.by === 'customer' ? 'customer' : 'staff';
    const mode = by === 'customer' || d.mode !== 'now' ? 'period_end' : 'now';
    return t(lang, `membership.cancelled_${by}_${mode}`, params);
  }
  if (event === 'membership_ended') return t(lang, `membership.ended_${d.reason ?? 'expired'}`, params);
  return t(lang, 'membership.past_due', params);
}

/** One membership event's mail to one recipient (the subject names no member: decision 009). */
export function membershipNoticeMail(
  config: MailConfig,
  input: {
    teamId: number;
    team: string;
    where: DateContext;
    event: NotificationEvent;
    data: MembershipNoticeData;
    to: Recipient;
  },
): OutgoingMail {
  const { to, data, event, team } = input;
  const lang = to.language;
  const subject = testMark(data) + t(lang, `mail.${event}.subject`);
  const { html, text } = renderMail({
    lang,
    appName: config.appName,
    greeting: t(lang, 'greeting', { name: to.firstname }),
    paragraphs: [membershipSentence(event, data, to, team, input.where)],
    action: { label: t(lang, 'membership.open'), url: backOfficeSubscriptionUrl(config, lang, data.subscription_id) },
    footnote: t(lang, 'footnote', { team }),
  });
  return { to: to.email, subject, text, html, kind: `notice_${event}`, language: lang, teamId: input.teamId, userId: to.id };
}

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
  /** An order's event: `NoticeData`; a membership's: `MembershipNoticeData`. */
  data: NoticeData | MembershipNoticeData;
  occurredAt: Date;
}

/** A digest line's text after the event's name: the order (number, customer, amount) or the membership. */
function digestLine(e: DigestEvent, lang: Language): string {
  if (isMembershipEvent(e.event)) {
    const d = e.data as MembershipNoticeData;
    return t(lang, 'membership.line', { customer: d.customer, subscription: pickText(d.subscription, lang), tier: pickText(d.tier, lang) });
  }
  const d = e.data as NoticeData;
  const amount = e.event === 'refund_made' || e.event === 'refund_requested' ? d.amount_minor : d.total_minor;
  return t(lang, 'digest.line', { number: d.number, customer: d.customer, amount: money(amount, d, lang) });
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
  const lines = events
    .slice(0, DIGEST_LINES)
    .map((e) => `${timeText(e.occurredAt, locale, timeZone)} – ${testMark(e.data)}${t(lang, `events.${e.event}`)}: ${digestLine(e, lang)}`);
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
