import type { BookingScope, FieldCondition, FieldType, Plan } from '@bookla/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  activityFields,
  activityProducts,
  bookingFields,
  discounts,
  products,
  teamPlanChanges,
  teamSellingSettings,
  typeSetFields,
} from '../../../db/schema/index.ts';
import { createUserWithTeam, makeActivity, makeTicket } from '../../../test/factories.ts';

/** Test data of the checkout tests (rows inserted directly). Not loaded by the app. */

export interface ShopOptions {
  invoice?: boolean;
  testMode?: boolean;
  chargesVat?: boolean;
  /** The platform plan the team is on since it was made (default Pay-As-You-Go). */
  plan?: Plan;
  invoiceDueDays?: number;
}

/** A team (languages de, en; CHF) that sells: invoice and test mode on by default. */
export async function makeShop(db: Db, opts: ShopOptions = {}) {
  const { team } = await createUserWithTeam(db);
  await db.insert(teamSellingSettings).values({
    teamId: team.id,
    invoiceEnabled: opts.invoice ?? true,
    iban: 'CH9300762011623852957',
    testModeEnabled: opts.testMode ?? true,
    // Test mode beside invoice is only allowed for the demo provider (issue 20): these shops are demo-like.
    isDemo: true,
    chargesVat: opts.chargesVat ?? true,
    invoiceDueDays: opts.invoiceDueDays ?? 14,
  });
  if (opts.plan) await db.update(teamPlanChanges).set({ plan: opts.plan }).where(eq(teamPlanChanges.teamId, team.id));
  const activity = await makeActivity(db, team.id);
  const ticket = await makeTicket(db, team.id, activity.id, { stock: 10, priceMinor: 2500, taxRateBp: 810 });
  return { team, teamId: team.id, activity, ticket };
}

export async function makeProduct(
  db: Db,
  teamId: number,
  activityId: number,
  values: Partial<typeof products.$inferInsert> = {},
  offer: { ticketIds?: number[] } = {},
) {
  const [row] = await db
    .insert(products)
    .values({ teamId, name: { de: 'Mittagessen', en: 'Lunch' }, priceMinor: 1500, currency: 'CHF', taxRateBp: 260, ...values })
    .returning();
  await db.insert(activityProducts).values({ teamId, activityId, productId: row!.id, ticketIds: offer.ticketIds ?? [] });
  return row!;
}

export async function makeField(
  db: Db,
  teamId: number,
  values: { type: FieldType; scope: BookingScope; required?: boolean; options?: string[]; visibleIf?: FieldCondition | null },
  link: { typeSetId?: number; activityId?: number },
) {
  const [row] = await db
    .insert(bookingFields)
    .values({
      teamId,
      type: values.type,
      scope: values.scope,
      label: { de: 'Frage', en: 'Question' },
      required: values.required ?? false,
      options: (values.options ?? []).map((value) => ({ value, label: { de: value } })),
      visibleIf: values.visibleIf ?? null,
    })
    .returning();
  if (link.typeSetId) await db.insert(typeSetFields).values({ teamId, typeSetId: link.typeSetId, fieldId: row!.id });
  if (link.activityId) await db.insert(activityFields).values({ teamId, activityId: link.activityId, fieldId: row!.id });
  return row!;
}

export async function makeDiscount(db: Db, teamId: number, values: Partial<typeof discounts.$inferInsert> & { code: string }) {
  const [row] = await db
    .insert(discounts)
    .values({ teamId, type: 'percent', value: 1000, ...values })
    .returning();
  return row!;
}

let buyer = 0;

/** An order body: `seats` participants on one ticket (or the given items), invoice, German. */
export function orderBody(ticketId: number, seats = 1, extra: Record<string, unknown> = {}) {
  const n = ++buyer;
  return {
    items: [{ ticket_id: ticketId, quantity: seats }],
    customer: { firstname: 'Anna', lastname: 'Muster', email: `buyer-${n}@example.com` },
    participants: Array.from({ length: seats }, (_, i) => ({ ticket_id: ticketId, firstname: `P${i}`, lastname: 'Muster', answers: {} })),
    answers: {},
    payment_method: 'invoice',
    language: 'de',
    accept_terms: true,
    ...extra,
  };
}
