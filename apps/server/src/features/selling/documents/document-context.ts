import { pickText, type ActivityKind, type Order } from '@bookla/shared';
import type { DbOrTx } from '../../../db/client.ts';
import { loadOrder } from '../orders/index.ts';
import { getSellingSettings } from '../settings/index.ts';
import * as repo from './documents.repo.ts';
import type { DocumentTeamRow } from './documents.repo.ts';
import type { SessionDates } from './format.ts';

/**
 * Everything a document or an order mail shows about an order, loaded once: the Order (names as
 * sold, in the order's language), the issuing team with its billing address and payment details,
 * and per order line its dates and location as they are now (a moved date shows its new time).
 */

export interface LineSchedule {
  kind: ActivityKind | null;
  /** One date (a drop-in or event ticket), or every scheduled date of the activity (a course ticket). */
  sessions: SessionDates[];
  /** Name and address lines ("Studio Nord", "Bahnhofstrasse 1", "8001 Zürich"). */
  location: string[] | null;
}

export interface DocumentContext {
  order: Order;
  team: DocumentTeamRow;
  payment: { chargesVat: boolean; vatNumber: string | null; iban: string | null; qrIban: string | null };
  /** By order item id. */
  schedules: Map<number, LineSchedule>;
}

export async function loadDocumentContext(db: DbOrTx, teamId: number, orderId: number): Promise<DocumentContext | undefined> {
  const order = await loadOrder(db, teamId, orderId);
  if (!order) return undefined;
  const team = await repo.findTeam(db, teamId);
  if (!team) return undefined;
  const settings = await getSellingSettings(db, teamId);
  const lang = order.language;

  const activityIds = [...new Set(order.order_items.flatMap((i) => (i.activity_id === null ? [] : [i.activity_id])))];
  const sessionIds = [...new Set(order.order_items.flatMap((i) => (i.session_id === null ? [] : [i.session_id])))];
  const wholeActivityIds = [
    ...new Set(order.order_items.flatMap((i) => (i.session_id === null && i.activity_id !== null ? [i.activity_id] : []))),
  ];
  // One after the other: in a transaction they share one connection anyway.
  const activityRows = await repo.findActivities(db, teamId, activityIds);
  const sessionRows = await repo.findSessions(db, teamId, sessionIds);
  const allSessions = await repo.scheduledSessionsOf(db, teamId, wholeActivityIds);
  const activityById = new Map(activityRows.map((a) => [a.id, a]));
  const sessionById = new Map(sessionRows.map((s) => [s.id, s]));

  const schedules = new Map<number, LineSchedule>();
  for (const item of order.order_items) {
    const activity = item.activity_id === null ? undefined : activityById.get(item.activity_id);
    const own = item.session_id === null ? undefined : sessionById.get(item.session_id);
    const sessions = own
      ? [own]
      : item.session_id === null && item.activity_id !== null
        ? allSessions.filter((s) => s.activityId === item.activity_id)
        : [];
    const loc = activity?.location;
    schedules.set(item.id, {
      kind: activity?.kind ?? null,
      sessions: sessions.map((s) => ({ startsAt: s.startsAt, endsAt: s.endsAt })),
      location: loc
        ? [pickText(loc.name, lang), loc.address ?? '', `${loc.postalCode} ${loc.city}`.trim()].filter((line) => line.trim() !== '')
        : null,
    });
  }
  return {
    order,
    team,
    payment: { chargesVat: settings.chargesVat, vatNumber: settings.vatNumber, iban: settings.iban, qrIban: settings.qrIban },
    schedules,
  };
}
