import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

/**
 * `/api/health` over a real connection is answered by the HTTP server itself (app.ts
 * `serverFactory`), without the app; through `inject` by the app. Both must say the same.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const comparable = (headers: Record<string, unknown>) => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers))
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k)) out[k] = String(v);
  return out;
};

describe('liveness over HTTP', () => {
  it('answers GET and HEAD with the same status, headers and body as the documented route', async () => {
    const viaApp = await t.app.inject({ method: 'GET', url: '/api/health' });
    const direct = await fetch(`${base}/api/health`);
    expect(direct.status).toBe(200);
    expect(await direct.text()).toBe(viaApp.body);
    expect(comparable(Object.fromEntries(direct.headers))).toEqual(comparable(viaApp.headers));
    const head = await fetch(`${base}/api/health`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await head.text()).toBe('');
  });

  it('leaves every other request to the app (a POST, another path, a query string)', async () => {
    expect((await fetch(`${base}/api/health`, { method: 'POST' })).status).toBe(404);
    const ready = await fetch(`${base}/api/ready`);
    expect([200, 503]).toContain(ready.status);
    expect((await fetch(`${base}/api/health?x=1`)).status).toBe(200);
  });
});
