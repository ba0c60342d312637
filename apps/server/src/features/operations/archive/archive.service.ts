import {
  EMAIL_ARCHIVE_STATUSES,
  isResendableMailKind,
  LANGUAGES,
  type EmailArchiveDetail,
  type EmailArchiveItem,
  type EmailArchiveSortField,
  type EmailArchiveStatus,
  type Language,
} from '@bookla/shared';
import { toZonedIso, toZonedIsoOrNull, zonedTimeToUtc } from '@bookla/shared/zoned-time';
import type { AppDeps } from '../../../types.ts';
import { AppError, notFound, validationError } from '../../../lib/app-error.ts';
import { queueMail } from '../../../lib/mailer.ts';
import { takeAttempt } from '../../../plugins/rate-limit.ts';
import { recordOrderEvent } from '../../selling/orders/index.ts';
import * as repo from './archive.repo.ts';
import type { EmailListRow, EmailRow } from './archive.repo.ts';
import { neutraliseHtml } from './mail-html.ts';
import { failureReason, maskSecrets, redactError } from './mail-secrets.ts';

/**
 * The email archive (`/backend/archive/team`): the company's mails as the outbox holds them, with
 * their state, and a resend that queues a new copy through the outbox (the original stays as it
 * was). Bodies leave the server only masked and neutralised (mail-secrets.ts, mail-html.ts).
 */

export interface ArchiveTeam {
  id: number;
  timeZone: string;
}

export interface ArchiveListInput {
  page: number;
  perPage: number;
  sort: { field: EmailArchiveSortField; type: 'asc' | 'desc' };
  columnFilters: Record<string, string>;
}

const STORED_STATUS: Record<EmailArchiveStatus, string> = {
  queued: 'pending',
  sent: 'sent',
  kept: 'kept',
  failed: 'failed',
  skipped: 'skipped',
};

function shownStatus(stored: string): EmailArchiveStatus {
  return stored === 'sent' || stored === 'kept' || stored === 'failed' || stored === 'skipped' ? stored : 'queued';
}

/** The attachments' orders (an order mail carries them), else the order page linked in the text. */
function orderIdsOf(row: Pick<EmailRow, 'attachments'> & { textBody?: string }, teamId: number): number[] {
  const ids = (row.attachments ?? []).flatMap((a) =>
    a.orderId !== undefined && Number.isSafeInteger(a.orderId) && a.orderId > 0 ? [a.orderId] : [],
  );
  if (!ids.length && row.textBody) {
    const m = new RegExp(`/shop/${teamId}/order/(\\d{1,10})(?:[?#/\\s]|$)`).exec(row.textBody);
    if (m) ids.push(Number(m[1]));
  }
  return ids;
}

function toItem(row: EmailListRow, team: ArchiveTeam, numbers: Map<number, number>): EmailArchiveItem {
  const status = shownStatus(row.status);
  return {
    id: row.id,
    kind: row.kind,
    language: row.language,
    recipient: row.toAddress,
    subject: maskSecrets(row.subject),
    status,
    attempts: row.attempts,
    failure_reason: status === 'failed' || status === 'queued' ? failureReason(row.lastError) : null,
    created_at: toZonedIso(row.createdAt, team.timeZone),
    sent_at: toZonedIsoOrNull(row.sentAt, team.timeZone),
    // An order's documents (the platform's invoice to the team is no order's: not listed here).
    attachments: (row.attachments ?? []).flatMap((a) => {
      if (a.orderId === undefined) return [];
      const number = numbers.get(a.orderId);
      const file = a.kind === 'calendar' ? `booking-${number}.ics` : `${a.kind}-${number}.pdf`;
      return [{ kind: a.kind, name: number === undefined ? null : file, order_id: a.orderId }];
    }),
    resendable: isResendableMailKind(row.kind),
  };
}

/** A comma-separated filter value → its allowed parts; `[]` when only unknown values were given (matches nothing). */
function listFilter(raw: string | undefined, allowed: (part: string) => string | undefined): string[] | undefined {
  if (!raw?.trim()) return undefined;
  const parts = raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(parts.map(allowed).filter((p): p is string => p !== undefined))];
}

/** `YYYY-MM-DD` → midnight of that day in the company's zone (`nextDay`: of the day after). */
function dayStart(raw: string, timeZone: string, nextDay = false): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw.trim());
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return undefined;
  if (nextDay) probe.setUTCDate(probe.getUTCDate() + 1);
  return zonedTimeToUtc(
    { year: probe.getUTCFullYear(), month: probe.getUTCMonth() + 1, day: probe.getUTCDate(), hour: 0, minute: 0 },
    timeZone,
  );
}

export async function listArchive(
  db: AppDeps['db'],
  team: ArchiveTeam,
  input: ArchiveListInput,
): Promise<{ rows: EmailArchiveItem[]; total: number }> {
  const f = input.columnFilters;
  const statuses = listFilter(f.status, (s) =>
    (EMAIL_ARCHIVE_STATUSES as readonly string[]).includes(s) ? STORED_STATUS[s as EmailArchiveStatus] : undefined,
  );
  const kinds = listFilter(f.kind, (k) => (/^[a-z0-9_]{1,64}$/.test(k) ? k : undefined));
  const fields: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  const from = f.from ? dayStart(f.from, team.timeZone) : undefined;
  const before = f.to ? dayStart(f.to, team.timeZone, true) : undefined;
  if (f.from && !from) fields['columnFilters.from'] = ['date'];
  if (f.to && !before) fields['columnFilters.to'] = ['date'];
  if (from && before && before <= from) fields['columnFilters.to'] = ['archive:validation.to_before_from'];
  if (Object.keys(fields).length) throw validationError(fields);
  if (statuses?.length === 0 || kinds?.length === 0) return { rows: [], total: 0 };

  const { rows, total } = await repo.listEmails(db, team.id, {
    page: input.page,
    perPage: input.perPage,
    sort: input.sort,
    filters: {
      recipient: f.recipient?.trim().slice(0, 200) || undefined,
      subject: f.subject?.trim().slice(0, 200) || undefined,
      statuses,
      kinds,
      from,
      before,
    },
  });
  const numbers = await repo.orderNumbers(
    db,
    team.id,
    rows.flatMap((r) => orderIdsOf(r, team.id)),
  );
  return { rows: rows.map((r) => toItem(r, team, numbers)), total };
}

/** Texts the neutralised HTML shows in the request's language. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

export async function getArchivedEmail(db: AppDeps['db'], team: ArchiveTeam, id: number, t: Translate): Promise<EmailArchiveDetail> {
  const row = await repo.findEmail(db, team.id, id);
  if (!row) throw notFound();
  const numbers = await repo.orderNumbers(db, team.id, orderIdsOf(row, team.id));
  const orderId = orderIdsOf(row, team.id).find((o) => numbers.has(o));
  const item = toItem(row, team, numbers);
  return {
    ...item,
    from: row.fromAddress,
    last_error: row.lastError && item.status !== 'sent' && item.status !== 'kept' ? redactError(row.lastError) : null,
    order: orderId === undefined ? null : { id: orderId, number: numbers.get(orderId)! },
    text: maskSecrets(row.textBody),
    html:
      row.htmlBody === null
        ? null
        : neutraliseHtml(
            row.htmlBody,
            { image: (alt) => t('archive:html.image', { alt }), imageWithoutAlt: t('archive:html.image_without_alt') },
            row.language,
          ),
  };
}

/** `"Yoga Studio via Bookla" <noreply@…>` → `Yoga Studio via Bookla` (as mailer.ts `mailbox` wrote it). */
export function senderName(fromAddress: string): string | undefined {
  const m = /^"((?:[^"\\]|\\.)*)"\s*<[^<>]*>$/.exec(fromAddress.trim());
  return m ? m[1]!.replace(/\\(.)/g, '$1') : undefined;
}

const asLanguage = (lang: string): Language => ((LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : 'de');

/**
 * Sends a mail again: a new outbox row with the same recipient, sender name, subject, bodies and
 * attachment specs (rendered when it is sent, from the order as it is then), queued like any
 * mail. The original row is not touched. An order mail's copy is written into the order's
 * history with the staff member. Mails with one-time links are refused (409); limits: each user
 * 100 resends a day, each mail 5 copies an hour (429).
 */
export async function resendEmail(
  deps: Pick<AppDeps, 'db' | 'config' | 'limiter'>,
  team: ArchiveTeam,
  userId: number,
  id: number,
): Promise<EmailArchiveItem> {
  const { db, config, limiter } = deps;
  const row = await repo.findEmail(db, team.id, id);
  if (!row) throw notFound();
  if (!isResendableMailKind(row.kind)) throw new AppError('CONFLICT', 'archive:resend.one_time_link');
  const attempt = await takeAttempt(limiter, [
    ['archiveResendsPerUser', `archive-resend:${userId}`],
    ['archiveResendsPerMail', `archive-resend:${team.id}:${row.id}`],
  ]);
  try {
    const copyId = await db.transaction(async (tx) => {
      const newId = await queueMail(tx, config, {
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        kind: row.kind,
        language: asLanguage(row.language),
        teamId: team.id,
        userId: row.userId,
        attachments: row.attachments ?? [],
        fromName: senderName(row.fromAddress),
      });
      const ids = orderIdsOf(row, team.id);
      const numbers = await repo.orderNumbers(tx, team.id, ids);
      const orderId = ids.find((o) => numbers.has(o));
      if (orderId !== undefined) {
        await recordOrderEvent(
          tx,
          team.id,
          orderId,
          'mail_queued',
          { actor: 'staff', userId },
          {
            occasion: 'resent',
            kind: row.kind,
            email_id: newId,
            resent_from: row.id,
            attachments: (row.attachments ?? []).map((a) => a.kind),
          },
        );
      }
      return newId;
    });
    const copy = await repo.findEmail(db, team.id, copyId);
    const numbers = await repo.orderNumbers(db, team.id, orderIdsOf(copy!, team.id));
    return toItem(copy!, team, numbers);
  } catch (err) {
    await attempt.refund();
    throw err;
  }
}
