import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { teams, teamSellingSettings } from '../schema/index.ts';

/**
 * The demo provider's selling settings: a newcomer can book on a fresh machine without any
 * account — free, on invoice (Swiss IBAN and QR-IBAN, so the invoice carries a QR-bill) and
 * through the clearly labelled test-mode payment page (no real money). Real teams start with
 * test mode off. Written once: what is changed later in the back office is kept.
 */
export const DEMO_SELLING_SETTINGS = {
  chargesVat: true,
  /** The UID register's own example number. */
  vatNumber: 'CHE-123.456.788 MWST',
  defaultTaxRateBp: 810,
  invoiceEnabled: true,
  invoiceDueDays: 14,
  /** PostFinance's published example IBAN and QR-IBAN (valid check digits, no real account). */
  iban: 'CH9300762011623852957',
  qrIban: 'CH4431999123000889012',
  testModeEnabled: true,
  /** Only the demo may keep test mode beside invoice (issue 20); never settable through the API. */
  isDemo: true,
  termsUrl: null,
} as const;

export const DEMO_SHOP_SLUG = 'demo';
export const DEMO_PRIMARY_COLOR = '#2f6fde';

export async function seedDemoSellingSettings(db: DbOrTx, teamId: number): Promise<void> {
  await db
    .insert(teamSellingSettings)
    .values({ teamId, ...DEMO_SELLING_SETTINGS })
    .onConflictDoNothing({ target: teamSellingSettings.teamId });
  // A demo seeded before the mark existed gets it too.
  await db.update(teamSellingSettings).set({ isDemo: true }).where(eq(teamSellingSettings.teamId, teamId));
  // Branding only where the team has none yet, and the slug only while no other team uses it.
  await db
    .update(teams)
    .set({ primaryColor: DEMO_PRIMARY_COLOR })
    .where(and(eq(teams.id, teamId), isNull(teams.primaryColor)));
  await db
    .update(teams)
    .set({ slug: DEMO_SHOP_SLUG })
    .where(
      and(
        eq(teams.id, teamId),
        isNull(teams.slug),
        sql`NOT EXISTS (SELECT 1 FROM ${teams} other WHERE lower(other.slug) = ${DEMO_SHOP_SLUG})`,
      ),
    );
}
