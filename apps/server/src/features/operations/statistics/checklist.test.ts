import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, teams, teamSellingSettings } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeTicket, owner, staff } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';

/** The dashboard's introduction checklist: each step ticks from the team's data; dismissing it is stored. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const steps = (body: { data: { steps: { key: string; done: boolean }[] } }) =>
  Object.fromEntries(body.data.steps.map((s) => [s.key, s.done]));

describe('introduction checklist (GET/PUT /api/dashboard/checklist)', () => {
  it('ticks each step from the company’s data', async () => {
    const a = await owner(t.app);
    const db = t.app.deps.db;
    const read = async () => {
      const res = await a.client.get('/api/dashboard/checklist?language=fr');
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const first = await read();
    expect(first.data.completed).toBe(false);
    expect(steps(first)).toEqual({ company: false, activity: false, tickets: false, payment: false, publish: false, share: false });
    // The team speaks de and en: the link is in the first of its languages, by id without a slug.
    expect(first.data.shop_url).toBe(`http://localhost:3000/de/shop/${a.team.id}`);

    await db.update(teams).set({ logoPath: 'logos/1/logo-abc.webp', slug: 'yoga-zentrum' }).where(eq(teams.id, a.team.id));
    const activity = await makeActivity(db, a.team.id, { status: 'draft' });
    expect(steps(await read())).toMatchObject({ company: true, activity: true, tickets: false, publish: false });
    const ticket = await makeTicket(db, a.team.id, activity.id);
    // Test mode takes no real money; an invoice needs its IBAN.
    await db.insert(teamSellingSettings).values({ teamId: a.team.id, testModeEnabled: true, invoiceEnabled: true });
    expect(steps(await read())).toMatchObject({ tickets: true, payment: false });
    await db.update(teamSellingSettings).set({ iban: 'CH9300762011623852957' }).where(eq(teamSellingSettings.teamId, a.team.id));
    await db.update(activities).set({ status: 'published' }).where(eq(activities.id, activity.id));
    expect(steps(await read())).toMatchObject({ payment: true, publish: true, share: false });
    await makeOrder(db, a.team.id, { ticketId: ticket.id });
    const done = await read();
    expect(steps(done)).toEqual({ company: true, activity: true, tickets: true, payment: true, publish: true, share: true });
    expect(done.data.shop_url).toBe('http://localhost:3000/de/shop/yoga-zentrum');

    // Another company's data ticks nothing here.
    const b = await owner(t.app);
    expect(Object.values(steps((await b.client.get('/api/dashboard/checklist')).json())).some(Boolean)).toBe(false);
  });

  it('is dismissed and shown again through checklist_completed, by staff other than instructors', async () => {
    const a = await owner(t.app);
    const editor = await staff(t.app, a.team, 'editor');
    const hide = await editor.client.request('PUT', '/api/dashboard/checklist?language=en', { completed: true });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json()).toMatchObject({ success: true, message: 'The introduction checklist has been hidden.', data: { completed: true } });
    expect((await a.client.get('/api/srl/team')).json().team.checklist_completed).toBe(true);
    expect((await a.client.get('/api/dashboard/checklist')).json().data.completed).toBe(true);
    const show = await a.client.request('PUT', '/api/dashboard/checklist?language=de', { completed: false });
    expect(show.json().message).toBe('Die Einführungs-Checkliste wird wieder angezeigt.');
    expect((await a.client.get('/api/srl/team')).json().team.checklist_completed).toBe(false);

    const bad = await a.client.request('PUT', '/api/dashboard/checklist', { completed: 'ja', extra: 1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.completed).toBeDefined();

    const instructor = await staff(t.app, a.team, 'instructor');
    expect((await instructor.client.request('PUT', '/api/dashboard/checklist', { completed: true })).statusCode).toBe(403);
    expect((await a.client.get('/api/srl/team')).json().team.checklist_completed).toBe(false);
  });
});
