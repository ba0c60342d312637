import { PLATFORM_TIME_ZONE, type Language, type MailAttachmentSpec, type PlatformInvoiceLine } from '@bookla/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../../../config/env.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { PlatformParty } from '../../../db/schema/platform.ts';
import { translate } from '../../../lib/i18n.ts';
import { renderMail } from '../../../lib/mail-layout.ts';
import { queueMail, type AttachmentRenderers, type RenderedAttachment } from '../../../lib/mailer.ts';
import {
  formatMoney,
  monthName,
  platformInvoiceFileName,
  type DocumentRenderer,
  type PlatformInvoiceDocument,
} from '../../selling/documents/index.ts';

/**
 * The platform invoice's mail to the team's owners (each in their own language), with the PDF
 * attached: the attachment is a spec in the outbox (`{kind: 'platform_invoice'}`) rendered when the
 * mail is sent, like the order documents. Exactly once per invoice: `mailed_at` is set by the
 * transaction that queues the mails, and only where it was still empty.
 */

export const PLATFORM_INVOICE_MAIL_KIND = 'platform_invoice';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

interface InvoiceRow {
  id: number;
  team_id: number;
  month: string;
  number: string;
  currency: string;
  lines: PlatformInvoiceLine[];
  subtotal_minor: number;
  vat_rate_bp: number;
  vat_minor: number;
  total_minor: number;
  issuer: PlatformParty;
  recipient: PlatformParty;
  due_at: string;
  paid_at: string | null;
  created_at: string;
}

/** The stored invoice as the PDF shows it (undefined: no such invoice, or not `teamId`'s when given). */
export async function invoiceDocument(db: DbOrTx, id: number, teamId?: number): Promise<PlatformInvoiceDocument | undefined> {
  const [row] = rowsOf<InvoiceRow>(
    await db.execute(sql`
      SELECT id, team_id, month, number, currency, lines, subtotal_minor, vat_rate_bp, vat_minor, total_minor, issuer, recipient,
             to_char(due_at, 'YYYY-MM-DD') AS due_at,
             to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS paid_at,
             to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
      FROM platform_invoices WHERE id = ${id} ${teamId === undefined ? sql`` : sql`AND team_id = ${teamId}`}`),
  );
  if (!row) return undefined;
  return {
    number: row.number,
    month: row.month,
    currency: row.currency,
    issuedAt: row.created_at,
    dueAt: row.due_at,
    paidAt: row.paid_at,
    lines: row.lines,
    subtotalMinor: row.subtotal_minor,
    vatRateBp: row.vat_rate_bp,
    vatMinor: row.vat_minor,
    totalMinor: row.total_minor,
    issuer: row.issuer,
    recipient: row.recipient,
    teamId: row.team_id,
  };
}

export async function renderInvoicePdf(
  pdf: DocumentRenderer,
  config: Pick<Config, 'appName'>,
  invoice: PlatformInvoiceDocument,
  language: Language,
): Promise<Buffer> {
  const out = await pdf.render({ kind: 'platform_invoice', invoice, language, config: { appName: config.appName } });
  return out.content;
}

/** The mail job's renderer of `{kind: 'platform_invoice'}` attachments. */
export function platformInvoiceAttachmentRenderers(deps: {
  db: Db;
  config: Pick<Config, 'appName'>;
  pdf: DocumentRenderer;
}): AttachmentRenderers {
  return {
    platform_invoice: async (spec: MailAttachmentSpec, mail): Promise<RenderedAttachment | null> => {
      if (spec.kind !== 'platform_invoice') throw new Error(`not a platform invoice attachment: ${spec.kind}`);
      const invoice = await invoiceDocument(deps.db, spec.platformInvoiceId, mail.teamId ?? undefined);
      if (!invoice) throw new Error(`platform invoice ${spec.platformInvoiceId} of team ${mail.teamId} not found`);
      const lang: Language = mail.language === 'en' || mail.language === 'fr' ? mail.language : 'de';
      return {
        filename: platformInvoiceFileName(invoice.number),
        content: await renderInvoicePdf(deps.pdf, deps.config, invoice, lang),
        contentType: 'application/pdf',
      };
    },
  };
}

type MailConfig = Pick<Config, 'appUrl' | 'appName' | 'mailFrom'>;

function dueText(lang: Language, day: string): string {
  const locale = lang === 'fr' ? 'fr-CH' : lang === 'en' ? 'en-GB' : 'de-CH';
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: PLATFORM_TIME_ZONE }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** Queues the invoice's mail to each owner of its team (in `tx`). Returns how many. */
async function queueOwnerMails(
  tx: DbOrTx,
  config: MailConfig,
  invoice: { id: number; team_id: number; team_name: string } & PlatformInvoiceDocument,
): Promise<number> {
  const owners = rowsOf<{ id: number; email: string; firstname: string; language: Language }>(
    await tx.execute(sql`
      SELECT u.id, u.email, u.firstname, u.language FROM team_members m JOIN users u ON u.id = m.user_id
      WHERE m.team_id = ${invoice.team_id} AND m.role = 'owner' ORDER BY u.id`),
  );
  for (const owner of owners) {
    const lang: Language = owner.language === 'en' || owner.language === 'fr' ? owner.language : 'de';
    const params = {
      app: config.appName,
      number: invoice.number,
      name: owner.firstname,
      team: invoice.team_name,
      month: monthName(lang, invoice.month),
      total: formatMoney(invoice.totalMinor, invoice.currency, lang),
      due: dueText(lang, invoice.dueAt),
    };
    const t = (key: string) => translate(lang, `platform:mail.${key}`, params);
    const { html, text } = renderMail({
      lang,
      appName: config.appName,
      greeting: t('greeting'),
      paragraphs: [t('intro'), t('billing')],
      action: { label: t('action'), url: `${config.appUrl}/${lang}/backend/config/team/billing` },
      footnote: t('footnote'),
    });
    await queueMail(tx, config, {
      to: owner.email,
      subject: t('subject'),
      text,
      html,
      kind: PLATFORM_INVOICE_MAIL_KIND,
      language: lang,
      teamId: invoice.team_id,
      userId: owner.id,
      attachments: [{ kind: 'platform_invoice', platformInvoiceId: invoice.id }],
    });
  }
  return owners.length;
}

/**
 * Mails every invoice (of `month`, or any) not mailed yet: each in a transaction that claims it
 * (`mailed_at` still empty) and queues its owners' mails, so a second run or a concurrent one
 * mails nothing again. Returns the invoices mailed.
 */
export async function mailUnmailedInvoices(deps: { db: Db; config: MailConfig }, month: string | undefined, now: Date): Promise<number> {
  const pending = rowsOf<{ id: number }>(
    await deps.db.execute(
      sql`SELECT id FROM platform_invoices WHERE mailed_at IS NULL ${month ? sql`AND month = ${month}` : sql``} ORDER BY id`,
    ),
  );
  let mailed = 0;
  for (const { id } of pending) {
    const done = await deps.db.transaction(async (tx) => {
      const [claimed] = rowsOf<{ id: number; team_id: number; team_name: string }>(
        await tx.execute(sql`
          UPDATE platform_invoices p SET mailed_at = ${now.toISOString()}::timestamptz, updated_at = now()
          FROM teams t WHERE p.id = ${id} AND p.mailed_at IS NULL AND t.id = p.team_id
          RETURNING p.id, p.team_id, t.name AS team_name`),
      );
      if (!claimed) return false;
      const doc = await invoiceDocument(tx, id);
      await queueOwnerMails(tx, deps.config, { ...claimed, ...doc! });
      return true;
    });
    if (done) mailed++;
  }
  return mailed;
}
