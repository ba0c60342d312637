import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { operationIdOf } from './route-docs.ts';

/** The OpenAPI document as published (GET /api/docs), checked by Redocly's linter and by its own rules (issue 22 item 18). */
type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Doc = { paths: Record<string, Record<string, Operation>> };

const root = join(import.meta.dirname, '..', '..', '..', '..');
let t: TestApp;
let doc: Doc;
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));

beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject('/api/docs')).json();
});
afterAll(() => t.close());

describe('the API description', () => {
  it('passes `redocly lint` (its recommended rules) without errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bookla-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const bin = join(root, 'node_modules', '.bin', 'redocly');
      const run = await promisify(execFile)(bin, ['lint', file, '--format=json', '--max-problems=1000'], {
        cwd: dir,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 64 * 1024 * 1024,
      }).catch((e: { stdout: string; stderr: string }) => e);
      const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; severity: string; location: { pointer: string }[] }[];
      };
      const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} at ${p.location[0]?.pointer}`);
      expect(errors.slice(0, 20)).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('documents for every operation a success, its error replies with the shared body, its security and a unique id', () => {
    const ids = new Set<string>();
    const missing: string[] = [];
    for (const { path, method, op } of operations()) {
      const codes = Object.keys(op.responses ?? {});
      if (!codes.some((c) => /^[23]/.test(c))) missing.push(`${method} ${path}: no success`);
      if (!codes.includes('4XX')) missing.push(`${method} ${path}: no 4XX`);
      if (!Array.isArray(op.security)) missing.push(`${method} ${path}: no security`);
      expect(ids.has(op.operationId!), op.operationId).toBe(false);
      ids.add(op.operationId!);
    }
    expect(missing).toEqual([]);
  });

  it('says which calls need the staff session, the XSRF header or a customer login', () => {
    const op = (path: string, method: string) => doc.paths[path]![method]!;
    // Back office: session; writes also the XSRF header (with the session cookie it is checked against).
    // Or an API token with the route's scope (plugins/token-routes.ts), without the XSRF header.
    expect(op('/api/orders', 'get').security).toEqual([{ session: [] }, { bearerAuth: ['read'] }]);
    expect(op('/api/orders/{id}/mark-paid', 'post').security).toEqual([{ session: [], xsrf: [] }, { bearerAuth: ['orders'] }]);
    expect(op('/api/team/general', 'get').security).toEqual([{ session: [] }]);
    expect(Object.keys(op('/api/orders/{id}/mark-paid', 'post').responses!)).toEqual(
      expect.arrayContaining(['200', '401', '403', '404', '419', '422', '4XX', '5XX']),
    );
    // Public reads need nothing; the public checkout carries no CSRF token (embeds on other sites).
    expect(op('/api/public/teams/{teamId}/activities', 'get').security).toEqual([]);
    expect(op('/api/public/teams/{teamId}/orders', 'post').security).toEqual([]);
    // Logging in is a write under the CSRF check, without a login.
    expect(op('/api/srl/login', 'post').security).toEqual([{ session: [], xsrf: [] }]);
    expect(op('/api/srl/login', 'post').responses!['401']).toBeUndefined();
    // A shop customer's own calls.
    expect(op('/api/customer/teams/{teamId}/bookings', 'get').security).toEqual([{ customer: [] }]);
    expect(op('/api/customer/teams/{teamId}/password', 'post').security).toEqual([{ customer: [], session: [], xsrf: [] }]);
  });

  it('names operations after their method and path', () => {
    expect(operationIdOf('POST', '/api/orders/:id/mark-paid')).toBe('postApiOrdersIdMarkPaid');
    expect(op('/api/orders/{id}/mark-paid', 'post').operationId).toBe('postApiOrdersIdMarkPaid');
  });
});

const op = (path: string, method: string) => doc.paths[path]![method]!;
