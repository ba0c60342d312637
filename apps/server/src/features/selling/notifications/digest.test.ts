import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, teamNotificationSettings } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUserWithTeam, loginAs } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';
import { makeShop } from './notice-test-kit.ts';
import { handleProviderNotice, runDigests } from './index.ts';
import { localDate } from './notifications.repo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const deps = () => ({ db: db(), config: t.app.deps.config });

/** A shop (Europe/Zurich) on the daily digest: the owner (de) and an admin (en) receive it. */
async function digestShop(delivery: 'digest' | 'immediate' = 'digest') {
  const s = await makeShop(db());
  const admin = (await createUserWithTeam(db(), { teamId: s.teamId, role: 'admin', language: 'en', firstname: 'Ada' })).user;
  const owner = (await db().query.users.findFirst({ where: (u, { eq: e }) => e(u.id, s.team.ownerId) }))!;
  const client = await loginAs(t.app, owner.email);
  const res = await client.request('PUT', '/api/config/notifications', {
    recipients: [owner.id, admin.id],
    events: ['order_placed', 'order_cancelled', 'refund_requested', 'refund_made', 'waitlist_taken'],
    delivery,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...s, owner, admin };
}

async function paidOrder(teamId: number, ticketId: number, at: Date) {
  const { order } = await makeOrder(db(), teamId, { ticketId, paymentStatus: 'paid', paymentType: 'invoice' });
  await handleProviderNotice(deps(), { teamId, orderId: order.id, kind: 'placed', at: at.toISOString() });
  return order;
}

const digestsOf = (teamId: number) =>
  db()
    .select()
    .from(emails)
    .where(and(eq(emails.teamId, teamId), eq(emails.kind, 'notice_digest')));
const noticesOf = (teamId: number) =>
  db()
    .select()
    .from(emails)
    .where(eq(emails.teamId, teamId))
    .then((rows) => rows.filter((m) => m.kind.startsWith('notice_')));

/** Tomorrow (Europe/Zurich) at `hour` local winter time (+01:00; an hour later in summer). */
async function tomorrowAt(hour: number): Promise<Date> {
  const day = await localDate(db(), 'Europe/Zurich', new Date(), 1);
  return new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+01:00`);
}

describe('the daily digest', { timeout: 60_000 }, () => {
  it('sends each recipient one mail in their language the next morning, listing the day’s events; once', async () => {
    const s = await digestShop();
    const first = await paidOrder(s.teamId, s.ticket.id, new Date());
    const second = await paidOrder(s.teamId, s.ticket.id, new Date());
    // An event of the day before the switch to the digest is not the next digest's.
    await paidOrder(s.teamId, s.ticket.id, new Date(Date.now() - 2 * 86_400_000));
    expect(await noticesOf(s.teamId)).toEqual([]);

    // Before the digest hour: nothing yet.
    await runDigests(deps(), await tomorrowAt(3));
    expect(await digestsOf(s.teamId)).toEqual([]);

    const morning = await tomorrowAt(8);
    await runDigests(deps(), morning);
    const mails = await digestsOf(s.teamId);
    expect(mails.map((m) => m.toAddress).sort()).toEqual([s.owner.email, s.admin.email].sort());
    const en = mails.find((m) => m.language === 'en')!;
    const de = mails.find((m) => m.language === 'de')!;
    expect(en.subject).toMatch(/^Summary of /);
    expect(en.textBody).toContain(s.team.name);
    expect(en.textBody).toContain('New order: 2');
    expect(en.textBody).toContain(`New order: order ${first.number}, Anna Muster,`);
    expect(en.textBody).toContain(`New order: order ${second.number}, Anna Muster,`);
    expect(en.textBody).not.toContain(`order ${first.number + 2},`);
    expect(de.subject).toMatch(/^Zusammenfassung vom /);
    expect(de.textBody).toContain('Neue Bestellung: 2');

    // Run again, the same morning or later that day: nothing more.
    await runDigests(deps(), morning);
    await runDigests(deps(), new Date(morning.getTime() + 6 * 3600_000));
    expect(await digestsOf(s.teamId)).toHaveLength(2);
  });

  it('sends nothing for a day without events (the day is still done), nor to teams told immediately', async () => {
    const quiet = await digestShop();
    const immediate = await digestShop('immediate');
    await paidOrder(immediate.teamId, immediate.ticket.id, new Date());
    const morning = await tomorrowAt(8);
    await runDigests(deps(), morning);
    expect(await digestsOf(quiet.teamId)).toEqual([]);
    const [row] = await db().select().from(teamNotificationSettings).where(eq(teamNotificationSettings.teamId, quiet.teamId));
    expect(row!.lastDigestOn).toBe(await localDate(db(), 'Europe/Zurich', new Date()));
    // The immediate team got its mails at once, and no digest.
    expect((await noticesOf(immediate.teamId)).map((m) => m.kind)).toEqual(['notice_order_placed', 'notice_order_placed']);
  });

  it('two runs at once (two instances) send each digest once', async () => {
    const s = await digestShop();
    await paidOrder(s.teamId, s.ticket.id, new Date());
    const morning = await tomorrowAt(9);
    await Promise.all([runDigests(deps(), morning), runDigests(deps(), morning), runDigests(deps(), morning)]);
    expect(await digestsOf(s.teamId)).toHaveLength(2);
  });

  it('a failure while writing the digest leaves the day unclaimed, and the next run sends it', async () => {
    const s = await digestShop();
    await paidOrder(s.teamId, s.ticket.id, new Date());
    const morning = await tomorrowAt(8);
    const broken = {
      db: db(),
      config: {
        ...t.app.deps.config,
        get appName(): string {
          throw new Error('mail composition failed');
        },
      },
    };
    await expect(runDigests(broken, morning)).rejects.toThrow('mail composition failed');
    expect(await digestsOf(s.teamId)).toEqual([]);
    await runDigests(deps(), morning);
    expect(await digestsOf(s.teamId)).toHaveLength(2);
  });
});
