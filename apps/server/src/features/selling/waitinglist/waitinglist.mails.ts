import { pickText, type Language, type Translated } from '@bookla/shared';
import type { Config } from '../../../config/env.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { dateLocaleOf, plainSpaces, timeOptions } from '../../../lib/date-locale.ts';
import { translate } from '../../../lib/i18n.ts';
import { renderMail } from '../../../lib/mail-layout.ts';
import { queueMail } from '../../../lib/mailer.ts';

/**
 * The waiting list's mails, in the entry's language: the sign-up (place in line, the rule, the
 * removal link) and the offer (the held seats, until when, the personal booking link). The links
 * carry raw tokens (only their SHA-256 is stored), so they are written to the outbox only.
 */

export type MailConfig = Pick<Config, 'appUrl' | 'appName' | 'mailFrom'>;

/**
 * "Mo., 12.05.2025, 18:00" in the team's time zone; in English as the team's country writes it
 * ("Tue, 05/12/2025, 6:00 PM" for a US team, decision 021).
 */
export function formatWhen(date: Date, lang: Language, timeZone: string, country: string): string {
  const locale = dateLocaleOf(lang, country);
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...timeOptions(locale),
  };
  try {
    return plainSpaces(new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(date));
  } catch {
    return plainSpaces(new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date));
  }
}

/**
 * The removal link of the sign-up mail: the shop's confirmation page, whose button POSTs the
 * removal and then shows `/{lang}/waitinglist/remove/success` (a GET changes nothing: mail scanners).
 */
export const removalUrl = (config: Pick<Config, 'appUrl'>, lang: Language, teamId: number, entryId: number, token: string) =>
  `${config.appUrl}/${lang}/shop/${teamId}/waitinglist/${entryId}/remove?token=${encodeURIComponent(token)}`;

/** The offer link: the shop's offer page with its countdown and "book now". */
export const offerUrl = (config: Pick<Config, 'appUrl'>, lang: Language, teamId: number, entryId: number, token: string) =>
  `${config.appUrl}/${lang}/shop/${teamId}/waitinglist/${entryId}?token=${encodeURIComponent(token)}`;

export interface LineInfo {
  teamId: number;
  teamName: string;
  timeZone: string;
  /** The team's billing country: how English dates are written. */
  country: string;
  activityName: Translated;
  /** The date of a per-date line; null: the whole activity. */
  sessionStartsAt: Date | null;
  offerHours: number;
}

export interface MailEntry {
  id: number;
  firstname: string;
  email: string;
  language: Language;
  quantity: number;
}

function texts(config: MailConfig, line: LineInfo, entry: MailEntry, section: string, extra: Record<string, unknown> = {}) {
  const lang = entry.language;
  const params = {
    app: config.appName,
    team: line.teamName,
    name: entry.firstname,
    activity: pickText(line.activityName, lang),
    date: line.sessionStartsAt ? formatWhen(line.sessionStartsAt, lang, line.timeZone, line.country) : '',
    count: entry.quantity,
    hours: line.offerHours,
    ...extra,
  };
  return {
    lang,
    t: (key: string) => translate(lang, `waitinglist:mail.${section}.${key}`, params),
    from: translate(lang, 'waitinglist:mail.from', params),
  };
}

/** "You are number 3; when seats free up you get an e-mail with a link that holds them for 24 hours." */
export function queueJoinedMail(
  db: DbOrTx,
  config: MailConfig,
  line: LineInfo,
  entry: MailEntry,
  position: number,
  removalToken: string,
): Promise<number> {
  const { lang, t, from } = texts(config, line, entry, 'joined', { position });
  const { html, text } = renderMail({
    lang,
    // Signed by the team, like its order mails ("— Yoga Loft", not the platform).
    appName: line.teamName,
    greeting: t('greeting'),
    paragraphs: [t(line.sessionStartsAt ? 'intro_date' : 'intro'), t('position'), t('rule')],
    action: { label: t('action'), url: removalUrl(config, lang, line.teamId, entry.id, removalToken) },
    footnote: t('footnote'),
  });
  return queueMail(db, config, {
    to: entry.email,
    subject: t('subject'),
    text,
    html,
    kind: 'waitinglist_joined',
    language: lang,
    teamId: line.teamId,
    fromName: from,
    // An anonymous sign-up: mail quotas (issue 20 item 5).
    anonymous: true,
  });
}

/** Seats are free and held for this person until `expiresAt`: the personal booking link. */
export function queueOfferMail(
  db: DbOrTx,
  config: MailConfig,
  line: LineInfo,
  entry: MailEntry,
  expiresAt: Date,
  offerToken: string,
): Promise<number> {
  const until = formatWhen(expiresAt, entry.language, line.timeZone, line.country);
  const { lang, t, from } = texts(config, line, entry, 'offer', { until });
  const { html, text } = renderMail({
    lang,
    // Signed by the team, like its order mails ("— Yoga Loft", not the platform).
    appName: line.teamName,
    greeting: t('greeting'),
    paragraphs: [t(line.sessionStartsAt ? 'intro_date' : 'intro'), t('until'), t('rule')],
    action: { label: t('action'), url: offerUrl(config, lang, line.teamId, entry.id, offerToken) },
    footnote: t('footnote'),
  });
  return queueMail(db, config, {
    to: entry.email,
    subject: t('subject'),
    text,
    html,
    kind: 'waitinglist_offer',
    language: lang,
    teamId: line.teamId,
    fromName: from,
  });
}
