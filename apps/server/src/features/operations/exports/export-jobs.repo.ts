import type { Role } from '@bookla/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { jobs, teamMembers } from '../../../db/schema/index.ts';
import { enqueueJob } from '../../../lib/jobs.ts';

/**
 * An export job's state lives in its row of the job queue (`jobs`): the runner's `status`
 * (queued → running → done | failed) and the export's own facts in `payload` (who asked, what,
 * progress, the file). No table of its own: an export is a job with a result file.
 */

export const EXPORT_JOB = 'export.build';
export const EXPORT_EXPIRE_JOB = 'export.expire';

export interface ExportPayload {
  teamId: number;
  userId: number;
  role: string;
  timeZone: string;
  currency: string;
  type: string;
  format: string;
  lang: string;
  columnFilters: Record<string, string>;
  ids?: number[];
  rowsTotal: number;
  rowsDone: number;
  fileName: string;
  /** Random, unguessable: the file's key `exports/{fileKey}.{format}` in the app's storage (set when the job is created). */
  fileKey: string;
  finishedAt?: string;
  expired?: boolean;
  /** Set when the user may no longer have it (left the company, lost the permission). */
  failed?: boolean;
}

export interface ExportJobRow {
  id: number;
  status: string;
  payload: ExportPayload;
  createdAt: Date;
}

export function insertExportJob(db: DbOrTx, payload: ExportPayload): Promise<number> {
  return enqueueJob(db, EXPORT_JOB, { ...payload }, { maxAttempts: 3 });
}

/** The export job with this id of this user in this company; undefined for anyone else's (a 404 to them). */
export async function findExportJob(db: DbOrTx, teamId: number, userId: number, id: number): Promise<ExportJobRow | undefined> {
  const [row] = await db
    .select({ id: jobs.id, status: jobs.status, payload: jobs.payload, createdAt: jobs.createdAt })
    .from(jobs)
    .where(
      and(
        eq(jobs.id, id),
        eq(jobs.type, EXPORT_JOB),
        sql`${jobs.payload}->>'teamId' = ${String(teamId)}`,
        sql`${jobs.payload}->>'userId' = ${String(userId)}`,
      ),
    );
  return row && { ...row, payload: row.payload as unknown as ExportPayload };
}

/** How many of this user's exports in this company are waiting or running. */
export async function unfinishedCount(db: DbOrTx, teamId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(
      and(
        eq(jobs.type, EXPORT_JOB),
        inArray(jobs.status, ['queued', 'running']),
        sql`${jobs.payload}->>'teamId' = ${String(teamId)}`,
        sql`${jobs.payload}->>'userId' = ${String(userId)}`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Merges these keys into the job's payload (progress, the finished file, expiry). */
export async function updatePayload(db: DbOrTx, id: number, patch: Partial<ExportPayload>): Promise<void> {
  await db
    .update(jobs)
    .set({ payload: sql`${jobs.payload} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
    .where(and(eq(jobs.id, id), eq(jobs.type, EXPORT_JOB)));
}

export function scheduleExpiry(db: DbOrTx, jobId: number, at: Date): Promise<number> {
  return enqueueJob(db, EXPORT_EXPIRE_JOB, { jobId }, { runAt: at, maxAttempts: 5 });
}

/** The payload of an export job, whoever's (the expiry job). */
export async function exportPayload(db: DbOrTx, id: number): Promise<ExportPayload | undefined> {
  const [row] = await db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.type, EXPORT_JOB)));
  return row?.payload as unknown as ExportPayload | undefined;
}

/** The user's role in the company now; undefined once they left it. */
export async function memberRole(db: DbOrTx, teamId: number, userId: number): Promise<Role | undefined> {
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row?.role;
}
