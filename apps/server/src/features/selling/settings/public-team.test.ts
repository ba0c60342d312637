import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams, teamSellingSettings } from '../../../db/schema/index.ts';
import { DEMO_SHOP_SLUG, seedDemoSellingSettings } from '../../../db/seed/demo-selling.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUserWithTeam, DEFAULT_PASSWORD, owner } from '../../../test/factories.ts';
import { defaultSellingSettings, enabledPaymentMethods, findShopTeam } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
/** A visitor: no cookies, no CSRF token. */
const visit = (url: string) => t.app.inject({ method: 'GET', url });

describe('enabledPaymentMethods', () => {
  const base = defaultSellingSettings(1);
  it('offers free always, the others when they are on and have what they need', () => {
    expect(enabledPaymentMethods(base)).toEqual(['free']);
    expect(enabledPaymentMethods({ ...base, invoiceEnabled: true })).toEqual(['free']); // no IBAN
    expect(enabledPaymentMethods({ ...base, invoiceEnabled: true, iban: 'CH9300762011623852957' })).toEqual(['free', 'invoice']);
    expect(enabledPaymentMethods({ ...base, stripeEnabled: true })).toEqual(['free']); // no secret key
    const stripe = { ...base, stripeEnabled: true, stripeSecretKeyEnc: 'v1.x.y.z' };
    expect(enabledPaymentMethods(stripe)).toEqual(['free', 'stripe']);
    expect(enabledPaymentMethods(stripe, { stripeReady: false })).toEqual(['free']);
    expect(enabledPaymentMethods({ ...base, stripeSecretKeyEnc: 'v1.x.y.z' }, { stripeReady: true })).toEqual(['free']); // not enabled
    // Test mode only while no live method is on (issue 20): never offered beside invoice or Stripe …
    const live = { ...stripe, invoiceEnabled: true, iban: 'CH9300762011623852957' };
    expect(enabledPaymentMethods({ ...base, testModeEnabled: true })).toEqual(['free', 'test']);
    expect(enabledPaymentMethods({ ...live, testModeEnabled: true })).toEqual(['free', 'invoice', 'stripe']);
    expect(enabledPaymentMethods({ ...base, invoiceEnabled: true, iban: 'CH9300762011623852957', testModeEnabled: true })).toEqual([
      'free',
      'invoice',
    ]);
    expect(enabledPaymentMethods({ ...stripe, testModeEnabled: true })).toEqual(['free', 'stripe']);
    // … also when the live method is on but not usable (no IBAN): it is still switched on.
    expect(enabledPaymentMethods({ ...base, invoiceEnabled: true, testModeEnabled: true })).toEqual(['free']);
    // … except for the demo provider, whose shop shows the test method beside the live ones.
    expect(enabledPaymentMethods({ ...live, testModeEnabled: true, isDemo: true })).toEqual(['free', 'invoice', 'stripe', 'test']);
    expect(enabledPaymentMethods({ ...live, testModeEnabled: false, isDemo: true })).toEqual(['free', 'invoice', 'stripe']);
  });
});

describe('GET /api/public/teams/{team}', () => {
  it('answers a visitor by id with the shop face of the company', async () => {
    const a = await owner(t.app);
    const res = await visit(`/api/public/teams/${a.team.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.json()).toEqual({
      data: {
        id: a.team.id,
        name: a.team.name,
        slug: null,
        logo_url: null,
        primary_color: null,
        languages: ['de', 'en'],
        currency: 'CHF',
        time_zone: 'Europe/Zurich',
        country: 'CH',
        payment_methods: ['free'],
        terms_url: null,
        // Not registered for VAT until the company says so (issue 22 item 1).
        charges_vat: false,
        offers_subscriptions: false,
      },
    });
  });

  it('says whether the subscriptions feature is on, so the shop asks for subscriptions only then', async () => {
    const a = await owner(t.app);
    await db()
      .update(teams)
      .set({ features: { subscriptions: true, waiting_list: true, resources: true, embeds: true } })
      .where(eq(teams.id, a.team.id));
    expect((await visit(`/api/public/teams/${a.team.id}`)).json().data.offers_subscriptions).toBe(true);
    expect((await visit(`/api/public/teams/${a.team.id}/subscriptions`)).statusCode).toBe(200);
    const b = await owner(t.app);
    expect((await visit(`/api/public/teams/${b.team.id}`)).json().data.offers_subscriptions).toBe(false);
    expect((await visit(`/api/public/teams/${b.team.id}/subscriptions`)).statusCode).toBe(404);
  });

  it('answers by slug (any case) as by id; the logo as an absolute URL like the company logo', async () => {
    const a = await owner(t.app);
    const slug = `studio-${a.team.id}`;
    await db().update(teams).set({ slug, primaryColor: '#112233', logoPath: 'logos/logo-abc123.webp' }).where(eq(teams.id, a.team.id));
    const byId = (await visit(`/api/public/teams/${a.team.id}`)).json();
    const bySlug = await visit(`/api/public/teams/${slug.toUpperCase()}`);
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json()).toEqual(byId);
    expect(byId.data).toMatchObject({
      slug,
      primary_color: '#112233',
      logo_url: `http://localhost:3000/avatar/team/${a.team.id}?v=abc123`,
    });
    expect((await findShopTeam(db(), slug))?.id).toBe(a.team.id);
  });

  it('lists the payment methods the settings enable, and the terms', async () => {
    const a = await owner(t.app);
    const methods = async () => (await visit(`/api/public/teams/${a.team.id}`)).json().data.payment_methods;
    const put = async (body: Record<string, unknown>) => {
      const res = await a.client.request('PUT', '/api/config/integration', body);
      expect(res.statusCode, res.body).toBe(200);
    };
    expect(await methods()).toEqual(['free']);
    await put({ test_mode: { enabled: true } });
    expect(await methods()).toEqual(['free', 'test']);
    // An IBAN is where the money goes: the owner's password confirms it (issue 20); test mode goes off with it.
    await put({
      invoice: { enabled: true, iban: 'CH9300762011623852957', due_days: 10 },
      test_mode: { enabled: false },
      terms_url: 'https://example.com/agb',
      current_password: DEFAULT_PASSWORD,
    });
    expect(await methods()).toEqual(['free', 'invoice']);
    await put({
      stripe: {
        enabled: true,
        publishable_key: 'pk_test_abcdefgh12',
        secret_key: 'sk_test_abcdefgh12',
        webhook_secret: 'whsec_abcdefgh12',
      },
      current_password: DEFAULT_PASSWORD,
    });
    expect(await methods()).toEqual(['free', 'invoice', 'stripe']);
    // Sections are saved whole: this also clears the IBAN and the publishable key, so it is confirmed too.
    await put({ invoice: { enabled: false, due_days: 10 }, stripe: { enabled: false }, current_password: DEFAULT_PASSWORD });
    expect(await methods()).toEqual(['free']);
    await put({ test_mode: { enabled: true } });
    expect(await methods()).toEqual(['free', 'test']);
    const data = (await visit(`/api/public/teams/${a.team.id}`)).json().data;
    expect(data.terms_url).toBe('https://example.com/agb');
    // Nothing of the secrets or IBANs in the public reply.
    expect(JSON.stringify(data)).not.toMatch(/sk_test|whsec|CH93/);
  });

  it('answers 404 JSON for unknown ids and slugs and for junk, never 500', async () => {
    for (const ref of [
      '999999999',
      '0',
      '2147483648',
      '99999999999',
      'no-such-shop',
      '-x-',
      '%00',
      'a'.repeat(80),
      "x'or'1'='1",
      '..',
      '1e3',
    ]) {
      const res = await visit(`/api/public/teams/${encodeURIComponent(ref)}`);
      expect([404, 422], ref).toContain(res.statusCode);
      expect(res.headers['content-type'], ref).toMatch(/json/);
    }
    expect((await visit('/api/public/teams/999999999')).json()).toEqual({ message: expect.any(String) });
    expect((await visit(`/api/public/teams/${'a'.repeat(200)}`)).statusCode).toBeLessThan(500);
  });
});

describe('the demo provider seed', () => {
  it('gives it test mode, invoices with IBAN and QR-IBAN and a shop slug, once', async () => {
    // Whatever team holds the demo slug in this database, a fresh one is seeded here.
    await db().update(teams).set({ slug: null }).where(eq(teams.slug, DEMO_SHOP_SLUG));
    const { team } = await createUserWithTeam(db());
    await seedDemoSellingSettings(db(), team.id);
    await seedDemoSellingSettings(db(), team.id);
    const data = (await visit(`/api/public/teams/${DEMO_SHOP_SLUG}`)).json().data;
    expect(data).toMatchObject({ id: team.id, slug: DEMO_SHOP_SLUG, payment_methods: ['free', 'invoice', 'test'], charges_vat: true });
    const [row] = await db().select().from(teamSellingSettings).where(eq(teamSellingSettings.teamId, team.id));
    expect(row).toMatchObject({
      iban: 'CH9300762011623852957',
      qrIban: 'CH4431999123000889012',
      testModeEnabled: true,
      invoiceEnabled: true,
    });
    // A later change in the back office survives the next start.
    await db().update(teamSellingSettings).set({ testModeEnabled: false }).where(eq(teamSellingSettings.teamId, team.id));
    await seedDemoSellingSettings(db(), team.id);
    expect((await visit(`/api/public/teams/${team.id}`)).json().data.payment_methods).toEqual(['free', 'invoice']);
  });
});
