import type { Language } from '@bookla/shared';
import { and, asc, eq, exists, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { activities, activityInstructors, activitySessions, locations, resources, sessionResources } from '../../../db/schema/index.ts';
import { pickedText } from '../../../lib/sql.ts';

/** SQL of the calendar feed: the team's sessions starting in a range (index team_id, starts_at). */

export interface CalendarFilter {
  from: Date;
  to: Date;
  typeSetId?: number | undefined;
  locationId?: number | undefined;
  instructorId?: number | undefined;
  resourceId?: number | undefined;
  /** Only sessions using a resource of this group. */
  groupId?: number | undefined;
}

/** One query: sessions with their activity's title, kind and location name in the language. */
export async function calendarSessions(db: DbOrTx, teamId: number, f: CalendarFilter, lang: Language) {
  const where: SQL[] = [eq(activitySessions.teamId, teamId), gte(activitySessions.startsAt, f.from), lt(activitySessions.startsAt, f.to)];
  if (f.typeSetId) where.push(eq(activities.typeSetId, f.typeSetId));
  if (f.locationId) where.push(eq(activities.locationId, f.locationId));
  if (f.instructorId) {
    const teaches = db
      .select({ one: sql`1` })
      .from(activityInstructors)
      .where(
        and(
          eq(activityInstructors.teamId, teamId),
          eq(activityInstructors.activityId, activities.id),
          eq(activityInstructors.userId, f.instructorId),
        ),
      );
    where.push(exists(teaches));
  }
  if (f.resourceId) {
    const uses = db
      .select({ one: sql`1` })
      .from(sessionResources)
      .where(
        and(
          eq(sessionResources.teamId, teamId),
          eq(sessionResources.sessionId, activitySessions.id),
          eq(sessionResources.resourceId, f.resourceId),
        ),
      );
    where.push(exists(uses));
  }
  if (f.groupId) {
    const usesGroup = db
      .select({ one: sql`1` })
      .from(sessionResources)
      .innerJoin(resources, eq(resources.id, sessionResources.resourceId))
      .where(
        and(eq(sessionResources.teamId, teamId), eq(sessionResources.sessionId, activitySessions.id), eq(resources.groupId, f.groupId)),
      );
    where.push(exists(usesGroup));
  }
  return db
    .select({
      id: activitySessions.id,
      activityId: activitySessions.activityId,
      status: activitySessions.status,
      startsAt: activitySessions.startsAt,
      endsAt: activitySessions.endsAt,
      kind: activities.kind,
      activityStatus: activities.status,
      title: pickedText(activities.name, lang),
      locationId: locations.id,
      location: pickedText(locations.name, lang),
    })
    .from(activitySessions)
    .innerJoin(activities, and(eq(activities.id, activitySessions.activityId), eq(activities.teamId, teamId)))
    .leftJoin(locations, and(eq(locations.id, activities.locationId), eq(locations.teamId, teamId)))
    .where(and(...where))
    .orderBy(asc(activitySessions.startsAt), asc(activitySessions.id));
}
