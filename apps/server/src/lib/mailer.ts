import { mkdir, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Language, MailAttachmentSpec } from '@bookla/shared';
import type { Config } from '../config/env.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { emails } from '../db/schema/index.ts';
import { withTitle } from './mail-layout.ts';
import { mailQuotaCtes } from './mail-quota.ts';
import { executePrepared, JOB_SETTLED, settleJobSql, type ClaimedJob, type JobRunner } from './jobs.ts';

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
 *
 * A job that writes a mail may also send it at once (`writeMail(…, { send: 'claimed' })` and
 * `MailSender.deliver`): the outbox row and its send job commit first, the job born claimed by
 * that worker; a failed attempt leaves it queued with backoff, a dead worker's claim expires.
 * Same guarantees, without a second job run (see docs/decisions/012-selling.md).
 *
 * A mail sent in a team's name (`fromName`, "Yoga Studio via Bookla") is answered to the team:
 * its Reply-To is the team's contact address, read when the mail is sent (the address of the
 * team's owner, the one it registered with; docs/decisions/018-pdf-fonts-and-qr-bill.md). The
 * platform's own mails (account, invitations, notices to staff) have none. An HTML body gets the
 * subject as its `<title>` here, where every mail passes.
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
  /**
   * An anonymous caller caused this mail (checkout, waiting-list sign-up, customer links): it
   * counts against the mail quotas per recipient and per team (lib/mail-quota.ts); past either
   * it is archived as `skipped` and not sent.
   */
  anonymous?: boolean;
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
/** How long a send claim lasts (SMTP timeouts add up to 40 s): a mail whose worker died goes out soon after. */
export const MAIL_LOCK_MS = 60_000;
const MAIL_MAX_ATTEMPTS = 10;

/** An outbox row as sending needs it. */
export type OutboxMail = Pick<
  typeof emails.$inferSelect,
  'id' | 'teamId' | 'kind' | 'language' | 'fromAddress' | 'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'attachments'
> & {
  /** The team's contact address for a mail in its name (not stored: read with the mail, see teamReplyTo). */
  replyTo?: string | null;
};

/** The platform's own sender, `"APP_NAME" <MAIL_FROM>`: a mail from anyone else is in a team's name. */
const platformSender = (config: Pick<Config, 'mailFrom' | 'appName'>) => mailbox(config.appName, config.mailFrom);

/**
 * The Reply-To of an outbox mail, as SQL over its team and sender: the contact address of the team
 * (its owner's) when the mail is sent in the team's name, else NULL.
 */
function teamReplyTo(teamId: SQL, fromAddress: SQL, platform: string): SQL<string | null> {
  return sql<string | null>`CASE WHEN ${teamId} IS NOT NULL AND ${fromAddress} <> ${platform}::text
    THEN (SELECT u.email FROM teams t JOIN users u ON u.id = t.owner_id WHERE t.id = ${teamId}) END`;
}

export interface WriteMailOptions {
  /**
   * `due` (default): the send job waits for a runner. `claimed`: the send job is written already
   * claimed by the caller (running, attempt 1, its claim expiring after MAIL_LOCK_MS), who then
   * sends at once with `MailSender.deliver`; should the caller die first, the claim expires and
   * any runner sends the mail. Either way the mail is in the outbox before it is sent.
   */
  send?: 'due' | 'claimed';
  /** A condition of the same statement: false writes nothing (and returns undefined). */
  onlyIf?: SQL;
  /**
   * More writes of the same statement, as CTE bodies; they may read the new mail's id from
   * `outbox_mail` (e.g. `INSERT … SELECT outbox_mail.id FROM outbox_mail`). Data-modifying CTEs
   * always run, whether or not the mail was written.
   */
  with?: SQL[];
}

export interface WrittenMail {
  mail: OutboxMail;
  /** The mail's send job (claimed by the caller when `send: 'claimed'`); null: skipped (over a mail quota), nothing to send. */
  sendJob: ClaimedJob | null;
}

/**
 * Writes the mail and its send job in ONE statement (with the caller's extra writes, see
 * WriteMailOptions). Pass a transaction to make it part of a larger change.
 */
export async function writeMail(
  db: DbOrTx,
  config: Pick<Config, 'mailFrom' | 'appName'>,
  mail: OutgoingMail,
  opts: WriteMailOptions = {},
): Promise<WrittenMail | undefined> {
  const fromAddress = mailbox(mail.fromName ?? config.appName, config.mailFrom);
  const html = mail.html === undefined ? null : withTitle(mail.html, mail.subject);
  const attachments = mail.attachments ?? [];
  const claimed = opts.send === 'claimed';
  const extra = (opts.with ?? []).map((body, i) => sql`, ${sql.raw(`outbox_extra_${i}`)} AS (${body})`);
  const onlyIf = opts.onlyIf ?? sql`true`;
  // A quota'd mail is written either way (the archive shows it), as `skipped` past a quota, with no send job.
  const quota = mail.anonymous ? mailQuotaCtes(mail.to, mail.teamId ?? null, onlyIf) : undefined;
  const status = quota ? sql`CASE WHEN ${quota.allowed} THEN 'pending' ELSE 'skipped' END` : sql`'pending'`;
  const [row] = await executePrepared<{
    email_id: string | number;
    job_id: string | number | null;
    attempts: number | null;
    reply_to: string | null;
  }>(
    db,
    sql`
    WITH ${quota ? quota.ctes : sql``}
    outbox_mail AS (
      INSERT INTO emails (team_id, user_id, kind, language, from_address, to_address, subject, text_body, html_body, attachments, status)
      SELECT ${mail.teamId ?? null}::int, ${mail.userId ?? null}::int, ${mail.kind}::text, ${mail.language}::text, ${fromAddress}::text,
             ${mail.to}::text, ${mail.subject}::text, ${mail.text}::text, ${html}::text, ${JSON.stringify(attachments)}::jsonb,
             ${status}
      WHERE ${onlyIf}
      RETURNING id, status),
    outbox_job AS (
      INSERT INTO jobs (type, payload, max_attempts, run_at, status, attempts, locked_until)
      SELECT ${MAIL_JOB}::text, jsonb_build_object('emailId', outbox_mail.id), ${MAIL_MAX_ATTEMPTS}::int, now(),
             ${claimed ? 'running' : 'queued'}::text, ${claimed ? 1 : 0}::int,
             ${claimed ? sql`now() + ${MAIL_LOCK_MS}::int * interval '1 millisecond'` : sql`NULL::timestamptz`}
      FROM outbox_mail WHERE outbox_mail.status = 'pending'
      RETURNING id, attempts)${sql.join(extra, sql``)}
    SELECT outbox_mail.id AS email_id, outbox_job.id AS job_id, outbox_job.attempts,
           ${teamReplyTo(sql`${mail.teamId ?? null}::int`, sql`${fromAddress}::text`, platformSender(config))} AS reply_to
      FROM outbox_mail LEFT JOIN outbox_job ON true`,
  );
  if (!row) return undefined;
  return {
    mail: {
      id: Number(row.email_id),
      teamId: mail.teamId ?? null,
      kind: mail.kind,
      language: mail.language,
      fromAddress,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: html,
      attachments,
      replyTo: row.reply_to,
    },
    sendJob: row.job_id === null ? null : { id: Number(row.job_id), attempt: Number(row.attempts), maxAttempts: MAIL_MAX_ATTEMPTS },
  };
}

/** Writes the mail and its send job (one statement); pass a transaction to make both part of a larger change. */
export async function queueMail(db: DbOrTx, config: Pick<Config, 'mailFrom' | 'appName'>, mail: OutgoingMail): Promise<number> {
  const written = await writeMail(db, config, mail);
  return written!.mail.id;
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

export interface RenderedAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/**
 * Renders an attachment spec when its mail is sent. Returns null when the attachment no longer
 * applies (left out on purpose); throws when it cannot be rendered now (the mail is retried).
 * `memo` lives for one sending of one mail: renderers keep what they share there (the order that
 * tickets and receipt both show is read once), and whoever composed the mail just before may
 * have left it there already.
 */
export type AttachmentRenderer = (
  spec: MailAttachmentSpec,
  mail: { teamId: number | null; language: string; memo: Map<string, unknown> },
) => Promise<RenderedAttachment | null>;

export type AttachmentRenderers = Partial<Record<MailAttachmentSpec['kind'], AttachmentRenderer>>;

async function renderAttachments(
  mail: OutboxMail,
  renderers: AttachmentRenderers,
  memo: Map<string, unknown>,
): Promise<RenderedAttachment[]> {
  const out: RenderedAttachment[] = [];
  for (const spec of mail.attachments ?? []) {
    const render = renderers[spec.kind];
    if (!render) throw new Error(`no renderer for mail attachments of kind ${String(spec.kind)}`);
    const rendered = await render(spec, { teamId: mail.teamId, language: mail.language, memo });
    if (rendered) out.push(rendered);
  }
  return out;
}

function message(mail: OutboxMail, attachments: RenderedAttachment[] = []) {
  return {
    from: mail.fromAddress,
    to: mail.toAddress,
    subject: mail.subject,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
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
async function writeMailFile(dir: string, mail: OutboxMail, attachments: RenderedAttachment[]): Promise<string> {
  const info = (await fileTransport.sendMail({ ...message(mail, attachments), textEncoding: 'quoted-printable' })) as { message: Buffer };
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = join(dir, `${stamp}-${mail.id}-${mail.kind.replace(/[^a-z0-9_-]/gi, '_')}.eml`);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(file, info.message, { mode: 0o600 });
  return file;
}

export interface MailSender {
  /**
   * One attempt to send an outbox mail, as the attempt `job` of its send job: renders the
   * attachments, sends the mail (or keeps it as an .eml file without SMTP), then records the
   * outcome on the mail and settles the job in ONE statement (fenced by the claim, see
   * settleJobSql). A failure is recorded, not thrown: the job is queued again with backoff.
   * Throws only when that last statement fails (the claim then expires and the mail is retried).
   */
  deliver(mail: OutboxMail, job: ClaimedJob, memo?: Map<string, unknown>): Promise<'sent' | 'kept' | 'retry' | 'failed'>;
}

export function createMailSender(
  db: Db,
  transport: Transporter | undefined,
  log: FastifyBaseLogger,
  opts: { mailDir: string; attachments?: AttachmentRenderers },
): MailSender {
  const renderers = opts.attachments ?? {};
  /** The mail's new state and the job's outcome, in one statement; the mail changes only while the claim holds. */
  const settle = (job: ClaimedJob, emailId: number, set: SQL, error?: string) =>
    executePrepared(
      db,
      sql`
      WITH settled_job AS (${settleJobSql(job, error)})
      UPDATE emails SET ${set}, attempts = ${job.attempt}::int WHERE id = ${emailId} AND EXISTS (SELECT 1 FROM settled_job)`,
    );

  return {
    async deliver(mail, job, memo = new Map()) {
      const failed = async (err: unknown) => {
        const text = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
        const final = job.attempt >= job.maxAttempts;
        log.warn({ emailId: mail.id, jobId: job.id, kind: mail.kind, attempt: job.attempt, final, err: text }, 'mail not sent');
        await settle(job, mail.id, sql`status = ${final ? 'failed' : 'pending'}, last_error = ${text}`, text);
        return final ? 'failed' : 'retry';
      };
      // Attachments first, for both ways out: a mail leaves with all of them or not at all.
      let attachments: RenderedAttachment[];
      try {
        attachments = await renderAttachments(mail, renderers, memo);
      } catch (err) {
        return failed(err);
      }
      if (!transport) {
        await settle(job, mail.id, sql`status = 'kept', last_error = NULL`);
        // Neither the body (its links are secrets) nor the address: the archive row and the file have both.
        try {
          const file = await writeMailFile(opts.mailDir, mail, attachments);
          log.info({ emailId: mail.id, kind: mail.kind, file }, 'no SMTP_URL set: mail kept in the email archive and written to a file');
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code;
          log.warn(
            { emailId: mail.id, kind: mail.kind, dir: opts.mailDir, code },
            'no SMTP_URL set: mail kept in the email archive, writing its file failed',
          );
        }
        return 'kept';
      }
      let messageId: string | null;
      try {
        const info = (await transport.sendMail(message(mail, attachments))) as { messageId?: string };
        messageId = info.messageId ?? null;
      } catch (err) {
        return failed(err);
      }
      await settle(job, mail.id, sql`status = 'sent', sent_at = now(), message_id = ${messageId}, last_error = NULL`);
      return 'sent';
    },
  };
}

/**
 * The `mail.send` job: sends a mail of the outbox (queueMail, or a mail whose direct sending
 * failed or whose sender died, see WriteMailOptions.send). Returns the sender, for jobs that
 * write a mail and send it at once.
 */
export function registerMailJob(
  runner: JobRunner,
  db: Db,
  transport: Transporter | undefined,
  log: FastifyBaseLogger,
  opts: { mailDir: string; attachments?: AttachmentRenderers; config: Pick<Config, 'mailFrom' | 'appName'> },
): MailSender {
  const sender = createMailSender(db, transport, log, opts);
  const replyTo = teamReplyTo(sql`${emails.teamId}`, sql`${emails.fromAddress}`, platformSender(opts.config));
  runner.register(
    MAIL_JOB,
    async (payload, { attempt, maxAttempts, jobId }) => {
      const [mail] = await db
        .select({ ...getTableColumns(emails), replyTo })
        .from(emails)
        .where(eq(emails.id, Number(payload.emailId)));
      if (!mail || mail.status === 'sent' || mail.status === 'kept' || mail.status === 'skipped') return;
      await sender.deliver(mail, { id: jobId, attempt, maxAttempts });
      return JOB_SETTLED;
    },
    { lockMs: MAIL_LOCK_MS },
  );
  return sender;
}
