import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { activities, waitingListEntries } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeSession, makeTicket, createUserWithTeam } from '../../../test/factories.ts';
import { randomToken, sha256 } from '../../../lib/tokens.ts';
import { markOffered } from './waitinglist.repo.ts';

/** Issue 20 item 1d: a waiting-list offer holds its seats for the activity's offer hours, never past the session it books. */

let t: TestApp;
const db = () => t.app.deps.db;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function makeLine(startsInMs: number | null) {
  const { team } = await createUserWithTeam(db());
  const activity = await makeActivity(db(), team.id);
  await db().update(activities).set({ waitingList: true, waitingListOfferHours: 48 }).where(eq(activities.id, activity.id));
  const session = startsInMs === null ? null : await makeSession(db(), team.id, activity.id, new Date(Date.now() + startsInMs));
  await makeTicket(db(), team.id, activity.id, { sessionId: session?.id ?? null, stock: 1 });
  const [entry] = await db()
    .insert(waitingListEntries)
    .values({
      teamId: team.id,
      activityId: activity.id,
      sessionId: session?.id ?? null,
      email: 'wait@example.com',
      firstname: 'W',
      lastname: 'L',
      quantity: 1,
      language: 'de',
      removalTokenHash: sha256(randomToken()),
    })
    .returning();
  const offer = (sessionId: number | null) =>
    markOffered(db(), team.id, entry!.id, ['waiting'], {
      tokenHash: sha256(randomToken()),
      holder: `wl_${randomToken(8)}`,
      hours: 48,
      activityId: activity.id,
      sessionId,
    });
  return { session, offer };
}

it('an offer for a date 3 hours ahead ends at its start, not after 48 hours', async () => {
  const line = await makeLine(3 * 3600_000);
  const expires = await line.offer(line.session!.id);
  expect(expires!.getTime()).toBe(line.session!.startsAt.getTime());
});

it('an offer for the whole course ends at its next date; without dates it keeps its offer hours', async () => {
  const course = await makeLine(5 * 3600_000);
  expect((await course.offer(null))!.getTime()).toBe(course.session!.startsAt.getTime());
  const undated = await makeLine(null);
  const hours = ((await undated.offer(null))!.getTime() - Date.now()) / 3600_000;
  expect(hours).toBeGreaterThan(47.9);
  expect(hours).toBeLessThanOrEqual(48.01);
});
