import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createUserWithTeam, makeActivity } from '../../test/factories.ts';

/**
 * CONTRACT §4: only the embed pages (`/{lang}/embed/…`) may be framed by other sites; every other
 * page keeps `frame-ancestors 'none'`. `/embed.js` is loadable from any site, unhashed, short-cached.
 */

let t: TestApp;
let dist: string;
const EMBED_JS = '"use strict";(()=>{})();';
beforeAll(async () => {
  // A stand-in for apps/web/dist (index.html, shop.html, embed.js), so this test needs no web build.
  dist = mkdtempSync(join(tmpdir(), 'bookla-embed-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="de"><head><title>Bookla</title></head><body></body></html>');
  writeFileSync(
    join(dist, 'shop.html'),
    '<!doctype html><html lang="de"><head><title>Shop</title></head><body><script type="module" src="/assets/shop-x.js"></script></body></html>',
  );
  writeFileSync(join(dist, 'embed.js'), EMBED_JS);
  t = await buildTestApp({ config: { webDist: dist, secure: true } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const csp = (headers: Record<string, unknown>) => String(headers['content-security-policy']);
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('framing and the embed script', () => {
  it('lets any site frame the embed pages, which are the shop’s page, set no cookie, and are titled like the shop', async () => {
    const { team } = await createUserWithTeam(t.app.deps.db, { teamName: `Embed Studio ${Date.now()}` });
    const activity = await makeActivity(t.app.deps.db, team.id, { name: { de: 'Töpfern', en: 'Pottery' } });
    for (const path of [
      `/de/embed/${team.id}`,
      `/en/embed/${team.id}?view=calendar&type=3&origin=https%3A%2F%2Fprovider.example`,
      `/en/embed/${team.id}/calendar`,
      `/fr/embed/${team.id}/activity/${activity.id}?checkout=tab`,
      `/de/embed/${team.id}/checkout`,
      `/de/embed/${team.id}/order/5?token=abc`,
      `/de/embed/unknown-team`,
    ]) {
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain('/assets/shop-x.js');
      expect(csp(res.headers), path).toContain('frame-ancestors *');
      expect(csp(res.headers), path).not.toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], path).toBeUndefined();
      expect(res.headers['set-cookie'], path).toBeUndefined();
      // The rest of the policy stays: no inline script, our own origin only.
      expect(csp(res.headers), path).toContain("script-src 'self'");
      expect(csp(res.headers), path).toContain("connect-src 'self'");
    }
    const detail = await t.app.inject(`/en/embed/${team.id}/activity/${activity.id}`);
    expect(title(detail.body)).toBe(`Pottery | ${team.name}`);
  });

  it('refuses framing of every other page, the shop’s included', async () => {
    for (const path of [
      '/',
      '/de/login',
      '/en/backend',
      '/en/backend/config/integration',
      '/de/shop/1',
      '/de/shop/1/activity/2',
      '/de/embed',
      '/de/embed/',
      '/de/embedded/1',
      '/it/embed/1',
      '/de/shop/embed/1',
      '/api/health',
      '/api/public/teams/1',
      '/embed.js',
    ]) {
      const res = await t.app.inject(path);
      expect(csp(res.headers), path).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], path).toBe('DENY');
    }
  });

  it('serves /embed.js as JavaScript any site may load, with a short cache', async () => {
    const res = await t.app.inject('/embed.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.body).toBe(EMBED_JS);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // A cache-busting query changes nothing.
    const again = await t.app.inject('/embed.js?v=2');
    expect(again.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // Every other file stays same-origin only.
    const page = await t.app.inject('/de/embed/1');
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
