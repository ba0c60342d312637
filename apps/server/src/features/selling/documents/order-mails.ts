import { sql, type SQL } from 'drizzle-orm';
import type { OrderAttachmentSpec as MailAttachmentSpec } from '@bookla/shared';
import type { DbOrTx } from '../../../db/client.ts';
import { translate } from '../../../lib/i18n.ts';
import { renderMail } from '../../../lib/mail-layout.ts';
import { writeMail, type OutgoingMail, type WrittenMail } from '../../../lib/mailer.ts';
import {
  awaitsHoldConfirm,
  orderPageUrl,
  withHoldConfirm,
  type OrderMailConfig,
  type OrderMailOccasion,
  type OrderMailOptions,
  type OrderMails,
} from '../orders/index.ts';
import { bpToPercent } from '@bookla/shared';
import { loadDocumentContext, loadDocumentContextFor, rememberDocumentContext } from './document-context.ts';
import type { DocumentContext, DocumentCreditNote } from './document-model.ts';
import { dateLocaleOf, formatDate, formatMoney, formatRate, sessionLines } from './format.ts';

/**
 * The customer's mails about an order, in the order's language, written to the outbox in the
 * transaction that changed the order (so a change and its mail commit together, and an SMTP
 * outage only delays the mail). Attachments are rendered when the mail is sent (documents.service.ts).
 *
 * - `placed`: confirmation. Free or paid at once: with the tickets (and the receipt when money
 *   was paid). Invoice: with the invoice (the tickets follow with the `paid` mail). Online
 *   payment still open: no mail yet (the `paid` one follows).
 * - `paid`: payment received: tickets and receipt.
 * - `ended`: the unpaid (or free) order was cancelled or expired; the seats are released. The mail
 *   says why: cancelled by the customer, by the organiser, or for non-payment (`endedBy`).
 * - `refunded`: a refund, full or partial: what went back, what was paid, refunded and remains,
 *   with the refund's credit note (the order's latest).
 *
 * Every mail lists the lines with their dates and location, the total with the VAT it contains,
 * and links to the order page. The sender reads "Team via Bookla" (the address stays MAIL_FROM,
 * so SPF/DKIM hold). The order's history records the queued mail (`mail_queued`).
 */
export type { OrderMailOccasion };

type MailConfig = OrderMailConfig;

/** Which mail an occasion sends and what it carries; undefined: no mail. */
export function orderMailPlan(
  order: DocumentContext['order'],
  occasion: OrderMailOccasion,
): { kind: string; attachments: MailAttachmentSpec['kind'][] } | undefined {
  const status = order.payment_status;
  if (occasion === 'ended') return { kind: 'order_ended', attachments: [] };
  if (occasion === 'refunded') return order.credit_notes.length ? { kind: 'order_refunded', attachments: ['credit_note'] } : undefined;
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
  const dates = dateLocaleOf(lang, team.billingCountry);
  const t = (key: string, params?: Record<string, unknown>) => translate(lang, `order-mails:${key}`, params);
  const money = (minor: number) => formatMoney(minor, order.currency, lang);
  const out: string[] = [];
  for (const item of order.order_items) {
    out.push(`${item.quantity} × ${item.name}: ${money(item.unit_price_minor * item.quantity)}`);
    const schedule = ctx.schedules.get(item.id);
    if (schedule?.sessions.length) {
      const lines = sessionLines(schedule.sessions, dates, team.timeZone, (first, last, count) =>
        translate(lang, 'documents:tickets.dates_summary', { first, last, count }),
      );
      out.push(t(schedule.sessions.length > 1 ? 'dates' : 'date', { dates: lines.join('; ') }));
    }
    if (schedule?.location?.length) out.push(t('location', { location: schedule.location.join(', ') }));
    if (item.participants.length)
      out.push(t('participants', { names: item.participants.map((p) => `${p.firstname} ${p.lastname}`).join(', ') }));
    for (const option of item.options)
      out.push(`+ ${option.quantity} × ${option.name}: ${money(option.unit_price_minor * option.quantity)}`);
  }
  for (const option of order.options) out.push(`${option.quantity} × ${option.name}: ${money(option.unit_price_minor * option.quantity)}`);
  if (order.discount_total_minor > 0) {
    const amount = money(order.discount_total_minor);
    out.push(order.discount_code ? t('discount_code', { code: order.discount_code, amount }) : t('discount', { amount }));
  }
  const total = formatMoney(order.total_minor, order.currency, lang);
  const vat = order.taxes
    .map((tax) => t('vat_included', { rate: formatRate(bpToPercent(tax.rate_bp), lang), tax: money(tax.tax_minor) }))
    .join(', ');
  out.push(vat ? t('total_vat', { total, vat }) : t('total', { total }));
  return out;
}

/**
 * A refund's mail: what went back (the whole order or a part, and so whether the tickets still
 * hold), how the money comes back, the order's paid, refunded and remaining amounts, and the
 * credit note attached.
 */
function refundParagraphs(ctx: DocumentContext, note: DocumentCreditNote, t: (key: string) => string): string[] {
  const { order } = ctx;
  const lang = order.language;
  const money = (minor: number) => formatMoney(minor, order.currency, lang);
  const paid = order.paid_at ? order.total_minor : 0;
  const refunded = order.credit_notes.reduce((sum, n) => sum + n.amount_minor, 0);
  const tr = (key: string, params: Record<string, unknown>) => translate(lang, `order-mails:order_refunded.${key}`, params);
  // Staff cancelled the paid order with its refund: the organiser cancelled it (issue 22 item 8).
  const intro = note.reason === 'cancelled_by_staff' ? 'intro_cancelled' : refunded >= order.total_minor ? 'intro_full' : 'intro_part';
  return [
    t(intro),
    ...(order.payment_type === 'test' ? [] : [t(note.online ? 'back_online' : 'back_by_team')]),
    tr('paid', { amount: money(paid) }),
    tr('refunded', { amount: money(refunded) }),
    tr('remaining', { amount: money(Math.max(0, paid - refunded)) }),
    t('attached'),
  ];
}

/**
 * The texts of a mail kind. An ended order's mail says why in the customer's terms (issue 22
 * item 8): she cancelled it, the organiser did, or it was not paid — the hold ran out (`expired`)
 * or the payment failed or was declined. Without `endedBy` (not expected): a cancellation counts
 * as the organiser's, anything else as unpaid.
 */
function textKeys(kind: string, order: DocumentContext['order'], opts: OrderMailOptions) {
  if (kind !== 'order_ended') return { subject: 'subject', intro: 'intro', footnote: 'footnote' };
  const by = opts.endedBy ?? (order.payment_status === 'cancelled' ? 'organiser' : 'unpaid');
  return {
    subject: `${by}.subject`,
    intro: by === 'unpaid' && order.payment_status !== 'expired' ? 'unpaid.intro_failed' : `${by}.intro`,
    footnote: by === 'organiser' ? 'organiser.footnote' : 'footnote',
  };
}

/** The mail of an occasion, composed from the context (no SQL); undefined: the occasion sends no mail now. */
export function composeOrderMail(
  ctx: DocumentContext,
  config: MailConfig,
  occasion: OrderMailOccasion,
  opts: OrderMailOptions = {},
): { mail: OutgoingMail; kind: string; attachments: MailAttachmentSpec['kind'][] } | undefined {
  const { order, team } = ctx;
  const plan = orderMailPlan(order, occasion);
  if (!plan) return undefined;
  // The booked dates as an iCalendar file ("add to calendar", CONTRACT §8) with each mail that confirms seats.
  const confirms = plan.kind !== 'order_ended' && plan.kind !== 'order_refunded';
  const attachments: MailAttachmentSpec['kind'][] =
    confirms && [...ctx.schedules.values()].some((s) => s.sessions.length) ? [...plan.attachments, 'calendar'] : plan.attachments;
  const lang = order.language;
  const dates = dateLocaleOf(lang, team.billingCountry);
  const key = textKeys(plan.kind, order, opts);
  const due = order.invoice_due_at ?? order.hold_until;
  const money = (minor: number) => formatMoney(minor, order.currency, lang);
  const creditNote = order.credit_notes.at(-1);
  const params = {
    team: team.name,
    number: order.number,
    name: `${order.firstname} ${order.lastname}`.trim(),
    total: money(order.total_minor),
    due: due ? formatDate(new Date(due), dates, team.timeZone) : '',
    amount: money(creditNote?.amount_minor ?? 0),
    credit_note: creditNote?.number ?? '',
  };
  const t = (key: string) => translate(lang, `order-mails:${plan.kind}.${key}`, params);
  const confirmHold = plan.kind === 'order_invoice' && awaitsHoldConfirm(order);
  const { html, text } = renderMail({
    lang,
    appName: team.name,
    greeting: t('greeting'),
    // An unconfirmed address (issue 20 item 1): the seats stay held past 30 minutes only once this mail's link is opened.
    paragraphs: [
      ...(order.payment_type === 'test' ? [translate(lang, 'order-mails:test_notice')] : []),
      ...(plan.kind === 'order_refunded' && creditNote
        ? refundParagraphs(ctx, creditNote, t)
        : [t(key.intro), ...(confirmHold ? [translate(lang, 'order-mails:confirm_hold', params)] : []), ...orderSummary(ctx)]),
    ],
    action: {
      label: t('action'),
      url: confirmHold
        ? withHoldConfirm(config, orderPageUrl(config, lang, team.id, ctx.link), ctx.link.publicId)
        : orderPageUrl(config, lang, team.id, ctx.link),
    },
    footnote: t(key.footnote),
  });
  const mail: OutgoingMail = {
    to: order.email,
    // A test-mode order (issue 20): "[TEST]" before the subject, and a first paragraph saying so.
    subject: (order.payment_type === 'test' ? translate(lang, 'order-mails:test_prefix') + ' ' : '') + t(key.subject),
    text,
    html,
    kind: plan.kind,
    language: lang,
    teamId: team.id,
    attachments: attachments.map(
      (kind): MailAttachmentSpec =>
        kind === 'credit_note' ? { kind, orderId: order.id, creditNote: creditNote?.index ?? 0 } : { kind, orderId: order.id },
    ),
    fromName: translate(lang, 'order-mails:from', { team: team.name, app: config.appName }),
    // The confirmation goes to whatever address the checkout was given: mail quotas (issue 20 item 5).
    anonymous: occasion === 'placed',
  };
  return { mail, kind: plan.kind, attachments };
}

/** The order's history entry of the mail (`mail_queued`), as a CTE of the outbox write: it reads the mail's id from `outbox_mail`. */
function mailQueuedEvent(ctx: DocumentContext, occasion: OrderMailOccasion, kind: string, attachments: string[]): SQL {
  return sql`INSERT INTO order_events (team_id, order_id, type, actor, data)
    SELECT ${ctx.team.id}::int, ${ctx.order.id}::int, 'mail_queued', 'system',
           jsonb_build_object('occasion', ${occasion}::text, 'kind', ${kind}::text, 'email_id', outbox_mail.id,
                              'attachments', ${JSON.stringify(attachments)}::jsonb)
      FROM outbox_mail`;
}

/**
 * Writes the mail of an occasion to the outbox with its send job and the order's history entry,
 * in one statement after the one that reads the order (two in all). Used within the transaction
 * that changed the order (payment, end), so the change and its mail commit together.
 */
export async function queueOrderMail(
  db: DbOrTx,
  config: MailConfig,
  teamId: number,
  orderId: number,
  occasion: OrderMailOccasion,
  opts: OrderMailOptions = {},
): Promise<number | undefined> {
  const ctx = await loadDocumentContext(db, teamId, orderId);
  if (!ctx) return undefined;
  const composed = composeOrderMail(ctx, config, occasion, opts);
  if (!composed) return undefined;
  const written = await writeMail(db, config, composed.mail, {
    with: [mailQueuedEvent(ctx, occasion, composed.kind, composed.attachments)],
  });
  return written!.mail.id;
}

export type OrderMailWrite =
  /** Nothing written: no such order, a mail of this occasion exists, or the occasion sends none now. */
  | { outcome: 'none' }
  /** The write statement ran and its `with` writes with it, but found the mail already queued. */
  | { outcome: 'duplicate' }
  | { outcome: 'written'; written: WrittenMail; memo: Map<string, unknown> };

/**
 * The `order.mail` job's work, in the caller's transaction: locks the order and reads its document
 * context (one statement), composes the mail, then writes it (status pending), its send job
 * already claimed by the caller and the order's history entry, together with the caller's `with`
 * writes (the job's own `done`), in one more statement, unless the history already has a mail of
 * this occasion. That check runs in the writing statement, after the lock was taken, so it sees
 * whatever a worker that held the lock before committed: two workers never write the mail twice.
 * The caller sends the mail after COMMIT (MailSender.deliver) with `memo`: the attachments are
 * rendered from the context just read under the lock, without reading it again.
 */
export async function writeOrderMailOnce(
  tx: DbOrTx,
  config: MailConfig,
  teamId: number,
  orderId: number,
  occasion: OrderMailOccasion,
  also: SQL[],
): Promise<OrderMailWrite> {
  const loaded = await loadDocumentContextFor(tx, teamId, orderId, { lockOrder: true, mailOccasion: occasion });
  if (!loaded || loaded.mailQueued) return { outcome: 'none' };
  const { ctx } = loaded;
  const composed = composeOrderMail(ctx, config, occasion);
  if (!composed) return { outcome: 'none' };
  const written = await writeMail(tx, config, composed.mail, {
    send: 'claimed',
    onlyIf: sql`NOT EXISTS (SELECT 1 FROM order_events e
                 WHERE e.order_id = ${orderId}::int AND e.type = 'mail_queued' AND e.data->>'occasion' = ${occasion}::text)`,
    with: [mailQueuedEvent(ctx, occasion, composed.kind, composed.attachments), ...also],
  });
  if (!written) return { outcome: 'duplicate' };
  const memo = new Map<string, unknown>();
  rememberDocumentContext(memo, ctx);
  return { outcome: 'written', written, memo };
}

/** The order mails as orders use them (their port, orders/order-mails-port.ts); the app puts this into its deps. */
export const orderMails: OrderMails = { queue: queueOrderMail };
