import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createUserWithTeam, inDays, makeActivity, makeSession, makeTicket } from '../test/factories.ts';
import { activities, catalogueVersions, locations, teams, teamSellingSettings, tickets } from './schema/index.ts';

/**
 * The catalogue version of a team (migration 0024) moves in the transaction of every change of
 * what its public reads show, and not with sales counters (checkouts must not queue on it). Runs
 * on PGlite and on PostgreSQL.
 */

let t: TestApp;
const db = () => t.app.deps.db;
const versionOf = async (teamId: number) =>
  Number(
    (await db().select({ v: catalogueVersions.version }).from(catalogueVersions).where(eq(catalogueVersions.teamId, teamId)))[0]?.v ?? 0,
  );

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('catalogue versions', () => {
  it('move with every change of the public catalogue, the team and its selling settings', async () => {
    const { team } = await createUserWithTeam(db());
    const other = (await createUserWithTeam(db())).team;
    let last = await versionOf(team.id);
    const otherBefore = await versionOf(other.id);
    const moves = async (what: string, change: () => Promise<unknown>) => {
      await change();
      const now = await versionOf(team.id);
      expect(now, what).toBeGreaterThan(last);
      last = now;
    };
    const activity = await makeActivity(db(), team.id);
    await moves('an activity inserted', async () => makeActivity(db(), team.id));
    await moves('an activity renamed', () =>
      db()
        .update(activities)
        .set({ name: { de: 'Neu' } })
        .where(eq(activities.id, activity.id)),
    );
    await moves('a date added', () => makeSession(db(), team.id, activity.id, inDays(3)));
    const ticket = await makeTicket(db(), team.id, activity.id);
    await moves('a ticket price changed', () => db().update(tickets).set({ priceMinor: 900 }).where(eq(tickets.id, ticket.id)));
    await moves('a location added', () =>
      db()
        .insert(locations)
        .values({ teamId: team.id, name: { de: 'Saal' }, postalCode: '8000', city: 'Zürich', country: 'CH' }),
    );
    await moves('the team renamed', () => db().update(teams).set({ name: 'Studio Neu' }).where(eq(teams.id, team.id)));
    await moves('payment settings changed', () => db().insert(teamSellingSettings).values({ teamId: team.id, testModeEnabled: true }));
    await moves('an activity deleted', () => db().delete(activities).where(eq(activities.id, activity.id)));
    expect(await versionOf(other.id), 'another team’s version').toBe(otherBefore);
  });

  it('do not move with sales counters or bookkeeping (a checkout never waits on them)', async () => {
    const { team } = await createUserWithTeam(db());
    const activity = await makeActivity(db(), team.id);
    const ticket = await makeTicket(db(), team.id, activity.id);
    const before = await versionOf(team.id);
    await db()
      .update(tickets)
      .set({ sold: sql`${tickets.sold} + 2`, updatedAt: new Date() })
      .where(eq(tickets.id, ticket.id));
    await db().update(teams).set({ checklistCompleted: true, updatedAt: new Date() }).where(eq(teams.id, team.id));
    expect(await versionOf(team.id)).toBe(before);
  });

  it('a change rolled back moves nothing', async () => {
    const { team } = await createUserWithTeam(db());
    const before = await versionOf(team.id);
    await expect(
      db().transaction(async (tx) => {
        await tx.update(teams).set({ name: 'Nie' }).where(eq(teams.id, team.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await versionOf(team.id)).toBe(before);
  });
});
