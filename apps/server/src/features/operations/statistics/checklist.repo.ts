import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { teams } from '../../../db/schema/index.ts';

/**
 * SQL of the dashboard's introduction checklist: what the team has set up so far, in one round
 * trip (each step an EXISTS on a team index), and its `checklist_completed` flag, which this
 * checklist is the only writer of.
 */

export interface ChecklistFacts {
  completed: boolean;
  companyComplete: boolean;
  hasActivity: boolean;
  hasTicket: boolean;
  hasPublished: boolean;
  hasOrder: boolean;
}

type Raw = Record<string, unknown>;

export async function checklistFacts(db: DbOrTx, teamId: number): Promise<ChecklistFacts | undefined> {
  const result = await db.execute(sql`
    SELECT t.checklist_completed AS completed,
      (t.logo_path IS NOT NULL AND t.billing_address <> '' AND t.billing_city <> '' AND t.billing_postal_code <> '') AS company,
      EXISTS (SELECT 1 FROM activities a WHERE a.team_id = t.id) AS activity,
      EXISTS (SELECT 1 FROM tickets k WHERE k.team_id = t.id) AS ticket,
      EXISTS (SELECT 1 FROM activities a WHERE a.team_id = t.id AND a.status = 'published') AS published,
      EXISTS (SELECT 1 FROM orders o WHERE o.team_id = t.id) AS ordered
    FROM teams t WHERE t.id = ${teamId}`);
  const row = (result as unknown as { rows: Raw[] }).rows[0];
  if (!row) return undefined;
  return {
    completed: row.completed === true,
    companyComplete: row.company === true,
    hasActivity: row.activity === true,
    hasTicket: row.ticket === true,
    hasPublished: row.published === true,
    hasOrder: row.ordered === true,
  };
}

export async function setChecklistCompleted(db: DbOrTx, teamId: number, completed: boolean): Promise<void> {
  await db.update(teams).set({ checklistCompleted: completed, updatedAt: new Date() }).where(eq(teams.id, teamId));
}
