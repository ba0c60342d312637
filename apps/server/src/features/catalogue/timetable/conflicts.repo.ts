import { and, eq, gt, inArray, lt, ne, notInArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { activities, activitySessions, resources, sessionResources } from '../../../db/schema/index.ts';

/**
 * SQL of resource usage: which scheduled sessions need the same resource at overlapping times
 * (half-open ranges: a session ending at 10:00 does not overlap one starting at 10:00).
 */

export async function resourcesByIds(db: DbOrTx, teamId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: resources.id, name: resources.name, capacity: resources.capacity, groupId: resources.groupId })
    .from(resources)
    .where(and(eq(resources.teamId, teamId), inArray(resources.id, ids)));
}

const other = alias(activitySessions, 'other_session');
const otherUse = alias(sessionResources, 'other_use');

const otherColumns = {
  resourceId: otherUse.resourceId,
  otherId: other.id,
  otherStart: other.startsAt,
  otherEnd: other.endsAt,
  otherQuantity: otherUse.quantity,
  activityId: activities.id,
  activityName: activities.name,
};

/**
 * For each given (scheduled) session and each of its resources: the other scheduled sessions
 * overlapping it that use the same resource. One query for any number of sessions.
 */
export async function overlapsOfSessions(db: DbOrTx, teamId: number, sessionIds: number[]) {
  if (!sessionIds.length) return [];
  const own = alias(activitySessions, 'own_session');
  const ownUse = alias(sessionResources, 'own_use');
  return db
    .select({
      sessionId: own.id,
      ownStart: own.startsAt,
      ownEnd: own.endsAt,
      ownQuantity: ownUse.quantity,
      resourceName: resources.name,
      capacity: resources.capacity,
      ...otherColumns,
    })
    .from(ownUse)
    .innerJoin(own, and(eq(own.id, ownUse.sessionId), eq(own.status, 'scheduled')))
    .innerJoin(resources, eq(resources.id, ownUse.resourceId))
    .innerJoin(
      otherUse,
      and(eq(otherUse.teamId, teamId), eq(otherUse.resourceId, ownUse.resourceId), ne(otherUse.sessionId, ownUse.sessionId)),
    )
    .innerJoin(
      other,
      and(eq(other.id, otherUse.sessionId), eq(other.status, 'scheduled'), lt(other.startsAt, own.endsAt), gt(other.endsAt, own.startsAt)),
    )
    .innerJoin(activities, eq(activities.id, other.activityId))
    .where(and(eq(ownUse.teamId, teamId), inArray(ownUse.sessionId, sessionIds)));
}

/** Scheduled sessions using these resources within [start, end), optionally leaving some out. */
export async function usageInRange(
  db: DbOrTx,
  teamId: number,
  resourceIds: number[],
  start: Date,
  end: Date,
  exclude?: number | readonly number[],
) {
  if (!resourceIds.length) return [];
  const where: SQL[] = [eq(otherUse.teamId, teamId), inArray(otherUse.resourceId, resourceIds)];
  if (typeof exclude === 'number') where.push(ne(otherUse.sessionId, exclude));
  else if (exclude?.length) where.push(notInArray(otherUse.sessionId, [...exclude]));
  return db
    .select(otherColumns)
    .from(otherUse)
    .innerJoin(
      other,
      and(eq(other.id, otherUse.sessionId), eq(other.status, 'scheduled'), lt(other.startsAt, end), gt(other.endsAt, start)),
    )
    .innerJoin(activities, eq(activities.id, other.activityId))
    .where(and(...where));
}
