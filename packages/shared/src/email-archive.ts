import { z } from 'zod';
import { listQuerySchema } from './pagination.ts';
import { successDataSchema } from './replies.ts';

/**
 * The email archive of the back office (`/backend/archive/team`, spec §2): every mail the current
 * company's orders and staff caused, from the mail outbox. Bodies are shown only as the server
 * neutralised them (links not clickable, no scripts, no remote images, secrets in links masked).
 */

/**
 * How a mail stands: `queued` (waiting for its first or next attempt), `sent`, `kept` (no mail
 * server configured: kept in the archive, not sent — CONTRACT §1 `SMTP_URL`), `failed` (gave up
 * after its last attempt), `skipped` (over a mail quota when it was written: not sent, see decision 009).
 */
export const EMAIL_ARCHIVE_STATUSES = ['queued', 'sent', 'kept', 'failed', 'skipped'] as const;
export type EmailArchiveStatus = (typeof EMAIL_ARCHIVE_STATUSES)[number];

/** Why an attempt failed, from the last error (the raw text stays on the server: it names mail servers). */
export const EMAIL_FAILURE_REASONS = ['recipient_rejected', 'connection', 'server', 'attachment', 'other'] as const;
export type EmailFailureReason = (typeof EMAIL_FAILURE_REASONS)[number];

/** Mail kinds a company's archive holds (labels on the client); a kind not listed here is shown as it is. */
export const TEAM_MAIL_KINDS = [
  'order_confirmation',
  'order_invoice',
  'order_paid',
  'order_ended',
  'order_refunded',
  'order_cancelled_by_customer',
  'team_invitation',
  'customer_password_reset',
  'customer_verify_email',
  'customer_magic_link',
  'customer_account_exists',
  'waitinglist_joined',
  'waitinglist_offer',
  // Memberships (subscriptions): what no order mail says.
  'membership_renewal_upcoming',
  'membership_renewal_failed',
  'membership_cancelled',
  'membership_expired',
  // The provider's own notifications (decision 020).
  'notice_order_placed',
  'notice_order_cancelled',
  'notice_refund_requested',
  'notice_refund_made',
  'notice_waitlist_taken',
  'notice_membership_past_due',
  'notice_membership_cancelled',
  'notice_membership_ended',
  'notice_digest',
  // A webhook switched off after a day of failed deliveries (to the owners).
  'webhook_disabled',
  // The platform's monthly invoice to the company (to the owners, with its PDF; CONTRACT §6).
  'platform_invoice',
] as const;

/**
 * Mails that carry a one-time secret link: not sent again from the archive (a copy would repeat a
 * link that may be used or expired). The person asks for a new link, or staff resend an
 * invitation from the staff page, which makes a fresh one.
 */
export const NON_RESENDABLE_MAIL_KINDS: readonly string[] = [
  'verify_email',
  'password_reset',
  'customer_password_reset',
  'team_invitation',
  'customer_verify_email',
  'customer_magic_link',
  // Carries a log-in link too (the address already has an account).
  'customer_account_exists',
];

export function isResendableMailKind(kind: string): boolean {
  return !NON_RESENDABLE_MAIL_KINDS.includes(kind);
}

/** Sort fields of `GET /api/archive/emails` (default: newest first). */
export const EMAIL_ARCHIVE_SORT_FIELDS = ['created_at', 'id', 'recipient', 'subject', 'status', 'kind'] as const;
export type EmailArchiveSortField = (typeof EMAIL_ARCHIVE_SORT_FIELDS)[number];

/**
 * `GET /api/archive/emails`: page, perPage (default 10), sort, and the column filters
 * `recipient`, `subject` (contains, case-insensitive), `status` (one of EMAIL_ARCHIVE_STATUSES or
 * several, comma separated), `kind` (one or several, comma separated), `from`, `to`
 * (`YYYY-MM-DD`, days in the company's time zone, both included).
 */
export const emailArchiveListQuerySchema = listQuerySchema(EMAIL_ARCHIVE_SORT_FIELDS, 'created_at');

/** An attachment as the mail carries it: rendered when it is sent, from the order as it is then. */
export const emailAttachmentSchema = z.object({
  kind: z.string(),
  /** The file name it goes out with (`tickets-1042.pdf`); null when the order no longer exists. */
  name: z.string().nullable(),
  order_id: z.number(),
});
export type EmailAttachment = z.infer<typeof emailAttachmentSchema>;

/** A row of the archive list. */
export const emailArchiveItemSchema = z.object({
  id: z.number(),
  kind: z.string(),
  language: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(EMAIL_ARCHIVE_STATUSES),
  /** Attempts made so far. */
  attempts: z.number(),
  /** Why the last attempt failed (a failed mail, or a queued one waiting to retry); null otherwise. */
  failure_reason: z.enum(EMAIL_FAILURE_REASONS).nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  attachments: z.array(emailAttachmentSchema),
  /** False for mails with a one-time link (NON_RESENDABLE_MAIL_KINDS). */
  resendable: z.boolean(),
});
export type EmailArchiveItem = z.infer<typeof emailArchiveItemSchema>;

/** `GET /api/archive/emails/{id}`: the row with sender, the error text and both bodies, neutralised. */
export const emailArchiveDetailSchema = emailArchiveItemSchema.extend({
  from: z.string(),
  /**
   * The last error, with mail-server addresses and secrets taken out (e.g. `550 5.1.1 User
   * unknown`); null when the last attempt did not fail.
   */
  last_error: z.string().nullable(),
  /** The order the mail is about, when there is one (its attachments or the order's history name it). */
  order: z.object({ id: z.number(), number: z.number() }).nullable(),
  /** The text body with secrets in links masked. */
  text: z.string(),
  /**
   * The HTML body as a complete, inert document for `<iframe sandbox="" srcdoc>`: only harmless
   * tags and styles, links as text with their (masked) target, no images, scripts or forms, and a
   * CSP of its own that loads nothing. Null when the mail has no HTML part.
   */
  html: z.string().nullable(),
});
export type EmailArchiveDetail = z.infer<typeof emailArchiveDetailSchema>;

/** `POST /api/archive/emails/{id}/resend`: the new copy, queued (the original stays as it was). */
export const emailResendReplySchema = successDataSchema(emailArchiveItemSchema);
export type EmailResendReply = z.infer<typeof emailResendReplySchema>;
