import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseInput } from '../lib/app-error.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

/** Which schema failures are the client's (422) and which are ours (500). */
describe('error handler and schema failures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      // Routes for this test only (GET: no CSRF token needed to reach the handler).
      extend: (app) => {
        app.get('/api/test/input', async (request) => parseInput(z.object({ name: z.string().min(3) }), request.query, 'item'));
        app.get('/api/test/internal', async () => z.object({ id: z.number() }).parse({ id: 'stored-wrongly' }));
      },
    });
  });
  afterAll(() => t.close());

  it('answers input refused by parseInput with 422 and dotted, translated field paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/input?language=en&name=x' });
    expect(res.statusCode).toBe(422);
    const body = res.json() as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors)).toEqual(['item.name']);
    expect(body.errors['item.name']![0]).not.toMatch(/^validation:/);
  });

  it('answers any other ZodError (our own data failing its schema) with a 500 that says nothing of it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/internal' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('stored-wrongly');
    expect(res.json()).not.toHaveProperty('errors');
  });
});
