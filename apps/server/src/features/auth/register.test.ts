import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authTokens, emails, teamMembers, teams, users } from '../../db/schema/index.ts';
import { createMemoryRateLimiter } from '../../lib/rate-limit.ts';
import { sha256, signUrl, urlSigningKey } from '../../lib/tokens.ts';
import { buildTestApp, TestClient, type TestApp } from '../../test/build-test-app.ts';
import { createUserWithTeam } from '../../test/factories.ts';
import { verificationPath } from './mails.ts';

let t: TestApp;
// The limiter's clock moves an hour before each test, so the per-IP registration limit only
// bites in the test about it.
let now = Date.now();
beforeAll(async () => {
  t = await buildTestApp({ limiter: createMemoryRateLimiter(() => now) });
});
afterAll(() => t.close());
beforeEach(() => {
  now += 3600_000;
});

let n = 0;
function payload(overrides: { user?: Record<string, unknown>; team?: Record<string, unknown> } = {}) {
  n++;
  return {
    user: {
      salutation: 'mrs',
      firstname: 'Anna',
      lastname: 'Muster',
      email: `anna.${n}@example.com`,
      password: 'Sonnenblume-42',
      password_confirm: 'Sonnenblume-42',
      agb: true,
      newsletter: true,
      referral_id: 'search',
      ...overrides.user,
    },
    team: {
      name: `Kurswerk ${n}`,
      phone_prefix: '+41',
      phone_number: '44 123 45 67',
      currency: 'CHF',
      languages: ['de', 'en'],
      time_zone: 'Europe/Zurich',
      billing_address: 'Bahnhofstrasse 1',
      billing_address_line_2: '',
      billing_city: 'Zürich',
      billing_state: '',
      billing_postal_code: '8001',
      billing_country: 'CH',
      vat_id: 'CHE-116.281.710 MWST',
      ...overrides.team,
    },
  };
}

const register = (body: unknown, headers: Record<string, string> = {}) => new TestClient(t.app).post('/api/srl/register', body, headers);
const lastMail = async (to: string) => {
  const [row] = await t.database.db.select().from(emails).where(eq(emails.toAddress, to)).orderBy(desc(emails.id)).limit(1);
  return row;
};
const linkIn = (text: string) => /(http:\/\/localhost:3000\/api\/srl\/email\/verify\/\S+)/.exec(text)?.[1];
const userByEmail = async (email: string) =>
  (
    await t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  )[0];

describe('validators', () => {
  const c = () => new TestClient(t.app);

  it('checks VAT IDs offline, against the billing country when given', async () => {
    const client = c();
    expect((await client.post('/api/srl/validator/vat_id', { vat_id: 'CHE-116.281.710 MWST' })).json()).toEqual({ valid: true });
    const bad = await client.post('/api/srl/validator/vat_id?language=en', { vat_id: 'CHE-116.281.711' });
    expect(bad.json()).toEqual({ valid: false, message: 'This VAT number is not valid (check digit).' });
    const mismatch = await client.post('/api/srl/validator/vat_id?language=de', { vat_id: 'DE136695976', country: 'CH' });
    expect(mismatch.json()).toEqual({ valid: false, message: 'Diese MWST-Nummer gehört nicht zum Rechnungsland.' });
  });

  it('checks countries', async () => {
    const client = c();
    expect((await client.post('/api/srl/validator/country', { country: 'ch' })).json()).toEqual({ valid: true });
    const res = await client.post('/api/srl/validator/country?language=fr', { country: 'XX' });
    expect(res.json()).toEqual({ valid: false, message: 'Veuillez choisir un pays valide.' });
  });

  it('checks company names and e-mail addresses for uniqueness, case-insensitively', async () => {
    const { user, team } = await createUserWithTeam(t.database.db, { email: 'Taken@Example.com', teamName: 'Yoga Loft' });
    const client = c();
    expect((await client.post('/api/srl/validator/unique/team/name', { name: 'yoga LOFT ' })).json()).toMatchObject({ valid: false });
    expect((await client.post('/api/srl/validator/unique/team/name', { name: `${team.name} 2` })).json()).toEqual({ valid: true });
    const taken = await client.post('/api/srl/validator/unique/user/email?language=en', { email: user.email.toUpperCase() });
    expect(taken.json()).toEqual({ valid: false, message: 'This e-mail address is already registered.' });
    expect((await client.post('/api/srl/validator/unique/user/email?language=en', { email: 'nope' })).json()).toEqual({
      valid: false,
      message: 'Please enter a valid e-mail address.',
    });
    expect((await client.post('/api/srl/validator/unique/user/email', { email: 'free@example.com' })).json()).toEqual({ valid: true });
  });

  it('allows 300 validator calls per IP and minute', async () => {
    const client = c();
    await client.csrf();
    for (let i = 0; i < 300; i++) expect((await client.post('/api/srl/validator/country', { country: 'CH' })).statusCode).toBe(200);
    const res = await client.post('/api/srl/validator/country', { country: 'CH' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    now += 61_000;
    expect((await client.post('/api/srl/validator/country', { country: 'CH' })).statusCode).toBe(200);
    // 302 calls: a hang detector, not a speed limit (decision 015); beside the browser tests they took over 30 s.
  }, 120_000);
});

describe('registration', () => {
  it('creates user, company, owner membership and current team, and sends the verification mail', async () => {
    const body = payload();
    const res = await register(body, { 'accept-language': 'fr' });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json).toEqual({
      success: true,
      user_id: expect.any(Number),
      message: 'Veuillez consulter votre boîte e-mail pour le lien de confirmation',
    });

    const user = await userByEmail(body.user.email);
    expect(user).toMatchObject({
      id: json.user_id,
      firstname: 'Anna',
      salutation: 'mrs',
      language: 'fr',
      newsletter: true,
      referralId: 'search',
      emailVerifiedAt: null,
    });
    expect(user!.passwordHash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    const [team] = await t.database.db.select().from(teams).where(eq(teams.ownerId, user!.id));
    expect(team).toMatchObject({
      name: body.team.name,
      billingCountry: 'CH',
      currency: 'CHF',
      vatId: 'CHE-116.281.710 MWST',
      billingAddressLine2: null,
      billingState: null,
    });
    expect(user!.currentTeamId).toBe(team!.id);
    const members = await t.database.db.select().from(teamMembers).where(eq(teamMembers.teamId, team!.id));
    expect(members).toEqual([expect.objectContaining({ userId: user!.id, role: 'owner' })]);

    const mail = await lastMail(body.user.email);
    expect(mail).toMatchObject({
      kind: 'verify_email',
      language: 'fr',
      userId: user!.id,
      subject: 'Veuillez confirmer votre adresse e-mail',
    });
    expect(mail!.textBody).toContain('Bonjour Anna');
    expect(linkIn(mail!.textBody)).toMatch(/\/api\/srl\/email\/verify\/\d+\/[A-Za-z0-9_-]{43}\?expires=\d+&signature=/);
  });

  it('answers 422 with user.* and team.* errors in the request language', async () => {
    const bad = payload({
      user: {
        salutation: '',
        firstname: '',
        email: 'not-an-email',
        password: 'short',
        password_confirm: 'other',
        agb: false,
        referral_id: '',
      },
      team: {
        name: '',
        phone_prefix: '+41 123',
        phone_number: '1'.repeat(51),
        languages: [],
        billing_country: 'DE',
        billing_postal_code: '123',
      },
    });
    const en = await register(bad, { 'accept-language': 'en' });
    expect(en.statusCode).toBe(422);
    const e = en.json();
    expect(e.message).toBe('The given data was invalid.');
    expect(e.errors).toMatchObject({
      'user.salutation': ['This field is required.'],
      'user.firstname': ['This field is required.'],
      'user.email': ['Please enter a valid e-mail address.'],
      'user.password': ['Must be at least 8 characters.'],
      'user.password_confirm': ['The Password confirmation does not match.'],
      'user.agb': ['Please accept the terms and conditions.'],
      'user.referral_id': ['This field is required.'],
      'team.name': ['This field is required.'],
      'team.phone_prefix': ['May not be longer than 5 characters.'],
      'team.phone_number': ['May not be longer than 50 characters.'],
      'team.languages': ['This field is required.'],
    });
    const de = await register(bad, { 'accept-language': 'de-CH' });
    expect(de.json().errors['user.password_confirm']).toEqual(['Die Bestätigung stimmt nicht mit dem Passwort überein.']);
    expect(de.json().errors['user.agb']).toEqual(['Bitte akzeptieren Sie die AGB.']);
    expect(de.json().errors['user.email']).toEqual(['Bitte eine gültige E-Mail-Adresse eingeben.']);
  });

  it('refuses a taken e-mail address or company name, whatever their case', async () => {
    await createUserWithTeam(t.database.db, { email: 'mia@example.com', teamName: 'Tanzschule Mia' });
    const res = await register(payload({ user: { email: 'MIA@Example.COM' }, team: { name: 'tanzschule MIA' } }), {
      'accept-language': 'en',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'user.email': ['This e-mail address is already registered.'],
      'team.name': ['A company with this name already exists.'],
    });
  });

  it('checks the reference data: country, currency, time zone, referral source, languages', async () => {
    const res = await register(
      payload({
        user: { referral_id: 'tv' },
        team: { billing_country: 'XX', vat_id: '', currency: 'XYZ', time_zone: 'Mars/Olympus', languages: ['de', 'it'] },
      }),
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(422);
    // The language list fails the shape check; the other fields are still checked in the same reply.
    expect(res.json().errors).toEqual({
      'team.languages.1': ['This value is not allowed.'],
      'user.referral_id': ['Please choose an option from the list.'],
      'team.billing_country': ['Please choose a valid country.'],
      'team.currency': ['Please choose a valid currency.'],
      'team.time_zone': ['Please choose a valid time zone.'],
    });
  });

  it('reports shape errors and the server checks in one 422 (no fixing in rounds)', async () => {
    await createUserWithTeam(t.database.db, { email: 'lena@example.com', teamName: 'Atelier Lena' });
    const res = await register(
      payload({
        user: { email: 'Lena@example.com', password: 'short', password_confirm: 'short' },
        team: { vat_id: 'CHE-116.281.711' },
      }),
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'user.password': ['Must be at least 8 characters.'],
      'user.email': ['This e-mail address is already registered.'],
      'team.vat_id': ['This VAT number is not valid (check digit).'],
    });
    // A malformed field is reported once, by the shape check; its server check is skipped.
    const malformed = await register(
      payload({ user: { email: 'nope', password: 'short', password_confirm: 'short' }, team: { name: '' } }),
      {
        'accept-language': 'en',
      },
    );
    expect(malformed.json().errors).toEqual({
      'user.email': ['Please enter a valid e-mail address.'],
      'user.password': ['Must be at least 8 characters.'],
      'team.name': ['This field is required.'],
    });
    // A billing country of the wrong shape leaves the VAT ID's own check (the check digit) in place.
    const country = await register(payload({ team: { billing_country: 'CHE', vat_id: 'CHE-116.281.711', name: 'Atelier LENA' } }), {
      'accept-language': 'en',
    });
    expect(country.json().errors).toEqual({
      'team.billing_country': ['May not be longer than 2 characters.'],
      'team.name': ['A company with this name already exists.'],
      'team.vat_id': ['This VAT number is not valid (check digit).'],
    });
  });

  it('checks the VAT ID with the billing country, and stores it normalized', async () => {
    const wrong = await register(payload({ team: { vat_id: 'CHE-116.281.711' } }), { 'accept-language': 'en' });
    expect(wrong.json().errors).toEqual({ 'team.vat_id': ['This VAT number is not valid (check digit).'] });
    const foreign = await register(payload({ team: { vat_id: 'DE136695976' } }), { 'accept-language': 'en' });
    expect(foreign.json().errors).toEqual({ 'team.vat_id': ['This VAT number does not belong to the billing country.'] });

    const body = payload({
      team: { vat_id: 'de 136 695 976', billing_country: 'de', billing_postal_code: '10115', currency: 'eur', time_zone: 'Europe/Berlin' },
    });
    expect((await register(body)).statusCode).toBe(200);
    const [team] = await t.database.db.select().from(teams).where(eq(teams.name, body.team.name));
    expect(team).toMatchObject({ vatId: 'DE136695976', billingCountry: 'DE', currency: 'EUR' });

    const noVat = payload({ team: { vat_id: null } });
    expect((await register(noVat)).statusCode).toBe(200);
  });

  it('requires exactly 5 characters for a German postal code', async () => {
    const base = { billing_country: 'DE', vat_id: '', currency: 'EUR' };
    const short = await register(payload({ team: { ...base, billing_postal_code: '1011' } }), { 'accept-language': 'en' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ 'team.billing_postal_code': ['Must be at least 5 characters.'] });
    const long = await register(payload({ team: { ...base, billing_postal_code: '101155' } }), { 'accept-language': 'en' });
    expect(long.json().errors).toEqual({ 'team.billing_postal_code': ['May not be longer than 5 characters.'] });
    // Other countries keep their own lengths.
    expect((await register(payload({ team: { billing_postal_code: '1234' } }))).statusCode).toBe(200);
  });

  it('applies the password rules: common passwords, the e-mail inside, the maximum length', async () => {
    const common = await register(payload({ user: { password: 'password123', password_confirm: 'password123' } }), {
      'accept-language': 'en',
    });
    expect(common.json().errors).toEqual({ 'user.password': ['This password is too common. Please choose a different one.'] });
    const mine = await register(
      payload({ user: { email: 'sonnenschein@example.com', password: 'Sonnenschein!7', password_confirm: 'Sonnenschein!7' } }),
      {
        'accept-language': 'en',
      },
    );
    expect(mine.json().errors).toEqual({ 'user.password': ['The password must not contain your e-mail address.'] });
    const long = 'x9'.repeat(65);
    const tooLong = await register(payload({ user: { password: long, password_confirm: long } }), { 'accept-language': 'en' });
    expect(tooLong.json().errors).toEqual({ 'user.password': ['May not be longer than 128 characters.'] });
  });

  it('ignores fields a client must not set (mass assignment)', async () => {
    const victim = await createUserWithTeam(t.database.db);
    const body = payload();
    const evil = {
      ...body,
      team_id: victim.team.id,
      user: {
        ...body.user,
        id: 999_999,
        role: 'admin',
        team_id: victim.team.id,
        email_verified_at: '2020-01-01T00:00:00Z',
        current_team_id: victim.team.id,
        totp_secret: 'x',
      },
      team: { ...body.team, id: victim.team.id, owner_id: victim.user.id, require_2fa: true, features: { subscriptions: true } },
    };
    const res = await register(evil);
    expect(res.statusCode).toBe(200);
    const user = await userByEmail(body.user.email);
    expect(user!.id).not.toBe(999_999);
    expect(user!.emailVerifiedAt).toBeNull();
    expect(user!.totpSecret).toBeNull();
    expect(user!.currentTeamId).not.toBe(victim.team.id);
    const [team] = await t.database.db.select().from(teams).where(eq(teams.id, user!.currentTeamId!));
    expect(team).toMatchObject({
      ownerId: user!.id,
      require2fa: false,
      features: { subscriptions: false, waiting_list: true, resources: true, embeds: true },
    });
    const membership = await t.database.db.select().from(teamMembers).where(eq(teamMembers.userId, user!.id));
    expect(membership).toEqual([expect.objectContaining({ teamId: team!.id, role: 'owner' })]);
    const victimMembers = await t.database.db.select().from(teamMembers).where(eq(teamMembers.teamId, victim.team.id));
    expect(victimMembers).toHaveLength(1);
  });

  it('answers a logged-in user normally (the web app redirects)', async () => {
    const { user } = await createUserWithTeam(t.database.db);
    const { loginAs } = await import('../../test/factories.ts');
    const client = await loginAs(t.app, user.email);
    expect((await client.post('/api/srl/register', payload())).statusCode).toBe(200);
  });

  it('allows 30 registration attempts per IP and hour', async () => {
    const client = new TestClient(t.app);
    await client.csrf();
    for (let i = 0; i < 30; i++) expect((await client.post('/api/srl/register', {})).statusCode).toBe(422);
    const res = await client.post('/api/srl/register', payload());
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
  });
});

describe('e-mail verification', () => {
  async function registered(lang = 'de') {
    const body = payload();
    const res = await register(body, { 'accept-language': lang });
    expect(res.statusCode).toBe(200);
    const mail = await lastMail(body.user.email);
    return { userId: res.json().user_id as number, email: body.user.email, link: linkIn(mail!.textBody)! };
  }
  const visit = (link: string) => t.app.inject({ method: 'GET', url: link.replace('http://localhost:3000', '') });
  const verifiedAt = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!.emailVerifiedAt;

  it('verifies with the link from the mail and sends the user to login/verified; the link can be reused harmlessly', async () => {
    const { userId, link } = await registered('en');
    const res = await visit(link);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/en/login/verified');
    expect(await verifiedAt(userId)).toBeInstanceOf(Date);
    const again = await visit(link);
    expect(again.headers.location).toBe('/en/login/verified');
  });

  it('sends a tampered link to login/verification_invalid, without naming a user', async () => {
    const { userId, link } = await registered('de');
    const tampered = link.replace(/signature=([^&]+)/, (_m, s: string) => `signature=${s.slice(0, -2)}xx`);
    expect((await visit(`${tampered}&language=de`)).headers.location).toBe('/de/login/verification_invalid');
    const otherUser = link.replace(`/verify/${userId}/`, `/verify/${userId + 1}/`);
    expect((await visit(otherUser)).headers.location).toMatch(/^\/(de|en|fr)\/login\/verification_invalid$/);
    const unsigned = link.split('?')[0]!;
    expect((await visit(`${unsigned}?language=fr`)).headers.location).toBe('/fr/login/verification_invalid');
    expect(await verifiedAt(userId)).toBeNull();
  });

  it('sends an expired link to login/verification_expired with the user, whose page can send a new link', async () => {
    const { userId, email, link } = await registered('fr');
    const key = urlSigningKey(t.app.deps.config);
    // The genuine token, signed with an expiry in the past.
    const token = new URL(link).pathname.split('/').pop()!;
    const expired = signUrl(key, '', verificationPath(userId, token), new Date(Date.now() - 1000));
    const res = await visit(expired);
    expect(res.headers.location).toBe(`/fr/login/verification_expired?user=${userId}`);
    expect(await verifiedAt(userId)).toBeNull();

    // The resend action of that page: a new link that works.
    const resent = await new TestClient(t.app).post(`/api/srl/email/verify/resend/${userId}`);
    expect(resent.statusCode).toBe(200);
    const fresh = linkIn((await lastMail(email))!.textBody)!;
    expect(fresh).not.toBe(link);
    expect((await visit(fresh)).headers.location).toBe('/fr/login/verified');
    expect(await verifiedAt(userId)).toBeInstanceOf(Date);
    // An expired link of a verified address says the address is confirmed.
    expect((await visit(expired)).headers.location).toBe('/fr/login/verified');
  });

  it('stores only the hash of the link token, and a resent link replaces the old one', async () => {
    const { userId, link } = await registered('en');
    const token = new URL(link).pathname.split('/').pop()!;
    const rows = await t.database.db.select().from(authTokens).where(eq(authTokens.subjectId, userId));
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.some((r) => r.kind === 'verify_email' && r.tokenHash === sha256(token))).toBe(true);

    await new TestClient(t.app).post(`/api/srl/email/verify/resend/${userId}`);
    expect((await visit(link)).headers.location).toBe(`/en/login/verification_expired?user=${userId}`);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(user!.emailVerifiedAt).toBeNull();
  });

  it('resends the link, says the same for unknown and verified users, and limits to 5 per user and hour', async () => {
    const { userId, email } = await registered('en');
    const client = new TestClient(t.app);
    const expected = { success: true, message: 'Please check your E-Mail-Account for the confirmation link' };
    for (let i = 0; i < 5; i++) {
      const res = await client.post(`/api/srl/email/verify/resend/${userId}?language=en`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(expected);
    }
    const count = await t.database.db
      .select({ id: emails.id })
      .from(emails)
      .where(and(eq(emails.toAddress, email), eq(emails.kind, 'verify_email')));
    expect(count).toHaveLength(6);
    const limited = await client.post(`/api/srl/email/verify/resend/${userId}`);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    expect((await client.post('/api/srl/email/verify/resend/987654?language=en')).json()).toEqual(expected);
    const { user: verified } = await createUserWithTeam(t.database.db);
    expect((await client.post(`/api/srl/email/verify/resend/${verified.id}?language=en`)).json()).toEqual(expected);
    expect(await lastMail(verified.email)).toBeUndefined();
  });
});

describe('documentation', () => {
  it('lists the auth routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/docs')).json();
    for (const path of [
      '/api/srl/validator/vat_id',
      '/api/srl/validator/country',
      '/api/srl/validator/unique/team/name',
      '/api/srl/validator/unique/user/email',
      '/api/srl/register',
      '/api/srl/email/verify/{id}/{hash}',
      '/api/srl/email/verify/resend/{userId}',
      '/api/srl/login',
      '/api/srl/login/two-factor',
      '/api/srl/logout',
      '/api/srl/user',
      '/api/srl/password/reset/mail',
      '/api/srl/password/reset/submit',
      '/api/customer/password/reset/mail',
      '/customer/password/reset/submit',
      '/api/srl/two-factor/setup',
      '/api/srl/two-factor/confirm',
      '/api/srl/two-factor/disable',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(doc.paths['/api/srl/register'].post.tags).toEqual(['auth']);
  });
});
