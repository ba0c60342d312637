import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy, type Config } from '../config/env.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { LIMITS } from './rate-limit.ts';

/**
 * TRUST_PROXY (issue 7, item 3): the client's address comes from X-Forwarded-For only when the
 * socket's peer is a proxy we were told to trust; otherwise it is the socket's peer, whatever
 * the headers claim. So per-IP limits and session IPs cannot be chosen by the client.
 */
const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

async function appWith(config: Partial<Config>): Promise<FastifyInstance> {
  const t = await buildTestApp({
    config,
    extend: (app) => {
      app.get('/api/test/client', { schema: { hide: true } }, async (request) => ({
        ip: request.ip,
        protocol: request.protocol,
        host: request.host,
      }));
    },
  });
  apps.push(t);
  return t.app;
}

const SPOOF = {
  'x-forwarded-for': '198.51.100.66, 192.0.2.77',
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'evil.example',
};

async function client(app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: '/api/test/client', remoteAddress, headers: { host: 'bookla.test', ...headers } });
  expect(res.statusCode).toBe(200);
  return res.json() as { ip: string; protocol: string; host: string };
}

describe('without TRUST_PROXY', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // Served under https (as in production): that alone must not make forwarded headers trusted.
    app = await appWith({ secure: true, trustProxy: false });
  });

  it('ignores X-Forwarded-For/-Proto/-Host: the client is the socket peer', async () => {
    expect(await client(app, '203.0.113.7', SPOOF)).toEqual({ ip: '203.0.113.7', protocol: 'http', host: 'bookla.test' });
    expect(await client(app, '203.0.113.7')).toEqual({ ip: '203.0.113.7', protocol: 'http', host: 'bookla.test' });
  });

  it('counts a per-IP limit per socket address, however X-Forwarded-For rotates', async () => {
    const csrf = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie', remoteAddress: '203.0.113.8' });
    const cookies = Object.fromEntries(csrf.cookies.map((c) => [c.name, c.value]));
    const validate = (remoteAddress: string, i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/srl/validator/country',
        remoteAddress,
        cookies,
        headers: { 'x-xsrf-token': decodeURIComponent(cookies['XSRF-TOKEN']!), 'x-forwarded-for': `198.51.${i >> 8}.${i & 255}` },
        payload: { country: 'CH' },
      });
    const { limit } = LIMITS.validatorsPerIp;
    for (let i = 0; i < limit; i++) expect((await validate('203.0.113.8', i)).statusCode).toBe(200);
    const blocked = await validate('203.0.113.8', limit);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // Another client (another socket address) is not affected.
    expect((await validate('203.0.113.9', 0)).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY=1 (one proxy hop)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith({ trustProxy: parseTrustProxy('1') });
  });

  it('takes the entry the proxy appended (the last), not the ones the client sent before it', async () => {
    expect(await client(app, '10.0.0.2', SPOOF)).toEqual({ ip: '192.0.2.77', protocol: 'https', host: 'evil.example' });
    expect((await client(app, '10.0.0.2', { 'x-forwarded-for': '192.0.2.78' })).ip).toBe('192.0.2.78');
    expect((await client(app, '10.0.0.2')).ip).toBe('10.0.0.2');
  });
});

describe('TRUST_PROXY=127.0.0.1,10.0.0.0/8 (proxy addresses)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith({ trustProxy: parseTrustProxy('127.0.0.1,10.0.0.0/8') });
  });

  it('believes X-Forwarded-* only when the socket peer is one of them', async () => {
    expect(await client(app, '10.1.2.3', SPOOF)).toEqual({ ip: '192.0.2.77', protocol: 'https', host: 'evil.example' });
    expect(await client(app, '203.0.113.7', SPOOF)).toEqual({ ip: '203.0.113.7', protocol: 'http', host: 'bookla.test' });
  });

  it('walks back through trusted proxies only, stopping at the first untrusted address', async () => {
    expect((await client(app, '127.0.0.1', { 'x-forwarded-for': '198.51.100.66, 10.9.9.9' })).ip).toBe('198.51.100.66');
    expect((await client(app, '127.0.0.1', { 'x-forwarded-for': '10.7.7.7, 198.51.100.66, 10.9.9.9' })).ip).toBe('198.51.100.66');
  });
});

describe('TRUST_PROXY in the environment', () => {
  const env = (TRUST_PROXY?: string) => loadConfig({ TRUST_PROXY, SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/bookla-test' });

  it('defaults to trusting no proxy, also under https', () => {
    expect(env().trustProxy).toBe(false);
    expect(env('').trustProxy).toBe(false);
    expect(loadConfig({ APP_URL: 'https://bookla.example', SESSION_SECRET: 'x'.repeat(40) }).trustProxy).toBe(false);
  });

  it('takes a hop count or a list of addresses, CIDR ranges and names', () => {
    expect(env('2').trustProxy).toBe(2);
    expect(env(' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8, loopback').trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['true', '*', '10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/1', '99'])('refuses %s', (value) => {
    expect(() => env(value)).toThrow(/TRUST_PROXY/);
  });
});
