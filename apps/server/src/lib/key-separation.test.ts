import { createHmac } from 'node:crypto';
import { sign } from '@fastify/cookie';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.ts';
import { replaceToken } from '../features/auth/auth.repo.ts';
import { verificationPath, verificationUrl } from '../features/auth/mails.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createUserWithTeam, loginAs } from '../test/factories.ts';
import { deriveKey, deriveKeyString } from './keys.ts';
import { randomToken, sha256, urlSigningKey } from './tokens.ts';

/**
 * One SESSION_SECRET, one key per purpose (issue 7, item 9): what is signed for one purpose
 * (a mailed link) can never pass for another (a session cookie), nor can anything signed with
 * the raw secret.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const rawSecret = () => t.app.deps.config.sessionSecret;

describe('signed URLs', () => {
  async function unverifiedUserWithLink() {
    const { user } = await createUserWithTeam(t.database.db, { verified: false, language: 'en' });
    const token = randomToken();
    await replaceToken(t.database.db, 'verify_email', user.id, sha256(token), new Date(Date.now() + 3600_000));
    return { user, path: verificationPath(user.id, token) };
  }
  const expires = () => Math.floor(Date.now() / 1000) + 3600;
  const signedWith = (key: string | Buffer, path: string, exp = expires()) =>
    `${path}?expires=${exp}&signature=${createHmac('sha256', key).update(`${path}?expires=${exp}`).digest('base64url')}`;
  const visit = async (url: string) => (await t.app.inject({ method: 'GET', url })).headers.location;
  const verified = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!.emailVerifiedAt;

  it('refuse a verification link signed with the raw SESSION_SECRET or the cookie key', async () => {
    const { user, path } = await unverifiedUserWithLink();
    for (const key of [rawSecret(), deriveKeyString(rawSecret(), 'cookies'), deriveKey(rawSecret(), 'cookies')]) {
      expect(await visit(signedWith(key, path))).toMatch(/^\/(de|en|fr)\/login\/verification_invalid$/);
    }
    expect(await verified(user.id)).toBeNull();
    // The same link signed with the URL key is accepted: only the key made the difference.
    expect(await visit(signedWith(urlSigningKey(t.app.deps.config), path))).toBe('/en/login/verified');
    expect(await verified(user.id)).toBeInstanceOf(Date);
  });

  it('mail links signed with the URL key, not with the raw secret', () => {
    const url = new URL(verificationUrl(t.app.deps.config, 7, 'tok'));
    const exp = Number(url.searchParams.get('expires'));
    expect(url.searchParams.get('signature')).toBe(
      new URL(signedWith(urlSigningKey(t.app.deps.config), url.pathname, exp), 'http://x').searchParams.get('signature'),
    );
    expect(url.searchParams.get('signature')).not.toBe(
      new URL(signedWith(rawSecret(), url.pathname, exp), 'http://x').searchParams.get('signature'),
    );
  });
});

describe('signed cookies', () => {
  it('refuse a session cookie signed with the URL key or the raw SESSION_SECRET', async () => {
    const { user } = await createUserWithTeam(t.database.db);
    const client = await loginAs(t.app, user.email);
    const genuine = decodeURIComponent(client.cookies.get(SESSION_COOKIE)!);
    const unsigned = t.app.unsignCookie(genuine);
    expect(unsigned.valid).toBe(true);
    const me = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/srl/user', headers: { cookie: `${SESSION_COOKIE}=${encodeURIComponent(cookie)}` } });

    expect((await me(genuine)).statusCode).toBe(200);
    expect(genuine).toBe(sign(unsigned.value!, deriveKeyString(rawSecret(), 'cookies')));
    for (const key of [urlSigningKey(t.app.deps.config), rawSecret()]) {
      const forged = sign(unsigned.value!, key);
      expect(forged).not.toBe(genuine);
      expect((await me(forged)).statusCode).toBe(401);
    }
  });
});
