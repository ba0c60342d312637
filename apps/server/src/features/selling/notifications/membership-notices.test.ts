import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, jobs, memberships, teamNotificationEvents, teamSellingSettings } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUserWithTeam, loginAs } from '../../../test/factories.ts';
import { makeMember, makeSubscription, makeTier, setSubscriptionsFeature } from '../../../test/subscription-factories.ts';
import { cancelOwnMembership, sweepMemberships } from '../subscriptions/index.ts';
import { PROVIDER_NOTICE_JOB } from '../orders/index.ts';
import { localDate } from './notifications.repo.ts';
import { runDigests } from './index.ts';

/**
 * The provider is told of membership events (issue 24, decision 020): a renewal left unpaid, a
 * cancellation (by the member or staff; to the period's end or now), the end. Each once (also
 * when the sweep runs twice), immediately or in the digest per the team's settings, in each
 * recipient's language; not at all when unticked; every event for a team without settings.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const db = () => t.app.deps.db;
const runJobs = () => t.app.deps.jobs.runDue();
const sweep = (at: Date) => sweepMemberships(t.app.deps, at);

/**
 * A studio (Europe/Zurich, invoices off: a paid renewal stays unpaid) selling "Yoga" in a monthly
 * tier; the owner reads German, a chosen admin French, an editor English (not chosen). `events`:
 * the saved settings (none: no settings row, the defaults).
 */
async function studio(settings?: { events: string[]; delivery: 'immediate' | 'digest' }) {
  const { user, team } = await createUserWithTeam(db(), { language: 'de' });
  const p = { user, team, client: await loginAs(t.app, user.email) };
  await setSubscriptionsFeature(db(), p.team.id, true);
  await db().insert(teamSellingSettings).values({ teamId: p.team.id, invoiceEnabled: false, membershipGraceDays: 14 });
  const admin = (await createUserWithTeam(db(), { teamId: p.team.id, role: 'admin', language: 'fr', firstname: 'Amélie' })).user;
  const editor = (await createUserWithTeam(db(), { teamId: p.team.id, role: 'editor', language: 'en', firstname: 'Ed' })).user;
  if (settings) {
    const res = await p.client.request('PUT', '/api/config/notifications', { recipients: [p.user.id, admin.id], ...settings });
    expect(res.statusCode, res.body).toBe(200);
  }
  const s = await makeSubscription(db(), p.team.id, 'Yoga');
  const tier = await makeTier(db(), p.team.id, s.id, { priceMinor: 12000, credits: null });
  const member = async () => (await makeMember(db(), p.team.id, tier, { firstname: 'Mia', lastname: 'Mitglied' })).membership;
  return { ...p, admin, editor, subscription: s, tier, member };
}

const noticesOf = (teamId: number) =>
  db()
    .select()
    .from(emails)
    .where(and(eq(emails.teamId, teamId), like(emails.kind, 'notice_%')))
    .then((rows) => rows.sort((a, b) => a.id - b.id));
const eventsOf = (teamId: number) =>
  db()
    .select()
    .from(teamNotificationEvents)
    .where(eq(teamNotificationEvents.teamId, teamId))
    .then((rows) => rows.sort((a, b) => a.id - b.id));
const noticeJobsOf = async (membershipId: number) =>
  (await db().select().from(jobs).where(eq(jobs.type, PROVIDER_NOTICE_JOB))).filter((j) => j.payload.membershipId === membershipId);

describe('membership notices', { timeout: 60_000 }, () => {
  it('a renewal left unpaid and the end after the grace days: told once each (the sweep runs twice), in each recipient’s language', async () => {
    const s = await studio({
      events: ['order_placed', 'membership_past_due', 'membership_cancelled', 'membership_ended'],
      delivery: 'immediate',
    });
    const m = await s.member();
    const atEnd = new Date(m.currentPeriodEnd.getTime() + 1000);
    await Promise.all([sweep(atEnd), sweep(atEnd)]);
    await sweep(atEnd);
    expect((await db().select().from(memberships).where(eq(memberships.id, m.id)))[0]).toMatchObject({ status: 'past_due' });
    // The job row was written with the change (the sweep's transaction), once.
    expect(await noticeJobsOf(m.id)).toHaveLength(1);
    await runJobs();
    await runJobs();
    let mails = await noticesOf(s.team.id);
    expect(mails.map((x) => [x.kind, x.language])).toEqual(
      expect.arrayContaining([
        ['notice_membership_past_due', 'de'],
        ['notice_membership_past_due', 'fr'],
      ]),
    );
    expect(mails).toHaveLength(2);
    expect(mails.map((x) => x.toAddress).sort()).toEqual([s.user.email, s.admin.email].sort());
    const de = mails.find((x) => x.language === 'de')!;
    const fr = mails.find((x) => x.language === 'fr')!;
    expect(de.subject).toBe('Verlängerung einer Mitgliedschaft nicht bezahlt');
    expect(de.textBody).toContain(`Mia Mitglied hat die Verlängerung der Mitgliedschaft Yoga (Monat) bei ${s.team.name} nicht bezahlt`);
    expect(de.textBody).toContain(`http://localhost:3000/de/backend/subscription/${s.subscription.id}`);
    expect(fr.subject).toBe('Renouvellement d’abonnement non payé');
    expect(fr.textBody).toContain('Mia Mitglied n’a pas payé le renouvellement de l’abonnement Yoga (Mensuel)');

    // 14 grace days later it ends: told once, with the reason.
    const [due] = await db().select().from(memberships).where(eq(memberships.id, m.id));
    const late = new Date(due!.pastDueSince!.getTime() + 14 * DAY + 1000);
    await Promise.all([sweep(late), sweep(late)]);
    await runJobs();
    mails = (await noticesOf(s.team.id)).filter((x) => x.kind === 'notice_membership_ended');
    expect(mails).toHaveLength(2);
    expect(mails.find((x) => x.language === 'de')!.textBody).toContain('Die Verlängerung wurde innerhalb der Karenztage nicht bezahlt.');
    expect((await eventsOf(s.team.id)).map((e) => [e.event, e.membershipId, e.orderId])).toEqual([
      ['membership_past_due', m.id, null],
      ['membership_ended', m.id, null],
    ]);
    // Nobody else: not the editor, never the member.
    expect((await noticesOf(s.team.id)).some((x) => x.toAddress === s.editor.email)).toBe(false);
  });

  it('cancellations by staff (to the period’s end, then now) and by the member, and the end of a cancelled one, say who and when', async () => {
    const s = await studio();
    const a = await s.member();
    const b = await s.member();
    const cancel = (id: number, body: unknown) => s.client.post(`/api/subscriptions/${s.subscription.id}/members/${id}/cancel`, body);
    expect((await cancel(a.id, { mode: 'period_end' })).statusCode).toBe(200);
    expect((await cancel(a.id, { mode: 'now', refund: false })).statusCode).toBe(200);
    await cancelOwnMembership(t.app.deps, s.team.id, b.customerId, b.id);
    await runJobs();
    // No settings saved: every event, to the owner (German).
    const mails = await noticesOf(s.team.id);
    expect(mails.every((x) => x.toAddress === s.user.email && x.language === 'de')).toBe(true);
    expect(mails.map((x) => x.kind)).toEqual(['notice_membership_cancelled', 'notice_membership_cancelled', 'notice_membership_cancelled']);
    const texts = mails.map((x) => x.textBody);
    expect(texts.some((x) => x.includes(`wurde von ${s.team.name} auf das Ende der Periode gekündigt`))).toBe(true);
    expect(texts.some((x) => x.includes(`wurde von ${s.team.name} mit sofortiger Wirkung gekündigt`))).toBe(true);
    expect(
      texts.some((x) =>
        x.includes(`Mia Mitglied hat die Mitgliedschaft Yoga (Monat) bei ${s.team.name} auf das Ende der Periode gekündigt`),
      ),
    ).toBe(true);
    expect(mails.every((x) => x.subject === 'Mitgliedschaft gekündigt')).toBe(true);

    // B ends at its period's end (as cancelled): told once, however often the sweep runs.
    const atEnd = new Date(b.currentPeriodEnd.getTime() + 1000);
    await Promise.all([sweep(atEnd), sweep(atEnd)]);
    await runJobs();
    const ended = (await noticesOf(s.team.id)).filter((x) => x.kind === 'notice_membership_ended');
    expect(ended).toHaveLength(1);
    expect(ended[0]!.textBody).toMatch(/ist am \d{2}\.\d{2}\.\d{4} wie gekündigt beendet/);
  });

  it('a team on the digest gets them in the next morning’s summary, not one by one', async () => {
    const s = await studio({ events: ['membership_cancelled', 'membership_ended', 'membership_past_due'], delivery: 'digest' });
    const m = await s.member();
    expect((await s.client.post(`/api/subscriptions/${s.subscription.id}/members/${m.id}/cancel`, { mode: 'period_end' })).statusCode).toBe(
      200,
    );
    await runJobs();
    expect(await noticesOf(s.team.id)).toEqual([]);
    const day = await localDate(db(), 'Europe/Zurich', new Date(), 1);
    await runDigests({ db: db(), config: t.app.deps.config }, new Date(`${day}T08:00:00+01:00`));
    const digests = await noticesOf(s.team.id);
    expect(digests.map((x) => x.kind)).toEqual(['notice_digest', 'notice_digest']);
    const fr = digests.find((x) => x.language === 'fr')!;
    expect(fr.textBody).toContain('Abonnement résilié : 1');
    expect(fr.textBody).toContain('Abonnement résilié: Mia Mitglied, Yoga (Mensuel)');
    const de = digests.find((x) => x.language === 'de')!;
    expect(de.textBody).toContain('Mitgliedschaft gekündigt: Mia Mitglied, Yoga (Monat)');
  });

  it('unticked: recorded, but nobody is told (saved settings keep their choice); a team without settings gets every event', async () => {
    const s = await studio({ events: ['order_placed', 'order_cancelled'], delivery: 'immediate' });
    const m = await s.member();
    expect((await s.client.post(`/api/subscriptions/${s.subscription.id}/members/${m.id}/cancel`, { mode: 'now' })).statusCode).toBe(200);
    await runJobs();
    expect(await noticesOf(s.team.id)).toEqual([]);
    expect((await eventsOf(s.team.id)).map((e) => e.event)).toEqual(['membership_cancelled']);
    const saved = (await s.client.get('/api/config/notifications')).json().data;
    expect(saved.events).toEqual(['order_placed', 'order_cancelled']);

    const fresh = await studio();
    const defaults = (await fresh.client.get('/api/config/notifications')).json().data;
    expect(defaults.events).toEqual(expect.arrayContaining(['membership_past_due', 'membership_cancelled', 'membership_ended']));
    const n = await fresh.member();
    await sweep(new Date(n.currentPeriodEnd.getTime() + 1000));
    await runJobs();
    expect((await noticesOf(fresh.team.id)).map((x) => x.kind)).toEqual(['notice_membership_past_due']);
  });
});
