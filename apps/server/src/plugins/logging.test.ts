import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../test/build-test-app.ts';
import { createUserWithTeam, DEFAULT_PASSWORD } from '../test/factories.ts';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  t = await buildTestApp({ config: { logLevel: 'trace' }, logStream: stream });
});
afterAll(() => t.close());

describe('logs', () => {
  it('keep passwords, cookies, CSRF tokens and mailed links out', async () => {
    const { user } = await createUserWithTeam(t.database.db);
    const c = new TestClient(t.app);
    await c.post('/api/srl/login', { email: user.email, password: 'Wrong-Password-123' });
    await c.post('/api/srl/login', { email: user.email, password: DEFAULT_PASSWORD });
    await c.post('/api/srl/password/reset/mail', { email: user.email });
    await t.app.deps.jobs.runDue();
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(5); // requests were logged
    for (const secret of [DEFAULT_PASSWORD, 'Wrong-Password-123', ...c.cookies.values()]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/reset\/password\/[A-Za-z0-9_-]{20,}/);
  });
});
