import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from './config/env.ts';
import type { Db } from './db/client.ts';
import { registerExportJobs } from './features/operations/exports/index.ts';
import {
  calendarAttachmentRenderers,
  documentAttachmentRenderers,
  inThreadRenderer,
  registerOrderMailJob,
  type DocumentRenderer,
} from './features/selling/documents/index.ts';
import { platformInvoiceAttachmentRenderers } from './features/platform/index.ts';
import { registerMagicLinkJob } from './features/selling/customer-accounts/index.ts';
import { registerCustomerResetJob } from './features/auth/index.ts';
import { registerWaitingListJob } from './features/selling/waitinglist/index.ts';
import { registerProviderNoticeJob } from './features/selling/notifications/index.ts';
import type { JobRunner } from './lib/jobs.ts';
import { mailDirectory, registerMailJob } from './lib/mailer.ts';
import { wireSellingPorts } from './selling-ports.ts';

export interface JobDeps {
  db: Db;
  config: Config;
  mailTransport: Transporter | undefined;
  log: FastifyBaseLogger;
  /** The server's PDF worker pool; unset: PDFs are rendered on the calling thread (the jobs thread, a worker itself). */
  pdf?: DocumentRenderer;
}

/**
 * Every job handler of the app, on one runner: the server's own (PGlite, tests) or the jobs
 * thread's (PostgreSQL, see jobs-thread.ts). The same code runs in either place.
 */
export function registerJobHandlers(jobs: JobRunner, { db, config, mailTransport, log, pdf }: JobDeps): void {
  // Orders reach the order mails and online payments through ports (decision 017), wired here:
  // both the server and the jobs thread run this.
  wireSellingPorts();
  // Order mails carry their PDFs (tickets, invoice, receipt) and their dates as an iCalendar file, rendered when the mail is sent.
  const attachments = {
    ...documentAttachmentRenderers({ db, config, pdf: pdf ?? inThreadRenderer, log }),
    ...calendarAttachmentRenderers({ db, config }),
    // The platform's invoice to a team (features/platform/invoices), mailed to its owners.
    ...platformInvoiceAttachmentRenderers({ db, config, pdf: pdf ?? inThreadRenderer }),
  };
  const mailSender = registerMailJob(jobs, db, mailTransport, log, { mailDir: mailDirectory(config), attachments, config });
  // A new order's confirmation is composed by a job its transaction enqueues, which also sends it
  // at once through the outbox (see order-mail-job.ts).
  registerOrderMailJob(jobs, { db, config }, mailSender);
  // Large exports are written by a job; their files expire after 24 hours (operations/exports).
  registerExportJobs(jobs, { db, config });
  // Freed seats are offered to the waiting list by a job the releasing transaction enqueues (selling/waitinglist).
  registerWaitingListJob(jobs, { db, config });
  // A customer's log-in link and password reset: the request enqueues the job for known and
  // unknown addresses alike; the job looks the address up (issue 20 item 11).
  registerMagicLinkJob(jobs, { db, config });
  registerCustomerResetJob(jobs, { db, config });
  // The provider's notices about its orders: orders enqueue them with the change; mailed to the
  // chosen staff through the outbox, or kept for the daily digest (selling/notifications).
  registerProviderNoticeJob(jobs, { db, config, log });
}
