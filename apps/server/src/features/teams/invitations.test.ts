import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, invitations, teamMembers, users } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/tokens.ts';
import { buildTestApp, TestClient, type TestApp } from '../../test/build-test-app.ts';
import { createUserWithTeam, inviteLink, lastMail, loginAs, owner, staff, type Staff, teamRow, uid } from '../../test/factories.ts';

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
});
afterAll(() => t.close());

const INVALID_EN = 'Your Invitation expired. Please request a new Invitation from your Company Admin.';
const newUser = (extra: Record<string, unknown> = {}) => ({
  user: {
    salutation: 'mx',
    firstname: 'Kim',
    lastname: 'Keller',
    password: 'Velo-Route 2026',
    password_confirm: 'Velo-Route 2026',
    agb: true,
    newsletter: true,
    ...extra,
  },
});

async function invite(s: Staff, email: string, role = 'editor', lang = 'en') {
  const res = await s.client.post(`/api/team/invitations?language=${lang}`, { email, role });
  expect(res.statusCode, res.body).toBe(200);
  const mail = await lastMail(app, email.toLowerCase());
  return { res, body: res.json(), mail: mail!, link: inviteLink(mail!.textBody) };
}

const validate = (l: { teamId: string; invitationId: string; token: string }) =>
  app.inject(`/api/srl/team/${l.teamId}/invite/${l.invitationId}/validate/${l.token}`).then((r) => r.json());
const accept = (l: { teamId: string; invitationId: string; token: string }, body?: unknown, client = new TestClient(app), lang = 'en') =>
  client.post(`/api/srl/team/${l.teamId}/invite/${l.invitationId}/accept/${l.token}?language=${lang}`, body);

async function roleOf(teamId: number, userId: number) {
  const [row] = await app.deps.db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row?.role;
}

describe('inviting', () => {
  it('stores a hashed single-use token valid 7 days and mails the link in the inviter’s language', async () => {
    const a = await owner(app, { firstname: 'Vera' });
    const email = `New.Person-${uid()}@Example.com`;
    const { body, mail, link } = await invite(a, email, 'instructor', 'fr');
    expect(body).toMatchObject({
      success: true,
      data: { email: email.toLowerCase(), role: 'instructor', language: 'fr', status: 'pending' },
    });
    expect(mail.language).toBe('fr');
    expect(mail.teamId).toBe(a.team.id);
    expect(mail.subject).toBe('Invitation à rejoindre une entreprise sur Bookla');
    expect(mail.textBody).toContain('Vera');
    expect(mail.textBody).toContain('Animateur');
    expect(link.lang).toBe('fr');
    expect(Number(link.teamId)).toBe(a.team.id);
    expect(Number(link.invitationId)).toBe(body.data.id);
    expect(Buffer.from(link.token, 'base64url')).toHaveLength(32);
    const [row] = await app.deps.db.select().from(invitations).where(eq(invitations.id, body.data.id));
    expect(row!.tokenHash).toBe(sha256(link.token));
    expect(JSON.stringify(row)).not.toContain(link.token);
    const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('refuses members and addresses with a pending invitation (422), case-insensitively', async () => {
    const a = await owner(app);
    const member = await staff(app, a.team, 'editor');
    const already = await a.client.post('/api/team/invitations?language=en', { email: member.user.email.toUpperCase(), role: 'admin' });
    expect(already.statusCode).toBe(422);
    expect(already.json().errors.email).toEqual(['This person is already a member of the company.']);
    const email = `twice-${uid()}@example.com`;
    await invite(a, email);
    const twice = await a.client.post('/api/team/invitations?language=en', { email: email.toUpperCase(), role: 'admin' });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.email).toEqual(['This person has already been invited.']);
  });

  it('validates e-mail and role; owner is not a role to invite; team_id in the body is ignored', async () => {
    const a = await owner(app);
    const b = await owner(app);
    expect((await a.client.post('/api/team/invitations', { email: 'nope', role: 'editor' })).json().errors.email).toBeDefined();
    expect(
      (await a.client.post('/api/team/invitations', { email: `o-${uid()}@example.com`, role: 'owner' })).json().errors.role,
    ).toBeDefined();
    const res = await a.client.post('/api/team/invitations', {
      email: `m-${uid()}@example.com`,
      role: 'editor',
      team_id: b.team.id,
      invited_by: b.user.id,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await app.deps.db.select().from(invitations).where(eq(invitations.id, res.json().data.id));
    expect(row).toMatchObject({ teamId: a.team.id, invitedBy: a.user.id });
  });

  it('is for owners and admins only', async () => {
    const a = await owner(app);
    const admin = await staff(app, a.team, 'admin');
    const editor = await staff(app, a.team, 'editor');
    const instructor = await staff(app, a.team, 'instructor');
    await invite(admin, `by-admin-${uid()}@example.com`);
    for (const s of [editor, instructor]) {
      expect((await s.client.post('/api/team/invitations', { email: `x-${uid()}@example.com`, role: 'editor' })).statusCode).toBe(403);
      expect((await s.client.get('/api/team/invitations')).statusCode).toBe(403);
    }
    expect((await new TestClient(app).get('/api/team/invitations')).statusCode).toBe(401);
  });

  it('limits invitation mails per company', async () => {
    const a = await owner(app);
    const { body } = await invite(a, `limit-${uid()}@example.com`);
    let last = 200;
    for (let i = 0; i < 50 && last === 200; i++) last = (await a.client.post(`/api/team/invitations/${body.data.id}/resend`)).statusCode;
    expect(last).toBe(429);
  });

  it('caps invitation mails per user across companies (a new company does not reset the count)', async () => {
    const a = await owner(app);
    const more = [await createUserWithTeam(app.deps.db), await createUserWithTeam(app.deps.db)];
    for (const m of more) await app.deps.db.insert(teamMembers).values({ teamId: m.team.id, userId: a.user.id, role: 'owner' });
    const sent: number[] = [];
    let refused: { status: number; retryAfter: unknown; teamSent: number } | undefined;
    for (const teamId of [a.team.id, ...more.map((m) => m.team.id)]) {
      expect((await a.client.post(`/api/srl/team/switch/${teamId}`)).statusCode).toBe(200);
      const first = await a.client.post('/api/team/invitations?language=en', { email: `cap-${uid()}@example.com`, role: 'editor' });
      let res = first;
      let ok = 0;
      while (res.statusCode === 200) {
        ok++;
        res = await a.client.post(`/api/team/invitations/${first.json().data.id}/resend`);
      }
      sent.push(ok);
      if (ok < 50) {
        refused = { status: res.statusCode, retryAfter: res.headers['retry-after'], teamSent: ok };
        break;
      }
    }
    // 50 per company per hour in the first two, then the user's 100 a day are used up.
    expect(sent).toEqual([50, 50, 0]);
    expect(refused).toMatchObject({ status: 429, teamSent: 0 });
    expect(Number(refused!.retryAfter)).toBeGreaterThan(3600);
    // Another member of the third company still may invite: the cap is the user's, not the company's.
    const colleague = await staff(app, more[1]!.team, 'admin');
    await invite(colleague, `colleague-${uid()}@example.com`);
  });

  it('keeps the company name (chosen by whoever creates it) out of the subject, quoted and escaped in the body', async () => {
    const a = await owner(app, { teamName: `Win a prize at http://evil.example <b>now</b> ${uid()}` });
    const { mail } = await invite(a, `subject-${uid()}@example.com`);
    const name = (await teamRow(app, a.team.id)).name;
    expect(mail.subject).toBe('Invitation to a company on Bookla');
    expect(mail.subject).not.toContain('evil.example');
    expect(mail.textBody).toContain(`“${name}”`);
    expect(mail.htmlBody).not.toContain('<b>now</b>');
    expect(mail.htmlBody).toContain('&#60;b&#62;now&#60;/b&#62;');
  });
});

describe('list, revoke, resend', () => {
  it('lists pending and expired, not accepted or revoked ones, of the own company only', async () => {
    const a = await owner(app);
    const b = await owner(app);
    const pending = await invite(a, `pending-${uid()}@example.com`);
    const expired = await invite(a, `expired-${uid()}@example.com`);
    await app.deps.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, expired.body.data.id));
    const revoked = await invite(a, `revoked-${uid()}@example.com`);
    expect((await a.client.request('DELETE', `/api/team/invitations/${revoked.body.data.id}`)).statusCode).toBe(200);
    const accepted = await invite(a, `accepted-${uid()}@example.com`);
    expect((await accept(accepted.link, newUser())).statusCode).toBe(200);
    const foreign = await invite(b, `foreign-${uid()}@example.com`);

    const list = (await a.client.get('/api/team/invitations')).json().data as { id: number; status: string; invited_by: string }[];
    expect(list.map((i) => [i.id, i.status])).toEqual([
      [expired.body.data.id, 'expired'],
      [pending.body.data.id, 'pending'],
    ]);
    expect(list[0]!.invited_by).toBe(`${a.user.firstname} ${a.user.lastname}`);
    expect(JSON.stringify(list)).not.toContain(String(foreign.body.data.email));

    // Inviting the address of an expired invitation again replaces it.
    const again = await invite(a, expired.body.data.email);
    const after = (await a.client.get('/api/team/invitations')).json().data as { id: number; status: string }[];
    expect(after.map((i) => [i.id, i.status])).toEqual([
      [again.body.data.id, 'pending'],
      [pending.body.data.id, 'pending'],
    ]);
  });

  it('revokes: the link stops working; another company’s invitation answers 404', async () => {
    const a = await owner(app);
    const b = await owner(app);
    const inv = await invite(a, `rev-${uid()}@example.com`);
    const foreign = await invite(b, `rev-b-${uid()}@example.com`);
    expect((await a.client.request('DELETE', `/api/team/invitations/${foreign.body.data.id}`)).statusCode).toBe(404);
    expect(await validate(foreign.link)).toMatchObject({ valid: true });
    expect((await a.client.request('DELETE', `/api/team/invitations/${inv.body.data.id}`)).statusCode).toBe(200);
    expect(await validate(inv.link)).toEqual({ valid: false, user_found: false, team_name: null });
    expect((await accept(inv.link, newUser())).statusCode).toBe(422);
    expect((await a.client.request('DELETE', `/api/team/invitations/${inv.body.data.id}`)).statusCode).toBe(404);
  });

  it('resends with a new token and expiry; the old link stops working', async () => {
    const a = await owner(app);
    const b = await owner(app);
    const inv = await invite(a, `resend-${uid()}@example.com`);
    await app.deps.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, inv.body.data.id));
    expect((await validate(inv.link)).valid).toBe(false);
    const res = await a.client.post(`/api/team/invitations/${inv.body.data.id}/resend`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: inv.body.data.id, status: 'pending' });
    const mails = await app.deps.db.select().from(emails).where(eq(emails.toAddress, inv.body.data.email));
    expect(mails).toHaveLength(2);
    const fresh = inviteLink((await lastMail(app, inv.body.data.email))!.textBody);
    expect(fresh.token).not.toBe(inv.link.token);
    expect((await validate(inv.link)).valid).toBe(false);
    expect(await validate(fresh)).toEqual({ valid: true, user_found: false, team_name: a.team.name });
    expect((await b.client.post(`/api/team/invitations/${inv.body.data.id}/resend`)).statusCode).toBe(404);
  });
});

describe('validating and accepting (public)', () => {
  it('validates a link: valid, user_found and team_name; anything else is not valid', async () => {
    const a = await owner(app);
    const existing = await createUserWithTeam(app.deps.db);
    const fresh = await invite(a, `val-${uid()}@example.com`);
    const known = await invite(a, existing.user.email);
    expect(await validate(fresh.link)).toEqual({ valid: true, user_found: false, team_name: a.team.name });
    expect(await validate(known.link)).toEqual({ valid: true, user_found: true, team_name: a.team.name });
    const invalid = { valid: false, user_found: false, team_name: null };
    expect(await validate({ ...fresh.link, token: fresh.link.token.slice(0, -1) + (fresh.link.token.endsWith('A') ? 'B' : 'A') })).toEqual(
      invalid,
    );
    expect(await validate({ ...fresh.link, token: known.link.token })).toEqual(invalid);
    expect(await validate({ ...fresh.link, teamId: String(a.team.id + 1000) })).toEqual(invalid);
    expect(await validate({ ...fresh.link, invitationId: 'abc' })).toEqual(invalid);
    expect(await validate({ ...fresh.link, teamId: '99999999999999999999' })).toEqual(invalid);
  });

  it('registers a new, verified account with the invitation’s address, language and role, without logging in', async () => {
    const a = await owner(app);
    const email = `newbie-${uid()}@example.com`;
    const { link } = await invite(a, email, 'instructor', 'fr');
    const client = new TestClient(app);
    const res = await accept(
      link,
      { ...newUser(), user: { ...newUser().user, email: 'attacker@example.com', role: 'owner', team_id: 1 } },
      client,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'The invitation has been accepted. You can now log in.' });
    const [user] = await app.deps.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({
      firstname: 'Kim',
      lastname: 'Keller',
      salutation: 'mx',
      language: 'fr',
      newsletter: true,
      currentTeamId: a.team.id,
    });
    expect(user!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await roleOf(a.team.id, user!.id)).toBe('instructor');
    expect((await app.deps.db.select().from(users).where(eq(users.email, 'attacker@example.com'))).length).toBe(0);
    expect((await client.get('/api/srl/team')).statusCode).toBe(401);
    const loggedIn = await loginAs(app, email, 'Velo-Route 2026');
    expect((await loggedIn.get('/api/srl/team')).json().team).toMatchObject({ id: a.team.id, role: 'instructor' });
    // Single use.
    const again = await accept(link, newUser());
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ success: false, message: INVALID_EN });
    expect((await validate(link)).valid).toBe(false);
  });

  it('checks the registration form: required user, agb, password rules and confirmation', async () => {
    const a = await owner(app);
    const email = `rules-${uid()}@example.com`;
    const { link } = await invite(a, email);
    const missing = await accept(link, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.user).toBeDefined();
    expect((await accept(link, newUser({ agb: false }))).json().errors['user.agb']).toBeDefined();
    expect((await accept(link, newUser({ password: 'short', password_confirm: 'short' }))).json().errors['user.password']).toBeDefined();
    expect((await accept(link, newUser({ password_confirm: 'something else' }))).json().errors['user.password_confirm']).toBeDefined();
    const common = await accept(link, newUser({ password: 'password123', password_confirm: 'password123' }));
    expect(common.json().errors['user.password']).toBeDefined();
    const local = email.split('@')[0]!;
    const withEmail = await accept(link, newUser({ password: `x${local}x`, password_confirm: `x${local}x` }));
    expect(withEmail.statusCode).toBe(422);
    expect(withEmail.json().errors['user.password']).toEqual(['The password must not contain your e-mail address.']);
    // Nothing was created and the link still works.
    expect((await app.deps.db.select().from(users).where(eq(users.email, email))).length).toBe(0);
    expect((await validate(link)).valid).toBe(true);
    expect((await accept(link, newUser())).statusCode).toBe(200);
  });

  it('one-click accepts for an existing account, whoever is logged in, without changing the account', async () => {
    const a = await owner(app);
    const invited = await createUserWithTeam(app.deps.db);
    const bystander = await owner(app);
    const { link } = await invite(a, invited.user.email.toUpperCase(), 'admin');
    const res = await accept(link, newUser({ password: 'Another-Pass 99', password_confirm: 'Another-Pass 99' }), bystander.client);
    expect(res.statusCode).toBe(200);
    expect(await roleOf(a.team.id, invited.user.id)).toBe('admin');
    expect(await roleOf(a.team.id, bystander.user.id)).toBeUndefined();
    const [after] = await app.deps.db.select().from(users).where(eq(users.id, invited.user.id));
    expect(after!.passwordHash).toBe(invited.user.passwordHash);
    expect(after!.firstname).toBe(invited.user.firstname);
    expect(after!.currentTeamId).toBe(invited.team.id);
    expect((await bystander.client.get('/api/srl/team')).json().team.id).toBe(bystander.team.id);
  });

  it('accepts with no body at all for an existing account', async () => {
    const a = await owner(app);
    const invited = await createUserWithTeam(app.deps.db);
    const { link } = await invite(a, invited.user.email);
    const client = new TestClient(app);
    await client.csrf();
    const res = await app.inject({
      method: 'POST',
      url: `/api/srl/team/${link.teamId}/invite/${link.invitationId}/accept/${link.token}`,
      headers: {
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': decodeURIComponent(client.cookies.get('XSRF-TOKEN')!),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await roleOf(a.team.id, invited.user.id)).toBe('editor');
  });

  it('answers the spec’s message, translated, for expired, revoked and forged links', async () => {
    const a = await owner(app);
    const { link, body } = await invite(a, `exp-${uid()}@example.com`);
    await app.deps.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(invitations.id, body.data.id));
    expect((await validate(link)).valid).toBe(false);
    const en = await accept(link, newUser());
    expect(en.statusCode).toBe(422);
    expect(en.json()).toEqual({ success: false, message: INVALID_EN });
    const de = await accept(link, newUser(), new TestClient(app), 'de');
    expect(de.json().message).toBe(
      'Ihre Einladung ist abgelaufen. Bitte fordern Sie bei der Administration Ihrer Firma eine neue Einladung an.',
    );
    const fr = await accept({ ...link, token: 'forged' }, newUser(), new TestClient(app), 'fr');
    expect(fr.json()).toEqual({
      success: false,
      message: "Votre invitation a expiré. Veuillez demander une nouvelle invitation à l'administrateur de votre entreprise.",
    });
    expect((await accept({ ...link, invitationId: 'x' }, newUser())).statusCode).toBe(422);
  });

  it('needs the CSRF token to accept', async () => {
    const a = await owner(app);
    const { link } = await invite(a, `csrf-${uid()}@example.com`);
    const res = await app.inject({
      method: 'POST',
      url: `/api/srl/team/${link.teamId}/invite/${link.invitationId}/accept/${link.token}`,
      payload: newUser(),
    });
    expect(res.statusCode).toBe(419);
    expect((await validate(link)).valid).toBe(true);
  });
});
