import { creditNoteNumber, minorToString, type Language, type CustomerRefundMethod } from '@bookla/shared';
import type { Config } from '../../../config/env.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { translate } from '../../../lib/i18n.ts';
import { renderMail } from '../../../lib/mail-layout.ts';
import { queueMail } from '../../../lib/mailer.ts';
import { orderPageUrl, type OrderRow } from '../orders/index.ts';

/**
 * The customer accounts' mails, in the customer's language, from "Team via Bookla". Their links
 * are secrets: written to the outbox only, never logged. A mailed link opens
 * `/{lang}/shop/{teamId}/account/link?token=…` (the token in the query, which the log redaction
 * masks), and the page hands the token to the API.
 */
export const MAGIC_LINK_TTL_MS = 30 * 60_000;
export const VERIFY_LINK_TTL_MS = 24 * 3600_000;

type MailConfig = Pick<Config, 'appUrl' | 'appName' | 'mailFrom' | 'sessionSecret'>;

export type AccountMailKind = 'customer_verify_email' | 'customer_magic_link' | 'customer_account_exists';

interface Recipient {
  email: string;
  firstname: string;
  language: Language;
}

export function accountLinkUrl(config: Pick<Config, 'appUrl'>, lang: Language, teamId: number, token: string): string {
  return `${config.appUrl}/${lang}/shop/${teamId}/account/link?token=${encodeURIComponent(token)}`;
}

function greeting(lang: Language, firstname: string): string {
  return firstname.trim() ? translate(lang, 'mail:greeting', { name: firstname.trim() }) : translate(lang, 'mail:greeting_anonymous');
}

const fromName = (lang: Language, team: string, config: MailConfig) => translate(lang, 'order-mails:from', { team, app: config.appName });

/** The confirmation of a new account, a log-in link, or "you already have an account" with a log-in link. */
export function queueAccountMail(
  db: DbOrTx,
  config: MailConfig,
  kind: AccountMailKind,
  team: { id: number; name: string },
  to: Recipient,
  token: string,
): Promise<number> {
  const lang = to.language;
  const t = (key: string) => translate(lang, `customer-accounts:mails.${kind}.${key}`, { team: team.name });
  const { html, text } = renderMail({
    lang,
    appName: team.name,
    greeting: greeting(lang, to.firstname),
    paragraphs: [t('intro')],
    action: { label: t('action'), url: accountLinkUrl(config, lang, team.id, token) },
    footnote: t('footnote'),
  });
  return queueMail(db, config, {
    to: to.email,
    subject: t('subject'),
    text,
    html,
    kind,
    language: lang,
    teamId: team.id,
    fromName: fromName(lang, team.name, config),
    // Asked for by anonymous callers (register, log-in link): mail quotas (issue 20 item 5).
    anonymous: true,
  });
}

export type CancellationMailCase = 'refund_online' | 'refund_provider' | 'no_refund';

/**
 * The customer cancelled a paid order: what happens to the money. (Free and unpaid ones get the
 * order's "ended" mail.) A refund's credit note (`creditNote`, its index) comes attached: this
 * mail is the refund's mail too (issue 22 item 4).
 */
export async function queueCancellationMail(
  db: DbOrTx,
  config: MailConfig,
  teamName: string,
  order: OrderRow,
  mailCase: CancellationMailCase,
  amountMinor: number,
  creditNote?: number,
): Promise<number> {
  const lang = order.language;
  const amount = `${order.currency} ${minorToString(amountMinor, order.currency)}`;
  const params = {
    team: teamName,
    number: order.number,
    amount,
    credit_note: creditNote ? creditNoteNumber(order.number, creditNote) : '',
  };
  const t = (key: string) => translate(lang, `customer-accounts:mails.order_cancelled.${key}`, params);
  const { html, text } = renderMail({
    lang,
    appName: teamName,
    greeting: greeting(lang, order.firstname),
    paragraphs: [t('intro'), t(mailCase), ...(creditNote ? [t('credit_note')] : [])],
    action: { label: t('action'), url: orderPageUrl(config, lang, order.teamId, order) },
    footnote: t('footnote'),
  });
  return queueMail(db, config, {
    to: order.email,
    subject: t('subject'),
    text,
    html,
    kind: 'order_cancelled_by_customer',
    language: lang,
    teamId: order.teamId,
    attachments: creditNote ? [{ kind: 'credit_note', orderId: order.id, creditNote }] : [],
    fromName: fromName(lang, teamName, config),
  });
}

export const refundMailCase = (method: CustomerRefundMethod): CancellationMailCase =>
  method === 'online' ? 'refund_online' : 'refund_provider';
