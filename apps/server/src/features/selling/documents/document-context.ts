import { sql } from 'drizzle-orm';
import { pickText, type ActivityKind, type Translated } from '@bookla/shared';
import type { DbOrTx } from '../../../db/client.ts';
import { executePrepared } from '../../../lib/jobs.ts';
import { defaultSellingSettings } from '../settings/index.ts';
import {
  buildDocumentOrder,
  type DocumentContext,
  type DocumentOrder,
  type DocumentTeamRow,
  type JsonRow,
  type LineSchedule,
} from './document-model.ts';

export type { DocumentContext, LineSchedule } from './document-model.ts';

/**
 * Everything a document or an order mail shows about an order, loaded in ONE statement: the
 * order's stored rows, built into the document model (document-model.ts: minor units, names as
 * sold, in the order's language), the issuing team with its billing address and
 * payment details, and per order line its dates and location as they are now (a moved date
 * shows its new time). One statement instead of nine: the mail of every order reads it, and on a
 * busy server each statement's round trip and planning cost more than the JSON it builds.
 */

export interface LoadOptions {
  /** Lock the order row (FOR UPDATE) in the same statement; within a transaction only. */
  lockOrder?: boolean;
  /** Also tell whether the order's history already has a mail of this occasion (`mail_queued`). */
  mailOccasion?: string;
}

interface ContextRow {
  order: JsonRow;
  items: JsonRow[];
  participants: JsonRow[];
  products: JsonRow[];
  refunds: JsonRow[];
  team: DocumentTeamRow | null;
  settings: DocumentContext['payment'] | null;
  activities: {
    id: number;
    kind: ActivityKind;
    location: { name: Translated; address: string | null; postalCode: string; city: string } | null;
  }[];
  own_sessions: SessionJson[];
  course_sessions: SessionJson[];
  mail_queued: boolean;
  digest: string;
}

interface SessionJson {
  id: number;
  activityId: number;
  startsAt: string;
  endsAt: string;
}

const sessionJson = sql.raw(
  `coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'activityId', s.activity_id, 'startsAt', s.starts_at, 'endsAt', s.ends_at)
     ORDER BY s.starts_at, s.id), '[]'::jsonb)`,
);

/**
 * The context statement. `digest`: an md5 of everything the context holds (the order row with its
 * lines, participants and products, the team, its payment details, activities, locations and
 * dates as the database has them now), computed by the database from the same JSON it would send.
 * A document's cache version is built from it (document-cache.ts), so a cached document is found
 * without sending the context to this process or building anything from it.
 */
function contextStatement(teamId: number, orderId: number, opts: LoadOptions) {
  return sql`
    SELECT to_jsonb(o) AS "order",
      (SELECT coalesce(jsonb_agg(to_jsonb(i) ORDER BY i.sort, i.id), '[]'::jsonb) FROM order_items i WHERE i.order_id = o.id) AS items,
      (SELECT coalesce(jsonb_agg(to_jsonb(p) ORDER BY p.sort, p.id), '[]'::jsonb) FROM order_participants p WHERE p.order_id = o.id) AS participants,
      (SELECT coalesce(jsonb_agg(to_jsonb(x) ORDER BY x.id), '[]'::jsonb) FROM order_products x WHERE x.order_id = o.id) AS products,
      (SELECT coalesce(jsonb_agg(jsonb_build_object('amount_minor', e.data->'amount_minor', 'method', e.data->'method',
                'reason', e.data->'reason', 'actor', e.actor, 'created_at', e.created_at) ORDER BY e.id), '[]'::jsonb)
         FROM order_events e WHERE e.order_id = o.id AND e.type = 'refunded') AS refunds,
      (SELECT jsonb_build_object('id', t.id, 'name', t.name, 'logoPath', t.logo_path, 'currency', t.currency, 'timeZone', t.time_zone,
              'billingAddress', t.billing_address, 'billingAddressLine2', t.billing_address_line_2, 'billingCity', t.billing_city,
              'billingPostalCode', t.billing_postal_code, 'billingCountry', t.billing_country, 'vatId', t.vat_id)
         FROM teams t WHERE t.id = o.team_id) AS team,
      (SELECT jsonb_build_object('chargesVat', s.charges_vat, 'vatNumber', s.vat_number, 'iban', s.iban, 'qrIban', s.qr_iban)
         FROM team_selling_settings s WHERE s.team_id = o.team_id) AS settings,
      (SELECT coalesce(jsonb_agg(jsonb_build_object('id', a.id, 'kind', a.kind, 'location',
                CASE WHEN l.id IS NULL THEN NULL
                     ELSE jsonb_build_object('name', l.name, 'address', l.address, 'postalCode', l.postal_code, 'city', l.city) END)), '[]'::jsonb)
         FROM activities a LEFT JOIN locations l ON l.id = a.location_id AND l.team_id = o.team_id
        WHERE a.team_id = o.team_id AND a.id IN (SELECT i.activity_id FROM order_items i WHERE i.order_id = o.id)) AS activities,
      (SELECT ${sessionJson} FROM activity_sessions s
        WHERE s.team_id = o.team_id AND s.id IN (SELECT i.session_id FROM order_items i WHERE i.order_id = o.id)) AS own_sessions,
      (SELECT ${sessionJson} FROM activity_sessions s
        WHERE s.team_id = o.team_id AND s.status = 'scheduled'
          AND s.activity_id IN (SELECT i.activity_id FROM order_items i WHERE i.order_id = o.id AND i.session_id IS NULL)) AS course_sessions,
      ${
        opts.mailOccasion === undefined
          ? sql`false`
          : sql`EXISTS (SELECT 1 FROM order_events e
                 WHERE e.order_id = o.id AND e.type = 'mail_queued' AND e.data->>'occasion' = ${opts.mailOccasion}::text)`
      } AS mail_queued
    FROM orders o
    WHERE o.team_id = ${teamId} AND o.id = ${orderId}
    ${opts.lockOrder ? sql`FOR UPDATE OF o` : sql``}`;
}

const digestOf = sql.raw(`md5((to_jsonb(c) - 'mail_queued')::text)`);

async function selectContext(db: DbOrTx, teamId: number, orderId: number, opts: LoadOptions): Promise<ContextRow | undefined> {
  const [row] = await executePrepared<ContextRow>(
    db,
    sql`SELECT c.*, ${digestOf} AS digest FROM (${contextStatement(teamId, orderId, opts)}) c`,
  );
  return row;
}

/** What decides whether a document exists and what it is called, without the rest of the context. */
export interface DocumentHead {
  digest: string;
  number: number;
  payment_type: DocumentOrder['payment_type'];
  payment_status: DocumentOrder['payment_status'];
  paid_at: string | null;
  total_minor: number;
  /** The order's language (a refusal's page is shown in it). */
  language: DocumentOrder['language'];
  /** How many credit notes the order has (one per refund). */
  credit_notes: number;
}

/**
 * The order's document head: the context's digest and the order fields a document's existence
 * depends on (undefined: the team has no such order). The database builds the context's JSON to
 * hash it, but only these few fields travel — a cached document is served without more.
 */
export async function loadDocumentHead(db: DbOrTx, teamId: number, orderId: number): Promise<DocumentHead | undefined> {
  const [row] = await executePrepared<DocumentHead & { has_team: boolean }>(
    db,
    sql`SELECT ${digestOf} AS digest, (c."order"->>'number')::int AS number, c."order"->>'payment_type' AS payment_type,
          c."order"->>'payment_status' AS payment_status, c."order"->>'paid_at' AS paid_at,
          (c."order"->>'total_minor')::int AS total_minor, c."order"->>'language' AS language,
          jsonb_array_length(c.refunds) AS credit_notes, c.team IS NOT NULL AS has_team
        FROM (${contextStatement(teamId, orderId, {})}) c`,
  );
  if (!row?.has_team) return undefined;
  const { has_team: _, ...head } = row;
  return head;
}

/**
 * The order's document context (undefined: the team has no such order), and with `mailOccasion`
 * whether a mail of that occasion was already queued. With `lockOrder` the order row is locked by
 * the same statement; when the lock had to be waited for, the answers about other rows may predate
 * the transaction that held it, so a write that depends on them checks again (see order-mails.ts).
 */
export async function loadDocumentContextFor(
  db: DbOrTx,
  teamId: number,
  orderId: number,
  opts: LoadOptions = {},
): Promise<{ ctx: DocumentContext; mailQueued: boolean } | undefined> {
  const row = await selectContext(db, teamId, orderId, opts);
  if (!row?.team) return undefined;
  const order = buildDocumentOrder(row.order, row.items, row.participants, row.products, row.refunds);
  const lang = order.language;
  const activityById = new Map(row.activities.map((a) => [a.id, a]));
  const ownById = new Map(row.own_sessions.map((s) => [s.id, s]));
  const schedules = new Map<number, LineSchedule>();
  for (const item of order.order_items) {
    const activity = item.activity_id === null ? undefined : activityById.get(item.activity_id);
    const own = item.session_id === null ? undefined : ownById.get(item.session_id);
    const sessions = own
      ? [own]
      : item.session_id === null && item.activity_id !== null
        ? row.course_sessions.filter((s) => s.activityId === item.activity_id)
        : [];
    const loc = activity?.location;
    schedules.set(item.id, {
      kind: activity?.kind ?? null,
      sessions: sessions.map((s) => ({ id: s.id, startsAt: new Date(s.startsAt), endsAt: new Date(s.endsAt) })),
      location: loc
        ? [pickText(loc.name, lang), loc.address ?? '', `${loc.postalCode} ${loc.city}`.trim()].filter((line) => line.trim() !== '')
        : null,
    });
  }
  const defaults = row.settings ? undefined : defaultSellingSettings(teamId);
  const payment = row.settings ?? {
    chargesVat: defaults!.chargesVat,
    vatNumber: defaults!.vatNumber,
    iban: defaults!.iban,
    qrIban: defaults!.qrIban,
  };
  const link = { publicId: String(row.order.public_id), linkVersion: Number(row.order.link_version) };
  return { ctx: { order, link, team: row.team, payment, schedules, digest: row.digest }, mailQueued: row.mail_queued };
}

export async function loadDocumentContext(db: DbOrTx, teamId: number, orderId: number): Promise<DocumentContext | undefined> {
  return (await loadDocumentContextFor(db, teamId, orderId))?.ctx;
}

/**
 * One mail's attachments (tickets and receipt) show the same order: their renderers share one
 * read through the sending's memo (lib/mailer.ts), which the job that composed the mail fills
 * with the context it has just read under the order's lock.
 */
const memoKey = (teamId: number, orderId: number) => `document-context:${teamId}:${orderId}`;

export function rememberDocumentContext(memo: Map<string, unknown>, ctx: DocumentContext): void {
  memo.set(memoKey(ctx.team.id, ctx.order.id), Promise.resolve(ctx));
}

export function memoizedDocumentContext(
  memo: Map<string, unknown>,
  db: DbOrTx,
  teamId: number,
  orderId: number,
): Promise<DocumentContext | undefined> {
  const key = memoKey(teamId, orderId);
  let ctx = memo.get(key) as Promise<DocumentContext | undefined> | undefined;
  if (!ctx) {
    ctx = loadDocumentContext(db, teamId, orderId);
    memo.set(key, ctx);
  }
  return ctx;
}
