import type { Language } from '@bookla/shared';
import type { Config } from '../../config/env.ts';
import type { DbOrTx } from '../../db/client.ts';
import { translate } from '../../lib/i18n.ts';
import { renderMail } from '../../lib/mail-layout.ts';
import { queueMail } from '../../lib/mailer.ts';
import { signUrl, urlSigningKey } from '../../lib/tokens.ts';

/**
 * The auth feature's mails, each in the recipient's language, and the links they carry.
 * Links are secrets: they are only ever written to the outbox, never logged.
 */
export const VERIFY_TTL_MS = 24 * 3600_000;
export const RESET_TTL_MS = 60 * 60_000;

type MailConfig = Pick<Config, 'appUrl' | 'appName' | 'mailFrom' | 'sessionSecret'>;

/**
 * The verification link `/api/srl/email/verify/{id}/{hash}?expires&signature` (CONTRACT §3):
 * `hash` is a single-use random token (stored as SHA-256 in auth_tokens), and the whole path is
 * signed and expires, so a link is authentic, short-lived and works once.
 */
export function verificationPath(userId: number, token: string): string {
  return `/api/srl/email/verify/${userId}/${token}`;
}

export function verificationUrl(config: MailConfig, userId: number, token: string, now = Date.now()): string {
  return signUrl(urlSigningKey(config), config.appUrl, verificationPath(userId, token), new Date(now + VERIFY_TTL_MS));
}

export function resetUrl(config: MailConfig, lang: Language, token: string, email: string, customer = false): string {
  return `${config.appUrl}/${lang}/${customer ? 'customer/' : ''}reset/password/${token}/${encodeURIComponent(email)}`;
}

interface Recipient {
  id: number;
  email: string;
  firstname: string;
  language: Language;
}

function greeting(lang: Language, firstname: string): string {
  return firstname.trim() ? translate(lang, 'mail:greeting', { name: firstname.trim() }) : translate(lang, 'mail:greeting_anonymous');
}

async function send(
  db: DbOrTx,
  config: MailConfig,
  kind: 'verify_email' | 'password_reset' | 'customer_password_reset',
  to: Recipient,
  url: string,
  params: Record<string, unknown>,
  ids: { userId?: number; teamId?: number },
): Promise<number> {
  const lang = to.language;
  const t = (key: string) => translate(lang, `mail:${kind}.${key}`, { app: config.appName, ...params });
  const { html, text } = renderMail({
    lang,
    appName: config.appName,
    greeting: greeting(lang, to.firstname),
    paragraphs: [t('intro')],
    action: { label: t('action'), url },
    footnote: t('footnote'),
  });
  // A customer's reset is asked for by an anonymous caller: mail quotas (issue 20 item 5).
  const anonymous = kind === 'customer_password_reset';
  return queueMail(db, config, { to: to.email, subject: t('subject'), text, html, kind, language: lang, ...ids, anonymous });
}

export function queueVerificationMail(db: DbOrTx, config: MailConfig, user: Recipient, token: string): Promise<number> {
  return send(db, config, 'verify_email', user, verificationUrl(config, user.id, token), {}, { userId: user.id });
}

export function queuePasswordResetMail(db: DbOrTx, config: MailConfig, user: Recipient, token: string): Promise<number> {
  return send(db, config, 'password_reset', user, resetUrl(config, user.language, token, user.email), {}, { userId: user.id });
}

export function queueCustomerResetMail(
  db: DbOrTx,
  config: MailConfig,
  customer: Recipient & { teamId: number },
  teamName: string,
  token: string,
) {
  const url = resetUrl(config, customer.language, token, customer.email, true);
  return send(db, config, 'customer_password_reset', customer, url, { team: teamName }, { teamId: customer.teamId });
}
