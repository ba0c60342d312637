import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Language } from '@bookla/shared';
import type { Config } from '../config/env.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { emails } from '../db/schema/index.ts';
import { enqueueJob, type JobRunner } from './jobs.ts';

/**
 * Mail goes through an outbox: every mail is first written to `emails` (the email archive),
 * then sent by the `mail.send` job with retries and backoff. Without SMTP_URL a mail is kept
 * in the archive and logged (without its body: links in it are secrets), never lost.
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
      fromAddress: `"${config.appName}" <${config.mailFrom}>`,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
    })
    .returning({ id: emails.id });
  await enqueueJob(db, MAIL_JOB, { emailId: row!.id }, { maxAttempts: 10 });
  return row!.id;
}

export function createTransport(smtpUrl: string | undefined): Transporter | undefined {
  if (!smtpUrl) return undefined;
  return nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as never);
}

export function registerMailJob(runner: JobRunner, db: Db, transport: Transporter | undefined, log: FastifyBaseLogger): void {
  runner.register(MAIL_JOB, async (payload, { attempt, maxAttempts }) => {
    const emailId = Number(payload.emailId);
    const [mail] = await db.select().from(emails).where(eq(emails.id, emailId));
    if (!mail || mail.status === 'sent' || mail.status === 'kept') return;
    if (!transport) {
      await db.update(emails).set({ status: 'kept', attempts: attempt }).where(eq(emails.id, emailId));
      log.info({ emailId, kind: mail.kind, to: mail.toAddress }, 'no SMTP_URL set: mail kept in the email archive');
      return;
    }
    try {
      const info = (await transport.sendMail({
        from: mail.fromAddress,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody ?? undefined,
      })) as { messageId?: string };
      await db
        .update(emails)
        .set({ status: 'sent', sentAt: new Date(), attempts: attempt, messageId: info.messageId ?? null, lastError: null })
        .where(eq(emails.id, emailId));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const status = attempt >= maxAttempts ? 'failed' : 'pending';
      await db
        .update(emails)
        .set({ status, attempts: attempt, lastError: message.slice(0, 2000) })
        .where(eq(emails.id, emailId));
      throw err;
    }
  });
}
