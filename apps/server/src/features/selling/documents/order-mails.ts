import type { MailAttachmentSpec } from '@bookla/shared';
import type { Config } from '../../../config/env.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { translate } from '../../../lib/i18n.ts';
import { renderMail } from '../../../lib/mail-layout.ts';
import { queueMail } from '../../../lib/mailer.ts';
import { orderPageUrl } from '../orders/index.ts';
import { loadDocumentContext, type DocumentContext } from './document-context.ts';
import * as repo from './documents.repo.ts';
import { formatDate, formatMoney, formatRate, sessionLines, toMinor } from './format.ts';

/**
 * The customer's mails about an order, in the order's language, written to the outbox in the
 * transaction that changed the order (so a change and its mail commit together, and an SMTP
 * outage only delays the mail). Attachments are rendered when the mail is sent (documents.service.ts).
 *
 * - `placed`: confirmation. Free or paid at once: with the tickets (and the receipt when money
 *   was paid). Invoice: with the invoice (the tickets follow with the `paid` mail). Online
 *   payment still open: no mail yet (the `paid` one follows).
 * - `paid`: payment received: tickets and receipt.
 * - `ended`: the unpaid order was cancelled or expired; the seats are released.
 *
 * Every mail lists the lines with their dates and location, the total with the VAT it contains,
 * and links to the order page. The sender reads "Team via Bookla" (the address stays MAIL_FROM,
 * so SPF/DKIM hold). The order's history records the queued mail (`mail_queued`).
 */
export type OrderMailOccasion = 'placed' | 'paid' | 'ended';

type MailConfig = Pick<Config, 'appUrl' | 'appName' | 'mailFrom' | 'sessionSecret'>;

/** Which mail an occasion sends and what it carries; undefined: no mail. */
export function orderMailPlan(
  order: DocumentContext['order'],
  occasion: OrderMailOccasion,
): { kind: string; attachments: MailAttachmentSpec['kind'][] } | undefined {
  const status = order.payment_status;
  if (occasion === 'ended') return { kind: 'order_ended', attachments: [] };
  const paidNow = status === 'paid' || status === 'free';
  if (occasion === 'paid') {
    if (status !== 'paid') return undefined;
    return { kind: 'order_paid', attachments: order.total_minor > 0 ? ['tickets', 'receipt'] : ['tickets'] };
  }
  // `placed` is composed by a job shortly after the order (order-mail-job.ts); meanwhile the order
  // may have moved on. Only what the order still is since its placement gets this mail: a free
  // order its tickets, an unpaid invoice order its invoice. An online payment (and an invoice paid
  // before the job ran) gets the `paid` mail instead, so nobody receives two confirmations.
  if (order.payment_type === 'invoice' && status === 'waiting') return { kind: 'order_invoice', attachments: ['invoice'] };
  if (order.payment_type === 'free' && paidNow) return { kind: 'order_confirmation', attachments: ['tickets'] };
  return undefined;
}

/** The mail's lines: each order line with its dates, location and participants, products, discount, total with VAT. */
export function orderSummary(ctx: DocumentContext): string[] {
  const { order, team } = ctx;
  const lang = order.language;
  const t = (key: string, params?: Record<string, unknown>) => translate(lang, `order-mails:${key}`, params);
  const money = (amount: number) => formatMoney(toMinor(amount, order.currency), order.currency, lang);
  const out: string[] = [];
  for (const item of order.order_items) {
    out.push(`${item.quantity} × ${item.name}: ${formatMoney(toMinor(item.price, order.currency) * item.quantity, order.currency, lang)}`);
    const schedule = ctx.schedules.get(item.id);
    if (schedule?.sessions.length) {
      const lines = sessionLines(schedule.sessions, lang, team.timeZone, (first, last, count) =>
        translate(lang, 'documents:tickets.dates_summary', { first, last, count }),
      );
      out.push(t(schedule.sessions.length > 1 ? 'dates' : 'date', { dates: lines.join('; ') }));
    }
    if (schedule?.location?.length) out.push(t('location', { location: schedule.location.join(', ') }));
    if (item.participants.length)
      out.push(t('participants', { names: item.participants.map((p) => `${p.firstname} ${p.lastname}`).join(', ') }));
    for (const option of item.options) out.push(`+ ${option.quantity} × ${option.name}: ${money(option.price * option.quantity)}`);
  }
  for (const option of order.options) out.push(`${option.quantity} × ${option.name}: ${money(option.price * option.quantity)}`);
  if (order.discount_total > 0) {
    const amount = money(order.discount_total);
    out.push(order.discount_code ? t('discount_code', { code: order.discount_code, amount }) : t('discount', { amount }));
  }
  const total = formatMoney(order.total_minor, order.currency, lang);
  const vat = order.taxes.map((tax) => t('vat_included', { rate: formatRate(tax.rate, lang), tax: money(tax.tax) })).join(', ');
  out.push(vat ? t('total_vat', { total, vat }) : t('total', { total }));
  return out;
}

export async function queueOrderMail(
  db: DbOrTx,
  config: MailConfig,
  teamId: number,
  orderId: number,
  occasion: OrderMailOccasion,
): Promise<number | undefined> {
  const ctx = await loadDocumentContext(db, teamId, orderId);
  if (!ctx) return undefined;
  const { order, team } = ctx;
  const plan = orderMailPlan(order, occasion);
  if (!plan) return undefined;
  const lang = order.language;
  const due = order.invoice_due_at ?? order.hold_until;
  const params = {
    team: team.name,
    number: order.number,
    name: `${order.firstname} ${order.lastname}`.trim(),
    total: formatMoney(order.total_minor, order.currency, lang),
    due: due ? formatDate(new Date(due), lang, team.timeZone) : '',
  };
  const t = (key: string) => translate(lang, `order-mails:${plan.kind}.${key}`, params);
  const { html, text } = renderMail({
    lang,
    appName: team.name,
    greeting: t('greeting'),
    paragraphs: [t('intro'), ...orderSummary(ctx)],
    action: { label: t('action'), url: orderPageUrl(config, lang, teamId, orderId) },
    footnote: t('footnote'),
  });
  const attachments = plan.attachments.map((kind): MailAttachmentSpec => ({ kind, orderId }));
  const emailId = await queueMail(db, config, {
    to: order.email,
    subject: t('subject'),
    text,
    html,
    kind: plan.kind,
    language: lang,
    teamId,
    attachments,
    fromName: translate(lang, 'order-mails:from', { team: team.name, app: config.appName }),
  });
  await repo.recordMailQueued(db, teamId, orderId, { occasion, kind: plan.kind, email_id: emailId, attachments: plan.attachments });
  return emailId;
}
