import { pickText, type Language, type Translated } from '@bookla/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../../../config/env.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { translate } from '../../../lib/i18n.ts';
import { renderMail } from '../../../lib/mail-layout.ts';
import { queueMail } from '../../../lib/mailer.ts';
import { dateLocaleOf, plainSpaces } from '../../../lib/date-locale.ts';

/**
 * A membership's own mails, in the member's language, signed by the team (CONTRACT §5, issue 24).
 * The purchase and each renewal's invoice are order mails (confirmation, invoice, payment);
 * these tell what no order says: a yearly renewal coming up (14 days before), a renewal that is
 * unpaid (no bookings until it is), a cancellation (to the period's end, or now), the end.
 * Written to the outbox within the transaction that made the change.
 */

export type MembershipMailKind = 'renewal_upcoming' | 'renewal_failed' | 'cancel_scheduled' | 'cancelled' | 'expired';
export type MembershipMailConfig = Pick<Config, 'appUrl' | 'appName' | 'mailFrom'>;

const KIND: Record<MembershipMailKind, string> = {
  renewal_upcoming: 'membership_renewal_upcoming',
  renewal_failed: 'membership_renewal_failed',
  cancel_scheduled: 'membership_cancelled',
  cancelled: 'membership_cancelled',
  expired: 'membership_expired',
};

type Raw = Record<string, unknown>;

/** "12.05.2027" in the team's zone, in English as the team's country writes it (decision 021). */
function formatDay(date: Date, lang: Language, timeZone: string, country: string): string {
  const locale = dateLocaleOf(lang, country);
  const options: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
  try {
    return plainSpaces(new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(date));
  } catch {
    return plainSpaces(new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date));
  }
}

export async function queueMembershipMail(
  db: DbOrTx,
  config: MembershipMailConfig,
  membershipId: number,
  kind: MembershipMailKind,
): Promise<number | undefined> {
  const result = await db.execute(sql`
    SELECT m.team_id, m.current_period_end, m.credits_left, c.email, c.firstname, c.language,
      s.name AS subscription_name, t.name AS tier_name, tm.name AS team_name, tm.time_zone, tm.billing_country, tm.languages
    FROM memberships m JOIN customers c ON c.id = m.customer_id JOIN subscriptions s ON s.id = m.subscription_id
    JOIN subscription_tiers t ON t.id = m.tier_id JOIN teams tm ON tm.id = m.team_id
    WHERE m.id = ${membershipId}`);
  const r = (result as unknown as { rows: Raw[] }).rows[0];
  if (!r) return undefined;
  const languages = r.languages as Language[];
  const lang = (languages.includes(r.language as Language) ? r.language : languages[0]) as Language;
  const teamId = Number(r.team_id);
  const params = {
    team: String(r.team_name),
    name: String(r.firstname || ''),
    subscription: pickText(r.subscription_name as Translated, lang),
    tier: pickText(r.tier_name as Translated, lang),
    date: formatDay(new Date(r.current_period_end as string | Date), lang, String(r.time_zone), String(r.billing_country)),
  };
  const t = (key: string) => translate(lang, `subscriptions:mail.${kind}.${key}`, params);
  const { html, text } = renderMail({
    lang,
    appName: params.team,
    greeting: translate(lang, 'subscriptions:mail.greeting', params),
    paragraphs: [t('intro'), t('next')],
    action: { label: translate(lang, 'subscriptions:mail.action', params), url: `${config.appUrl}/${lang}/shop/${teamId}/account` },
  });
  return queueMail(db, config, {
    to: String(r.email),
    subject: t('subject'),
    text,
    html,
    kind: KIND[kind],
    language: lang,
    teamId,
    fromName: translate(lang, 'subscriptions:mail.from', { ...params, app: config.appName }),
  });
}
