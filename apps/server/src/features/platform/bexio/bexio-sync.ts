import { minorToString, PLATFORM_TIME_ZONE, type Language, type PlatformInvoiceLine } from '@bookla/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config/env.ts';
import type { Db } from '../../../db/client.ts';
import { bexioContacts, platformInvoices, teams, users } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { dateLocaleOf } from '../../../lib/date-locale.ts';
import { translate } from '../../../lib/i18n.ts';
import { createKeyedGate } from '../../../lib/keyed-gate.ts';
import { schedulePeriodic } from '../../../lib/periodic.ts';
import { BexioError, createBexioClient, type BexioClient, type BexioConfig, type BexioInvoiceInput } from './bexio-client.ts';

/**
 * Pushing platform invoices to bexio (CONTRACT §6): the team as a contact (number `BKL-<team id>`),
 * then the invoice with its lines and VAT. Nothing is lost and nothing is pushed twice:
 *
 * - **Claim.** A push starts by claiming the invoice with one UPDATE: `pending`, and
 *   `bexio_next_attempt_at` moved to the end of a lease (10 min). The sweep claims due invoices
 *   (`pending`/`failed` whose next attempt has come) in small batches through the partial index
 *   `platform_invoices_bexio_due_idx`, `FOR UPDATE SKIP LOCKED`; the sync route claims its one
 *   invoice unless another push holds it (a `pending` invoice whose next attempt lies ahead: 409).
 *   So two pushes of one invoice never run at once, on any number of instances, and a push that
 *   dies mid-way is taken up again when its lease ends.
 * - **Contact.** Our row in `bexio_contacts`, or, when it is missing (a reply lost after bexio
 *   created the contact), the contact found again in bexio by its number; created only when
 *   neither exists. In one process the contact step runs one team at a time.
 * - **Invoice.** Searched first in bexio by `api_reference` (= our invoice number): a previous
 *   attempt whose reply was lost has created it, and it is taken as it is. Created only otherwise.
 * - **Outcome.** `synced` with bexio's id; or `failed` with bexio's message (at most 1000
 *   characters), one more attempt counted, and the next attempt after 1, 2, 4, … minutes (at most
 *   6 hours). Without BEXIO_API_TOKEN nothing is claimed and nothing is sent.
 */

export interface BexioDeps {
  db: Db;
  config: Pick<Config, 'bexio' | 'appName'>;
  log?: FastifyBaseLogger;
  /** The clock (tests inject one). */
  now?: () => Date;
}

/** How often the sweep looks for due invoices. */
export const BEXIO_SWEEP_MS = 60_000;
/** How long a claimed push holds its invoice (a push makes at most seven calls of 10 s). */
export const BEXIO_LEASE_MS = 10 * 60_000;
const BATCH = 5;
/** Pushes per sweep at most (the rest in the next sweep). */
const PER_SWEEP = 100;
const MAX_BACKOFF_MS = 6 * 3_600_000;

/** Wait after the n-th failed attempt: 1 min, 2, 4, … at most 6 h. */
export function bexioBackoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 60_000 * 2 ** Math.min(20, Math.max(0, attempts - 1)));
}

/** The contact number of a team in bexio. */
export const bexioContactNr = (teamId: number) => `BKL-${teamId}`;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** One contact step per team at a time in this process (two invoices of one team never create two contacts). */
const contactGate = createKeyedGate(1);

/** bexio's lookups, once per sweep or call. */
function lookups(client: BexioClient) {
  let me: ReturnType<BexioClient['me']> | undefined;
  let taxes: ReturnType<BexioClient['salesTaxes']> | undefined;
  let currencies: ReturnType<BexioClient['currencies']> | undefined;
  return {
    client,
    me: () => (me ??= client.me()),
    taxes: () => (taxes ??= client.salesTaxes()),
    currencies: () => (currencies ??= client.currencies()),
  };
}
type Session = ReturnType<typeof lookups>;

const isoDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: PLATFORM_TIME_ZONE }).format(d);

/** A line as the accountant reads it in bexio, in the invoice's language. */
export function lineText(lang: Language, line: PlatformInvoiceLine, currency: string): string {
  const day = (iso: string) =>
    new Intl.DateTimeFormat(dateLocaleOf(lang, 'CH'), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  switch (line.kind) {
    case 'monthly_fee':
      return translate(lang, 'bexio:line.monthly_fee', {
        plan: translate(lang, `bexio:plan.${line.plan}`),
        days: line.days,
        days_in_month: line.days_in_month,
      });
    case 'sale_fees':
      return translate(lang, 'bexio:line.sale_fees', {
        count: line.sales,
        date: day(line.date),
        volume: minorToString(line.volume_minor, currency),
        currency,
      });
    case 'refund_credit':
      return translate(lang, 'bexio:line.refund_credit', { count: line.refunds, date: day(line.date) });
  }
}

async function ensureContact(deps: BexioDeps, s: Session, teamId: number): Promise<number> {
  return contactGate.run([String(teamId)], async () => {
    const [known] = await deps.db.select().from(bexioContacts).where(eq(bexioContacts.teamId, teamId));
    if (known) return known.bexioContactId;
    const nr = bexioContactNr(teamId);
    let contact = await s.client.findContactByNr(nr);
    if (!contact) {
      const [team] = await deps.db
        .select({ team: teams, mail: users.email })
        .from(teams)
        .leftJoin(users, eq(users.id, teams.ownerId))
        .where(eq(teams.id, teamId));
      if (!team) throw new Error(`team ${teamId} not found`);
      const me = await s.me();
      const t = team.team;
      contact = await s.client.createContact({
        contact_type_id: 1,
        nr,
        name_1: t.name,
        address: [t.billingAddress, t.billingAddressLine2].filter(Boolean).join('\n'),
        postcode: t.billingPostalCode,
        city: t.billingCity,
        ...(team.mail ? { mail: team.mail } : {}),
        user_id: me.id,
        owner_id: me.id,
      });
    }
    await deps.db.insert(bexioContacts).values({ teamId, bexioContactId: contact.id }).onConflictDoNothing();
    const [stored] = await deps.db.select().from(bexioContacts).where(eq(bexioContacts.teamId, teamId));
    return stored?.bexioContactId ?? contact.id;
  });
}

type InvoiceRow = typeof platformInvoices.$inferSelect;

async function invoiceBody(deps: BexioDeps, s: Session, inv: InvoiceRow, contactId: number): Promise<BexioInvoiceInput> {
  const [me, taxes, currencies] = await Promise.all([s.me(), s.taxes(), s.currencies()]);
  const rate = inv.vatRateBp / 100;
  const tax = taxes.find((t) => Math.abs(Number(t.value) - rate) < 1e-9);
  if (!tax) throw new BexioError('refused', `bexio has no active sales tax of ${rate} %`);
  const currency = currencies.find((c) => c.name.toUpperCase() === inv.currency.toUpperCase());
  if (!currency) throw new BexioError('refused', `bexio has no currency ${inv.currency}`);
  const lang = inv.language;
  return {
    contact_id: contactId,
    user_id: me.id,
    title: translate(lang, 'bexio:title', { app: deps.config.appName, number: inv.number }),
    api_reference: inv.number,
    currency_id: currency.id,
    // Our amounts are net: bexio adds the VAT of each position on top.
    mwst_type: 0,
    mwst_is_net: true,
    is_valid_from: isoDay(inv.createdAt),
    is_valid_to: inv.dueAt,
    positions: inv.lines.map((line) => ({
      type: 'KbPositionCustom' as const,
      amount: '1',
      unit_price: minorToString(line.amount_minor, inv.currency),
      tax_id: tax.id,
      text: lineText(lang, line, inv.currency),
    })),
  };
}

/**
 * Pushes one claimed invoice (its lease ends at `leaseUntil`) and records the outcome. Returns
 * the error when it failed (recorded already), null when synced.
 */
async function pushClaimed(deps: BexioDeps, s: Session, id: number, leaseUntil: Date, now: Date): Promise<BexioError | null> {
  const [inv] = await deps.db.select().from(platformInvoices).where(eq(platformInvoices.id, id));
  if (!inv) return null;
  try {
    const contactId = await ensureContact(deps, s, inv.teamId);
    const remote =
      (await s.client.findInvoiceByApiReference(inv.number)) ?? (await s.client.createInvoice(await invoiceBody(deps, s, inv, contactId)));
    await deps.db
      .update(platformInvoices)
      .set({
        bexioStatus: 'synced',
        bexioId: remote.id,
        bexioError: null,
        bexioNextAttemptAt: null,
        bexioAttempts: sql`${platformInvoices.bexioAttempts} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(platformInvoices.id, id));
    return null;
  } catch (err) {
    const error =
      err instanceof BexioError ? err : new BexioError('outage', `bexio push failed: ${(err as Error)?.message ?? String(err)}`);
    const attempts = inv.bexioAttempts + 1;
    await deps.db
      .update(platformInvoices)
      .set({
        bexioStatus: 'failed',
        bexioError: error.message.slice(0, 1000),
        bexioAttempts: attempts,
        bexioNextAttemptAt: new Date(now.getTime() + bexioBackoffMs(attempts)),
        updatedAt: new Date(),
      })
      // Only while this push still holds the invoice (a push taken over after its lease is left alone).
      .where(
        and(eq(platformInvoices.id, id), eq(platformInvoices.bexioStatus, 'pending'), eq(platformInvoices.bexioNextAttemptAt, leaseUntil)),
      );
    deps.log?.warn({ invoice: inv.number, attempts, kind: error.kind, status: error.status, bexio: error.message }, 'bexio push failed');
    return error;
  }
}

function client(config: BexioConfig): Session {
  return lookups(createBexioClient(config));
}

/** Claims up to `limit` due invoices for a lease; their ids. */
async function claimDue(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<number[]> {
  const result = await db.execute(sql`
    UPDATE platform_invoices SET bexio_status = 'pending', bexio_next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
    WHERE id IN (
      SELECT id FROM platform_invoices
      WHERE bexio_status IN ('pending', 'failed')
        AND (bexio_next_attempt_at IS NULL OR bexio_next_attempt_at <= ${now.toISOString()}::timestamptz)
      ORDER BY bexio_next_attempt_at NULLS FIRST, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

export interface BexioSweepResult {
  synced: number;
  failed: number;
}

/**
 * One sweep: due invoices in batches, one after the other. An outage ends the sweep (the rest of
 * its batch is due again at once, without an attempt counted): the next sweep tries again.
 */
export async function runBexioSweep(deps: BexioDeps, stopped: () => boolean = () => false): Promise<BexioSweepResult> {
  const out = { synced: 0, failed: 0 };
  const config = deps.config.bexio;
  if (!config) return out;
  const s = client(config);
  while (!stopped() && out.synced + out.failed < PER_SWEEP) {
    const now = deps.now?.() ?? new Date();
    const leaseUntil = new Date(now.getTime() + BEXIO_LEASE_MS);
    const ids = await claimDue(deps.db, now, leaseUntil, BATCH);
    for (let i = 0; i < ids.length; i++) {
      const error = await pushClaimed(deps, s, ids[i]!, leaseUntil, now);
      if (error) out.failed++;
      else out.synced++;
      if (error?.kind === 'outage' || stopped()) {
        const rest = ids.slice(i + 1);
        if (rest.length)
          await deps.db
            .update(platformInvoices)
            .set({ bexioNextAttemptAt: now })
            .where(
              and(
                inArray(platformInvoices.id, rest),
                eq(platformInvoices.bexioStatus, 'pending'),
                eq(platformInvoices.bexioNextAttemptAt, leaseUntil),
              ),
            );
        return out;
      }
    }
    if (ids.length < BATCH) return out;
  }
  return out;
}

/**
 * `POST /api/platform/invoices/{id}/sync`: pushes this invoice now (also one in its backoff or
 * one made before bexio was set up). A synced one is left as it is. 409 when bexio is not set up
 * or another push holds the invoice; 404 when there is no such invoice.
 */
export async function syncInvoiceNow(deps: BexioDeps, id: number): Promise<void> {
  const config = deps.config.bexio;
  if (!config) throw new AppError('CONFLICT', 'bexio:not_configured');
  const now = deps.now?.() ?? new Date();
  const leaseUntil = new Date(now.getTime() + BEXIO_LEASE_MS);
  const claimed = await deps.db.execute(sql`
    UPDATE platform_invoices SET bexio_status = 'pending', bexio_next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
    WHERE id = ${id}
      AND (bexio_status IN ('failed', 'not_configured')
        OR (bexio_status = 'pending' AND (bexio_next_attempt_at IS NULL OR bexio_next_attempt_at <= ${now.toISOString()}::timestamptz)))
    RETURNING id`);
  if (rowsOf(claimed).length) {
    await pushClaimed(deps, client(config), id, leaseUntil, now);
    return;
  }
  const [row] = await deps.db.select({ status: platformInvoices.bexioStatus }).from(platformInvoices).where(eq(platformInvoices.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'errors:not_found');
  if (row.status !== 'synced') throw new AppError('CONFLICT', 'bexio:in_progress');
}

/** `POST /api/platform/invoices/sync-failed`: every failed invoice due again now; how many. */
export async function requeueFailed(deps: BexioDeps): Promise<number> {
  if (!deps.config.bexio) throw new AppError('CONFLICT', 'bexio:not_configured');
  const now = deps.now?.() ?? new Date();
  const rows = await deps.db
    .update(platformInvoices)
    .set({ bexioStatus: 'pending', bexioNextAttemptAt: now, updatedAt: new Date() })
    .where(eq(platformInvoices.bexioStatus, 'failed'))
    .returning({ id: platformInvoices.id });
  return rows.length;
}

/** The sweep, every minute on one instance at a time (lib/periodic.ts); nothing without BEXIO_API_TOKEN. */
export function scheduleBexioSync(deps: BexioDeps, log: FastifyBaseLogger): () => void {
  if (!deps.config.bexio) return () => {};
  return schedulePeriodic(deps.db, log, {
    name: 'platform.bexio-sync',
    intervalMs: BEXIO_SWEEP_MS,
    // A sweep waits on bexio (10 s per call at most, invoices one after the other).
    leaseMs: 30 * 60_000,
    run: (stopped) => runBexioSweep({ ...deps, log }, stopped),
  });
}
