import { mkdir, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Language, MailAttachmentSpec } from '@bookla/shared';
import type { Config } from '../config/env.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { emails } from '../db/schema/index.ts';
import { enqueueJob, type JobRunner } from './jobs.ts';

/**
 * Mail goes through an outbox: every mail is first written to `emails` (the email archive),
 * then sent by the `mail.send` job with retries and backoff. Without SMTP_URL a mail is kept
 * in the archive and written as an `.eml` file under `DATA_DIR/mail/` (so a local run can open
 * its verification link), and logged by id and file only: links in it are secrets, addresses
 * personal data. Never lost.
 *
 * Attachments are stored as specs (`{kind: 'tickets', orderId}`) and rendered by the renderers
 * given to `registerMailJob` when the mail is sent, so they show the order as it is then. A
 * renderer that fails fails the attempt: the mail is retried, never sent without its attachment.
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
  language: Language;
  teamId?: number | null;
  userId?: number | null;
  /** Rendered when the mail is sent, by the renderer of their kind (see registerMailJob). */
  attachments?: MailAttachmentSpec[];
  /** Display name of the sender (`"Yoga Studio via Bookla" <MAIL_FROM>`); default APP_NAME. */
  fromName?: string;
}

/** `"Name" <address>` with the name quoted as RFC 5322 wants it (no line breaks, quotes escaped). */
export function mailbox(name: string, address: string): string {
  const clean = name
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `"${clean.replace(/["\\]/g, (c) => `\\${c}`)}" <${address}>`;
}

export const MAIL_JOB = 'mail.send';

/** Writes the mail and its send job; pass a transaction to make both part of a larger change. */
export async function queueMail(db: DbOrTx, config: Pick<Config, 'mailFrom' | 'appName'>, mail: OutgoingMail): Promise<number> {
  const [row] = await db
    .insert(emails)
    .values({
      teamId: mail.teamId ?? null,
      userId: mail.userId ?? null,
      kind: mail.kind,
      language: mail.language,
      fromAddress: mailbox(mail.fromName ?? config.appName, config.mailFrom),
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      attachments: mail.attachments ?? [],
    })
    .returning({ id: emails.id });
  await enqueueJob(db, MAIL_JOB, { emailId: row!.id }, { maxAttempts: 10 });
  return row!.id;
}

export function createTransport(smtpUrl: string | undefined): Transporter | undefined {
  if (!smtpUrl) return undefined;
  return nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as never);
}

/** Where mails go without SMTP_URL. */
export function mailDirectory(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'mail');
}

/** The start banner's line without SMTP_URL: where to find the mails (`./data/mail` below the working directory). */
export function noSmtpNotice(config: Pick<Config, 'dataDir' | 'smtpUrl'>, cwd = process.cwd()): string | undefined {
  if (config.smtpUrl) return undefined;
  const dir = mailDirectory(config);
  const rel = relative(cwd, dir);
  const shown = rel && !rel.startsWith('..') && !isAbsolute(rel) ? `./${rel.split(sep).join('/')}` : dir;
  return `no SMTP configured: mails are written to ${shown}`;
}

type MailRow = typeof emails.$inferSelect;

export interface RenderedAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/**
 * Renders an attachment spec when its mail is sent. Returns null when the attachment no longer
 * applies (left out on purpose); throws when it cannot be rendered now (the mail is retried).
 */
export type AttachmentRenderer = (
  spec: MailAttachmentSpec,
  mail: { teamId: number | null; language: string },
) => Promise<RenderedAttachment | null>;

export type AttachmentRenderers = Partial<Record<MailAttachmentSpec['kind'], AttachmentRenderer>>;

async function renderAttachments(mail: MailRow, renderers: AttachmentRenderers): Promise<RenderedAttachment[]> {
  const out: RenderedAttachment[] = [];
  for (const spec of mail.attachments ?? []) {
    const render = renderers[spec.kind];
    if (!render) throw new Error(`no renderer for mail attachments of kind ${String(spec.kind)}`);
    const rendered = await render(spec, { teamId: mail.teamId, language: mail.language });
    if (rendered) out.push(rendered);
  }
  return out;
}

function message(mail: MailRow, attachments: RenderedAttachment[] = []) {
  return {
    from: mail.fromAddress,
    to: mail.toAddress,
    subject: mail.subject,
    text: mail.textBody,
    html: mail.htmlBody ?? undefined,
    ...(attachments.length
      ? { attachments: attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })) }
      : {}),
  };
}

/** RFC 822 text of a mail, as SMTP would carry it (attachments included, should a mail have any). */
const fileTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

/**
 * Writes the mail as `<time>-<id>-<kind>.eml` (no address in the name: file lists are shown
 * around). Returns the file's path.
 */
async function writeMailFile(dir: string, mail: MailRow, attachments: RenderedAttachment[]): Promise<string> {
  const info = (await fileTransport.sendMail({ ...message(mail, attachments), textEncoding: 'quoted-printable' })) as { message: Buffer };
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = join(dir, `${stamp}-${mail.id}-${mail.kind.replace(/[^a-z0-9_-]/gi, '_')}.eml`);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(file, info.message, { mode: 0o600 });
  return file;
}

export function registerMailJob(
  runner: JobRunner,
  db: Db,
  transport: Transporter | undefined,
  log: FastifyBaseLogger,
  opts: { mailDir: string; attachments?: AttachmentRenderers },
): void {
  const renderers = opts.attachments ?? {};
  runner.register(
    MAIL_JOB,
    async (payload, { attempt, maxAttempts }) => {
      const emailId = Number(payload.emailId);
      const [mail] = await db.select().from(emails).where(eq(emails.id, emailId));
      if (!mail || mail.status === 'sent' || mail.status === 'kept') return;
      const failed = async (err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        const status = attempt >= maxAttempts ? 'failed' : 'pending';
        await db
          .update(emails)
          .set({ status, attempts: attempt, lastError: message.slice(0, 2000) })
          .where(eq(emails.id, emailId));
      };
      // Attachments first, for both ways out: a mail leaves with all of them or not at all.
      let attachments: RenderedAttachment[];
      try {
        attachments = await renderAttachments(mail, renderers);
      } catch (err) {
        await failed(err);
        throw err;
      }
      if (!transport) {
        await db.update(emails).set({ status: 'kept', attempts: attempt, lastError: null }).where(eq(emails.id, emailId));
        // Neither the body (its links are secrets) nor the address: the archive row and the file have both.
        try {
          const file = await writeMailFile(opts.mailDir, mail, attachments);
          log.info({ emailId, kind: mail.kind, file }, 'no SMTP_URL set: mail kept in the email archive and written to a file');
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code;
          log.warn(
            { emailId, kind: mail.kind, dir: opts.mailDir, code },
            'no SMTP_URL set: mail kept in the email archive, writing its file failed',
          );
        }
        return;
      }
      try {
        const info = (await transport.sendMail(message(mail, attachments))) as { messageId?: string };
        await db
          .update(emails)
          .set({ status: 'sent', sentAt: new Date(), attempts: attempt, messageId: info.messageId ?? null, lastError: null })
          .where(eq(emails.id, emailId));
      } catch (err) {
        await failed(err);
        throw err;
      }
    },
    // A claim lasts a minute (SMTP timeouts add up to 40 s): a mail whose worker died goes out soon after a restart.
    { lockMs: 60_000 },
  );
}
