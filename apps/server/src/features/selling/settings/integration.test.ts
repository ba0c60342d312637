import { PassThrough } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, teams, teamSellingSettings, users } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { DEFAULT_PASSWORD, owner, staff, type Staff } from '../../../test/factories.ts';
import { encryptSecret, newTotpSecret, totp } from '../../auth/index.ts';
import { datatransCredentials, enabledPaymentMethods, getSellingSettings, stripeCredentials } from './index.ts';

const SECRET_KEY = 'sk_test_51SeCrEtKeY0nlyF0rTh3Server';
const WEBHOOK_SECRET = 'whsec_Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2';
const PUBLISHABLE = 'pk_test_51AbCdEfGhIjKlMnOpQrStUv';

let t: TestApp;
let log = '';
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  t = await buildTestApp({ logStream: stream, config: { logLevel: 'trace' } });
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const rowOf = async (teamId: number) => (await db().select().from(teamSellingSettings).where(eq(teamSellingSettings.teamId, teamId)))[0];
const mailsOf = async (to: string) =>
  db()
    .select()
    .from(emails)
    .where(and(eq(emails.toAddress, to), eq(emails.kind, 'money_settings_changed')));
/** A save as the user (with the user's password: changing where the money goes needs it since issue 20). */
const put = (s: Staff, body: unknown, lang = 'en') =>
  s.client.request('PUT', `/api/config/integration?language=${lang}`, { current_password: DEFAULT_PASSWORD, ...(body as object) });
const putBare = (s: Staff, body: unknown, lang = 'en') => s.client.request('PUT', `/api/config/integration?language=${lang}`, body);
const invoice = (extra: Record<string, unknown> = {}) => ({
  invoice: { enabled: true, iban: 'ch93 0076 2011 6238 5295 7', qr_iban: 'CH44 3199 9123 0008 8901 2', due_days: 30, ...extra },
});
const stripe = (extra: Record<string, unknown> = {}) => ({
  stripe: { enabled: true, publishable_key: PUBLISHABLE, secret_key: SECRET_KEY, webhook_secret: WEBHOOK_SECRET, ...extra },
});

describe('integration settings', () => {
  it('read the defaults without writing; the webhook URL from APP_URL; the tier read-only', async () => {
    const a = await owner(t.app);
    const res = await a.client.get('/api/config/integration');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      invoice: { enabled: false, iban: null, qr_iban: null, due_days: 14 },
      stripe: {
        enabled: false,
        publishable_key: null,
        secret_key_set: false,
        webhook_secret_set: false,
        account_id: null,
        // A team's own Stripe account: its own endpoint (the team comes from the URL, never from an event's metadata).
        webhook_url: `http://localhost:3000/api/webhooks/stripe?team=${a.team.id}`,
      },
      datatrans: {
        enabled: false,
        merchant_id: null,
        password_set: false,
        hmac_key_set: false,
        sandbox: true,
        webhook_url: `http://localhost:3000/api/webhooks/datatrans?team=${a.team.id}`,
      },
      test_mode: { enabled: false },
      terms_url: null,
      branding: { primary_color: null, slug: null },
      tier: 'payg',
    });
    expect(await rowOf(a.team.id)).toBeUndefined();
    // The tier is not part of the body: a strict schema refuses it.
    const tier = await put(a, { tier: 'business' });
    expect(tier.statusCode).toBe(422);
    expect((await getSellingSettings(db(), a.team.id)).tier).toBe('payg');
  });

  it('store IBANs compact and show them grouped', async () => {
    const a = await owner(t.app);
    const res = await put(a, invoice());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The integration settings have been saved.');
    expect(res.json().data.invoice).toEqual({
      enabled: true,
      iban: 'CH93 0076 2011 6238 5295 7',
      qr_iban: 'CH44 3199 9123 0008 8901 2',
      due_days: 30,
    });
    const row = (await rowOf(a.team.id))!;
    expect([row.iban, row.qrIban]).toEqual(['CH9300762011623852957', 'CH4431999123000889012']);
    // Other sections were not sent and stay as they were.
    expect(row.stripeEnabled).toBe(false);
    expect(row.testModeEnabled).toBe(false);
  });

  it('refuse bad IBANs, a QR-IBAN in the IBAN field, a non-QR IBAN as QR-IBAN, and invoices without IBAN', async () => {
    const a = await owner(t.app);
    const errors = async (body: unknown, lang = 'en') => {
      const res = await put(a, body, lang);
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors;
    };
    expect(await errors(invoice({ iban: 'CH94 0076 2011 6238 5295 7' }))).toEqual({
      'invoice.iban': ['This IBAN is not valid (check digits). Please check it for typing errors.'],
    });
    expect(await errors(invoice({ iban: 'CH93 0076 2011' }))).toEqual({
      'invoice.iban': ['This is not a valid IBAN (country, length or characters).'],
    });
    expect(await errors(invoice({ iban: 'CH44 3199 9123 0008 8901 2', qr_iban: null }))).toEqual({
      'invoice.iban': ['This is a QR-IBAN: please enter it in the QR-IBAN field and your ordinary IBAN here.'],
    });
    expect(await errors(invoice({ qr_iban: 'CH93 0076 2011 6238 5295 7' }))).toEqual({
      'invoice.qr_iban': ['A QR-IBAN is a Swiss or Liechtenstein IBAN whose bank number is between 30000 and 31999.'],
    });
    expect(await errors(invoice({ qr_iban: 'DE89 3704 0044 0532 0130 00' }))).toEqual({
      'invoice.qr_iban': ['A QR-IBAN is a Swiss or Liechtenstein IBAN whose bank number is between 30000 and 31999.'],
    });
    expect(await errors(invoice({ iban: '', qr_iban: null }), 'de')).toEqual({
      'invoice.iban': ['Bitte geben Sie die IBAN an, auf die Rechnungen bezahlt werden.'],
    });
    expect(await errors(invoice({ due_days: 0 }))).toHaveProperty(['invoice.due_days']);
    // Off, an IBAN is not needed; a foreign IBAN is fine for invoices without QR-bill.
    expect((await put(a, invoice({ enabled: false, iban: null, qr_iban: null }))).statusCode).toBe(200);
    expect((await put(a, invoice({ iban: 'DE89 3704 0044 0532 0130 00', qr_iban: null }))).statusCode).toBe(200);
  });

  it('store Stripe secrets encrypted, never send them back, and keep them out of the logs', async () => {
    const a = await owner(t.app);
    log = '';
    const res = await put(a, stripe({ account_id: 'acct_1Abc2Def3Ghi' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.stripe).toEqual({
      enabled: true,
      publishable_key: PUBLISHABLE,
      secret_key_set: true,
      webhook_secret_set: true,
      account_id: 'acct_1Abc2Def3Ghi',
      // Connect: the platform's endpoint (its secret is STRIPE_CONNECT_WEBHOOK_SECRET).
      webhook_url: 'http://localhost:3000/api/webhooks/stripe',
    });
    for (const reply of [res.body, (await a.client.get('/api/config/integration')).body]) {
      expect(reply).not.toContain(SECRET_KEY);
      expect(reply).not.toContain(WEBHOOK_SECRET);
    }
    const row = (await rowOf(a.team.id))!;
    expect(JSON.stringify(row)).not.toContain(SECRET_KEY.slice(8));
    expect(JSON.stringify(row)).not.toContain(WEBHOOK_SECRET.slice(6));
    expect(row.stripeSecretKeyEnc).toMatch(/^v1\./);
    // The checkout side opens them with the payment key.
    expect(stripeCredentials(t.app.deps.config, row)).toEqual({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      publishableKey: PUBLISHABLE,
      accountId: 'acct_1Abc2Def3Ghi',
    });
    // A refused body is not logged with its secrets either.
    const refused = await put(a, stripe({ secret_key: `${SECRET_KEY} `, publishable_key: 'nope' }));
    expect(refused.statusCode).toBe(422);
    expect(refused.body).not.toContain(SECRET_KEY);
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(SECRET_KEY);
    expect(log).not.toContain(WEBHOOK_SECRET);
  });

  it('Datatrans: secrets sealed and never sent back; formats checked; needed to enable it; password, team.manage and owner mails as for Stripe', async () => {
    const a = await owner(t.app);
    const password = 'Dt-ApiPassw0rd!';
    const hmacKey = 'a1'.repeat(32);
    const datatrans = (extra: Record<string, unknown> = {}) => ({
      datatrans: { enabled: true, merchant_id: '1100012345', password, hmac_key: hmacKey, sandbox: true, ...extra },
    });
    // Bad formats, and what enabling needs: 422 per field, nothing stored.
    const bad = await put(a, datatrans({ merchant_id: '12ab', hmac_key: 'not-hex', password: 'short' }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['datatrans.hmac_key', 'datatrans.merchant_id', 'datatrans.password']);
    expect(bad.body).not.toContain(password);
    const missing = await put(a, { datatrans: { enabled: true, merchant_id: null } });
    expect(Object.keys(missing.json().errors).sort()).toEqual(['datatrans.hmac_key', 'datatrans.merchant_id', 'datatrans.password']);
    // Without the password (money field): 422; as an editor without team.manage: 403.
    expect(Object.keys((await putBare(a, datatrans())).json().errors)).toEqual(['current_password']);
    const editor = await staff(t.app, a.team, 'editor');
    expect((await put(editor, datatrans())).statusCode).toBe(403);
    expect(await rowOf(a.team.id)).toBeUndefined();

    const ok = await put(a, datatrans());
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.datatrans).toEqual({
      enabled: true,
      merchant_id: '1100012345',
      password_set: true,
      hmac_key_set: true,
      sandbox: true,
      webhook_url: `http://localhost:3000/api/webhooks/datatrans?team=${a.team.id}`,
    });
    for (const reply of [ok.body, (await a.client.get('/api/config/integration')).body]) {
      expect(reply).not.toContain(password);
      expect(reply).not.toContain(hmacKey);
    }
    const row = (await rowOf(a.team.id))!;
    expect(JSON.stringify(row)).not.toContain(password);
    expect(JSON.stringify(row)).not.toContain(hmacKey);
    expect(datatransCredentials(t.app.deps.config, row)).toEqual({ merchantId: '1100012345', password, hmacKey, sandbox: true });
    expect(enabledPaymentMethods(row)).toEqual(['free', 'datatrans']);
    const [mail] = await mailsOf(a.user.email);
    expect(mail!.textBody).toContain('Datatrans-API-Passwort');
    expect(`${mail!.textBody}${mail!.htmlBody}`).not.toContain(password);
    // Test mode is refused beside it (a live method).
    expect((await put(a, { test_mode: { enabled: true } })).statusCode).toBe(422);
    // Switching to production is a money change too (where the money goes): mailed again.
    expect((await put(a, { datatrans: { enabled: true, merchant_id: '1100012345', sandbox: false } })).statusCode).toBe(200);
    expect(await mailsOf(a.user.email)).toHaveLength(2);
    expect((await rowOf(a.team.id))!.datatransPasswordEnc).toBe(row.datatransPasswordEnc);
  });

  it('bind a stored secret to its team and column: copied elsewhere it does not open', async () => {
    const a = await owner(t.app);
    const b = await owner(t.app);
    await put(a, stripe());
    await put(b, stripe({ secret_key: 'sk_test_OtherTeamKey12345', enabled: false }));
    const rowA = (await rowOf(a.team.id))!;
    const rowB = (await rowOf(b.team.id))!;
    expect(() => stripeCredentials(t.app.deps.config, { ...rowB, stripeSecretKeyEnc: rowA.stripeSecretKeyEnc })).toThrow();
    expect(() => stripeCredentials(t.app.deps.config, { ...rowA, stripeSecretKeyEnc: rowA.stripeWebhookSecretEnc })).toThrow();
    expect(() => stripeCredentials({ sessionSecret: 'another-secret-another-secret-another' }, rowA)).toThrow();
    expect(stripeCredentials(t.app.deps.config, rowB)?.secretKey).toBe('sk_test_OtherTeamKey12345');
  });

  it('keep a secret when it is not sent, replace it when sent, remove it with ""', async () => {
    const a = await owner(t.app);
    await put(a, stripe());
    const first = (await rowOf(a.team.id))!.stripeSecretKeyEnc;
    const kept = await put(a, { stripe: { enabled: true, publishable_key: PUBLISHABLE } });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await rowOf(a.team.id))!.stripeSecretKeyEnc).toBe(first);
    await put(a, stripe({ secret_key: 'rk_test_RestrictedKey123456' }));
    const replaced = (await rowOf(a.team.id))!;
    expect(replaced.stripeSecretKeyEnc).not.toBe(first);
    expect(stripeCredentials(t.app.deps.config, replaced)?.secretKey).toBe('rk_test_RestrictedKey123456');
    // Removing while enabled is refused (payments would fail); disabled it works.
    const removeEnabled = await put(a, { stripe: { enabled: true, secret_key: '', webhook_secret: '' } });
    expect(removeEnabled.statusCode).toBe(422);
    expect(Object.keys(removeEnabled.json().errors).sort()).toEqual(['stripe.secret_key', 'stripe.webhook_secret']);
    const removed = await put(a, { stripe: { enabled: false, secret_key: '', webhook_secret: '' } });
    expect(removed.json().data.stripe).toMatchObject({
      enabled: false,
      secret_key_set: false,
      webhook_secret_set: false,
      publishable_key: null,
    });
    const row = (await rowOf(a.team.id))!;
    expect([row.stripeSecretKeyEnc, row.stripeWebhookSecretEnc]).toEqual([null, null]);
    expect(stripeCredentials(t.app.deps.config, row)).toBeNull();
  });

  it('check the Stripe key prefixes and that test and live keys are not mixed', async () => {
    const a = await owner(t.app);
    const res = await put(
      a,
      stripe({
        publishable_key: 'sk_test_wrongplace123',
        secret_key: 'pk_test_wrongplace123',
        webhook_secret: 'secret123456',
        account_id: 'acc_1',
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'stripe.publishable_key': ['A publishable key starts with pk_test_ or pk_live_.'],
      'stripe.secret_key': ['A secret key starts with sk_test_, sk_live_, rk_test_ or rk_live_.'],
      'stripe.webhook_secret': ['A webhook signing secret starts with whsec_.'],
      'stripe.account_id': ['A Stripe account id starts with acct_.'],
    });
    const mixed = await put(a, stripe({ secret_key: 'sk_live_51LiveKey1234567' }));
    expect(mixed.json().errors).toEqual({
      'stripe.publishable_key': ['The publishable key and the secret key must both be test keys or both be live keys.'],
    });
    // Also against the stored key when only the publishable key changes.
    await put(a, stripe());
    const later = await put(a, { stripe: { enabled: true, publishable_key: 'pk_live_51LiveKey1234567' } });
    expect(Object.keys(later.json().errors)).toEqual(['stripe.publishable_key']);
    const missing = await put(a, { stripe: { enabled: true } }, 'de');
    expect(missing.statusCode).toBe(200); // the stored keys are kept
    const b = await owner(t.app);
    const none = await put(b, { stripe: { enabled: true } }, 'de');
    expect(none.json().errors['stripe.secret_key']).toEqual(['Bitte geben Sie Ihren Stripe Secret Key ein, um Stripe zu aktivieren.']);
  });

  it('switch test mode and keep the terms URL (http/https only)', async () => {
    const a = await owner(t.app);
    const on = await put(a, { test_mode: { enabled: true }, terms_url: 'https://example.com/agb' });
    expect(on.json().data).toMatchObject({ test_mode: { enabled: true }, terms_url: 'https://example.com/agb' });
    for (const url of ['javascript:alert(1)', 'example.com/agb', 'ftp://example.com/x']) {
      const res = await put(a, { terms_url: url });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors).toEqual({ terms_url: ['Please enter a full web address starting with https://.'] });
    }
    expect((await put(a, { terms_url: '' })).json().data.terms_url).toBeNull();
  });

  it('save the branding on the company: colour, and a slug unique across companies, not reserved, not a number', async () => {
    const a = await owner(t.app);
    const b = await owner(t.app);
    const slug = `yoga-${a.team.id}`;
    const res = await put(a, { branding: { primary_color: '#12AB34', slug } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.branding).toEqual({ primary_color: '#12ab34', slug });
    const [team] = await db().select().from(teams).where(eq(teams.id, a.team.id));
    expect([team!.primaryColor, team!.slug]).toEqual(['#12ab34', slug]);
    // Saving it again is fine; another company may not take it.
    expect((await put(a, { branding: { slug } })).statusCode).toBe(200);
    const taken = await put(b, { branding: { slug } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ 'branding.slug': ['This shop address is already used by another company.'] });
    for (const word of ['api', 'backend', 'shop', 'embed', 'admin']) {
      expect((await put(b, { branding: { slug: word } })).json().errors, word).toEqual({
        'branding.slug': ['This shop address is reserved. Please choose another one.'],
      });
    }
    expect((await put(b, { branding: { slug: '12345' } })).json().errors).toEqual({
      'branding.slug': ['The shop address must contain at least one letter.'],
    });
    for (const bad of ['Yoga', '-yoga', 'yo', 'yoga studio', 'yoga/x']) {
      const r = await put(b, { branding: { slug: bad } }, 'en');
      expect(r.statusCode, bad).toBe(422);
      expect(r.json().errors['branding.slug'], bad).toEqual([
        'Use 3 to 60 lower-case letters, digits or hyphens, not starting or ending with a hyphen.',
      ]);
    }
    expect((await put(b, { branding: { primary_color: 'red' } })).json().errors).toEqual({
      'branding.primary_color': ['Please enter a colour as #rrggbb.'],
    });
    // null removes; the slug is free again.
    expect((await put(a, { branding: { slug: null, primary_color: null } })).json().data.branding).toEqual({
      primary_color: null,
      slug: null,
    });
    expect((await put(b, { branding: { slug } })).statusCode).toBe(200);
  });

  it('two companies racing for one slug: one wins, the other gets 422', async () => {
    const a = await owner(t.app);
    const b = await owner(t.app);
    const slug = `race-${a.team.id}`;
    const replies = await Promise.all([put(a, { branding: { slug } }), put(b, { branding: { slug } })]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(await db().select().from(teams).where(eq(teams.slug, slug))).toHaveLength(1);
  });

  it('need nav.config; another company is never touched', async () => {
    const a = await owner(t.app);
    const b = await owner(t.app);
    const instructor = await staff(t.app, a.team, 'instructor');
    expect((await instructor.client.get('/api/config/integration')).statusCode).toBe(403);
    expect((await put(instructor, invoice())).statusCode).toBe(403);
    expect(await rowOf(a.team.id)).toBeUndefined();
    await put(a, { ...invoice(), ...stripe() });
    const other = (await b.client.get('/api/config/integration')).json().data;
    expect(other).toMatchObject({
      invoice: { enabled: false, iban: null },
      stripe: { secret_key_set: false },
      test_mode: { enabled: false },
    });
    expect(await rowOf(b.team.id)).toBeUndefined();
    expect((await t.app.inject({ method: 'PUT', url: '/api/config/integration', payload: invoice() })).statusCode).toBe(419);
  });
});

describe('test mode (issue 20 item 3)', () => {
  it('is refused beside a live method (invoice, Stripe) in either order, and allowed again once they are off', async () => {
    const a = await owner(t.app);
    const beside = await put(a, { ...invoice(), test_mode: { enabled: true } });
    expect(beside.statusCode).toBe(422);
    expect(beside.json().errors).toEqual({
      'test_mode.enabled': [expect.stringContaining('Test mode can only be on while no live payment method')],
    });
    expect((await getSellingSettings(db(), a.team.id)).testModeEnabled).toBe(false);
    // Test mode first, then a live method: refused too (nothing changed).
    expect((await put(a, { test_mode: { enabled: true } })).statusCode).toBe(200);
    const live = await put(a, stripe(), 'fr');
    expect(live.statusCode).toBe(422);
    expect(live.json().errors['test_mode.enabled']![0]).toContain('Le mode test ne peut être activé');
    expect((await getSellingSettings(db(), a.team.id)).stripeEnabled).toBe(false);
    // Switching test mode off with the live method in one save is fine.
    const both = await put(a, { ...stripe(), test_mode: { enabled: false } });
    expect(both.statusCode, both.body).toBe(200);
    expect((await put(a, { test_mode: { enabled: true } }, 'de')).json().errors['test_mode.enabled']![0]).toContain('Der Testmodus');
  });

  it('is never offered at checkout beside a live method, even when stored so (old rows); the demo may', async () => {
    const a = await owner(t.app);
    await db()
      .insert(teamSellingSettings)
      .values({ teamId: a.team.id, invoiceEnabled: true, iban: 'CH9300762011623852957', testModeEnabled: true });
    const methods = async () => (await t.app.inject({ method: 'GET', url: `/api/public/teams/${a.team.id}` })).json().data.payment_methods;
    expect(await methods()).toEqual(['free', 'invoice']);
    await db().update(teamSellingSettings).set({ isDemo: true }).where(eq(teamSellingSettings.teamId, a.team.id));
    expect(await methods()).toEqual(['free', 'invoice', 'test']);
  });

  it('only team.manage switches it: an editor with nav.config gets 403 and nothing changes', async () => {
    const a = await owner(t.app);
    const editor = await staff(t.app, a.team, 'editor');
    const res = await put(editor, { test_mode: { enabled: true } });
    expect(res.statusCode).toBe(403);
    expect((await getSellingSettings(db(), a.team.id)).testModeEnabled).toBe(false);
    // The editor still saves what is theirs (terms, branding), sending test mode as it is.
    const own = await put(editor, { test_mode: { enabled: false }, terms_url: 'https://example.com/agb' });
    expect(own.statusCode, own.body).toBe(200);
    const admin = await staff(t.app, a.team, 'admin');
    expect((await put(admin, { test_mode: { enabled: true } })).statusCode).toBe(200);
  });
});

describe('where the money goes (issue 20 item 8)', () => {
  it('an editor (nav.config without team.manage) cannot change IBAN, Stripe keys, webhook secret or account: 403, nothing changes', async () => {
    const a = await owner(t.app);
    expect((await put(a, invoice())).statusCode).toBe(200);
    const editor = await staff(t.app, a.team, 'editor');
    for (const body of [
      invoice({ iban: 'DE89 3704 0044 0532 0130 00', qr_iban: null }),
      stripe(),
      { stripe: { enabled: false, secret_key: SECRET_KEY } },
      { stripe: { enabled: false, account_id: 'acct_1Attacker00' } },
    ]) {
      const res = await put(editor, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
    }
    const row = (await rowOf(a.team.id))!;
    expect(row.iban).toBe('CH9300762011623852957');
    expect(row.stripeSecretKeyEnc).toBeNull();
    expect(row.stripeAccountId).toBeNull();
    // The same fields unchanged (the form sends them back as they are): allowed.
    expect((await put(editor, invoice({ due_days: 20 }))).statusCode).toBe(200);
  });

  it('needs the current password (422 on current_password; wrong ones limited), mails every owner without values', async () => {
    const a = await owner(t.app, { firstname: 'Anna' });
    const second = await staff(t.app, a.team, 'owner');
    await db().update(users).set({ language: 'fr' }).where(eq(users.id, second.user.id));
    const missing = await putBare(a, invoice());
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['current_password']);
    const wrong = await putBare(a, { ...invoice(), current_password: 'not my password' }, 'de');
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['current_password']);
    expect(await rowOf(a.team.id)).toBeUndefined();
    expect(await mailsOf(a.user.email)).toHaveLength(0);

    const ok = await put(a, { ...invoice(), ...stripe() });
    expect(ok.statusCode, ok.body).toBe(200);
    const [mine] = await mailsOf(a.user.email);
    const [theirs] = await mailsOf(second.user.email);
    expect(mine!.subject).toBe('Auszahlungseinstellungen geändert');
    expect(theirs!.subject).toBe('Paramètres de versement modifiés');
    for (const m of [mine!, theirs!]) {
      const text = `${m.subject}\n${m.textBody ?? ''}\n${m.htmlBody ?? ''}`;
      expect(text).toContain(a.user.email);
      for (const secret of [SECRET_KEY, WEBHOOK_SECRET, 'CH93', '9300762011623852957', PUBLISHABLE]) expect(text).not.toContain(secret);
    }
    expect(mine!.textBody).toContain('IBAN');
    expect(mine!.textBody).toContain('Stripe Secret Key');
    // Saving the same values again changes nothing and mails nobody (and needs no password).
    expect((await putBare(a, invoice())).statusCode).toBe(200);
    expect(await mailsOf(a.user.email)).toHaveLength(1);
  });

  it('with two-factor on also needs a current code (422 on totp_code)', async () => {
    const a = await owner(t.app);
    const secret = newTotpSecret();
    const totpSecret = encryptSecret(t.app.deps.config.sessionSecret, secret);
    await db().update(users).set({ totpEnabledAt: new Date(), totpSecret }).where(eq(users.id, a.user.id));
    const res = await put(a, invoice());
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['totp_code']);
    const right = totp(secret);
    const wrong = await put(a, { ...invoice(), totp_code: right === '123456' ? '654321' : '123456' });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['totp_code']);
    expect(await rowOf(a.team.id)).toBeUndefined();
    const ok = await put(a, { ...invoice(), totp_code: right });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('counts wrong passwords before checking them: past the limit 429, even with the right one', async () => {
    const a = await owner(t.app);
    const replies = await Promise.all(Array.from({ length: 12 }, () => putBare(a, { ...invoice(), current_password: 'wrong password!' })));
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 422)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(2);
    expect((await put(a, invoice())).statusCode).toBe(429);
    expect(await rowOf(a.team.id)).toBeUndefined();
  });
});
