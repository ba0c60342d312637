import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, TestClient, type TestApp } from '../../test/build-test-app.ts';

let t: TestApp;
let app: FastifyInstance;
let writes = 0;

beforeAll(async () => {
  t = await buildTestApp({
    extend(instance) {
      // A state-changing route with a nested body, to exercise CSRF and 422 field paths.
      instance.withTypeProvider<ZodTypeProvider>().post(
        '/api/test/echo',
        {
          schema: {
            body: z.object({
              user: z.object({ email: z.email(), password: z.string().min(8) }),
              name: z.object({ de: z.string().min(1) }),
            }),
          },
        },
        async (request) => {
          writes++;
          return { ok: true, email: request.body.user.email };
        },
      );
    },
  });
  app = t.app;
});
afterAll(() => t.close());

describe('health and unknown paths', () => {
  it('answers health (liveness: asks no dependency; readiness is readiness.test.ts)', async () => {
    const res = await app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers JSON 404 for unknown /api paths, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/api/does/not/exist' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ message: 'Not Found' });
    }
  });

  it('answers 400, not 500, for malformed JSON', async () => {
    const c = new TestClient(app);
    await c.csrf();
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: '{"user":',
      headers: {
        'content-type': 'application/json',
        cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': c.cookies.get('XSRF-TOKEN')!,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTypeOf('string');
  });
});

describe('CSRF', () => {
  it('sets XSRF-TOKEN with 204 and a HttpOnly session cookie', async () => {
    const res = await app.inject('/sanctum/csrf-cookie');
    expect(res.statusCode).toBe(204);
    const cookies = res.cookies as { name: string; httpOnly?: boolean; sameSite?: string }[];
    const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN');
    const session = cookies.find((c) => c.name === 'bookla_session');
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
  });

  it('refuses a state-changing request without the header, with a wrong one, or with another session’s token', async () => {
    const a = new TestClient(app);
    const b = new TestClient(app);
    await a.csrf();
    await b.csrf();
    const body = { user: { email: 'a@example.com', password: 'longenough' }, name: { de: 'x' } };
    const before = writes;

    const none = await a.request('POST', '/api/test/echo', body, { 'x-xsrf-token': '' });
    expect(none.statusCode).toBe(419);
    expect(none.json()).toEqual({ message: 'CSRF token mismatch.' });

    const wrong = await a.request('POST', '/api/test/echo', body, { 'x-xsrf-token': 'nope' });
    expect(wrong.statusCode).toBe(419);

    // A bare cookie/header match is not enough: the token must belong to this session.
    const foreign = await a.request('POST', '/api/test/echo', body, {
      'x-xsrf-token': b.cookies.get('XSRF-TOKEN')!,
      cookie: `bookla_session=${a.cookies.get('bookla_session')}; XSRF-TOKEN=${b.cookies.get('XSRF-TOKEN')}`,
    });
    expect(foreign.statusCode).toBe(419);

    const noSession = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: body,
      headers: { 'x-xsrf-token': 'abc', cookie: 'XSRF-TOKEN=abc' },
    });
    expect(noSession.statusCode).toBe(419);
    expect(writes).toBe(before);

    const ok = await a.post('/api/test/echo', body);
    expect(ok.statusCode).toBe(200);
    expect(writes).toBe(before + 1);
  });
});

describe('validation errors', () => {
  it('answers 422 with dotted field paths in the request language', async () => {
    const c = new TestClient(app);
    const bad = { user: { email: 'not-an-email', password: 'short' }, name: { de: '' } };
    const en = await c.post('/api/test/echo?language=en', bad);
    expect(en.statusCode).toBe(422);
    const body = en.json();
    expect(body.message).toBe('The given data was invalid.');
    expect(body.errors['user.email']).toEqual(['Please enter a valid e-mail address.']);
    expect(body.errors['user.password']).toEqual(['Must be at least 8 characters.']);
    expect(body.errors['name.de']).toEqual(['This field is required.']);

    const de = await c.post('/api/test/echo', bad, { 'accept-language': 'de-CH,de;q=0.9' });
    expect(de.json().errors['user.password']).toEqual(['Muss mindestens 8 Zeichen lang sein.']);
    const fr = await c.post('/api/test/echo', bad, { 'accept-language': 'fr' });
    expect(fr.json().errors['user.email']).toEqual(['Veuillez saisir une adresse e-mail valide.']);
  });

  it('reports a missing nested object as required', async () => {
    const c = new TestClient(app);
    const res = await c.post('/api/test/echo?language=en', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.user).toEqual(['This field is required.']);
  });
});

describe('language', () => {
  it('resolves query → cookie → Accept-Language → de', async () => {
    const bad = { user: { email: 'x', password: 'longenough' }, name: { de: 'x' } };
    const c = new TestClient(app);
    expect((await c.post('/api/test/echo', bad)).json().errors['user.email'][0]).toBe('Bitte eine gültige E-Mail-Adresse eingeben.');
    expect((await c.post('/api/test/echo', bad, { 'accept-language': 'en-US,en;q=0.8' })).json().errors['user.email'][0]).toBe(
      'Please enter a valid e-mail address.',
    );
    const changed = await c.get('/api/language/change/fr');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ success: true });
    expect((await c.post('/api/test/echo', bad, { 'accept-language': 'en' })).json().errors['user.email'][0]).toBe(
      'Veuillez saisir une adresse e-mail valide.',
    );
    expect((await c.post('/api/test/echo?language=de', bad)).json().errors['user.email'][0]).toBe(
      'Bitte eine gültige E-Mail-Adresse eingeben.',
    );
  });

  it('refuses an unsupported language with 422', async () => {
    const res = await app.inject('/api/language/change/it?language=en');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.lang).toEqual(['Unsupported language.']);
  });
});

describe('security headers, compression, docs', () => {
  it('sends pages a CSP without inline scripts and refuses framing', async () => {
    const res = await app.inject('/en/login');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends API answers the headers that matter on an answer that is no page (OWASP REST set)', async () => {
    for (const url of ['/api/health', '/api/srl/options/country', '/api/nothing-here']) {
      const res = await app.inject(url);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      // Document-only headers are left off.
      for (const name of ['referrer-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection'])
        expect(res.headers[name], `${url} ${name}`).toBeUndefined();
    }
  });

  it('compresses large responses', async () => {
    const res = await app.inject({ url: '/api/srl/options/country', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(['br', 'gzip']).toContain(res.headers['content-encoding']);
  });

  it('publishes the OpenAPI document of every route', async () => {
    const res = await app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/health',
      '/api/ready',
      '/api/srl/options/country',
      '/api/faq',
      '/api/content/{type}/{group}',
      '/api/language/change/{lang}',
      '/sanctum/csrf-cookie',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
