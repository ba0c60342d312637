import { defineBenchmark } from '../lib/types.ts';

/**
 * GET /api/srl/options/country in German through the whole stack (routing, language, helmet,
 * cookies, session and CSRF hooks, zod serialisation, one SELECT of ~250 rows, sort by
 * localeCompare) against bare Fastify answering {"hello":"world"}. No Accept-Encoding, so the
 * answer (~8 KB of JSON) is not compressed.
 */
export default defineBenchmark({
  name: 'options-country',
  description: 'GET /api/srl/options/country (Accept-Language: de) at 50 connections, full stack vs bare Fastify hello-world',
  // Issue 23 item 2: ≥ 0.5 at 50 connections (was ≥ 0.25 at 10).
  goal: 0.5,
  connections: 50,
  baseline: {
    server: 'hello',
    path: '/',
    check: (res) =>
      res.status === 200 && res.body === '{"hello":"world"}' ? undefined : `expected {"hello":"world"}, got status ${res.status}`,
  },
  subject: {
    server: 'app',
    path: '/api/srl/options/country',
    headers: { 'accept-language': 'de' },
    check(res) {
      if (res.status !== 200) return `status ${res.status}`;
      if (res.headers['content-encoding']) return `unexpected content-encoding ${String(res.headers['content-encoding'])}`;
      const options = JSON.parse(res.body) as { value: string; label: string }[];
      if (!Array.isArray(options) || options.length < 200)
        return `expected ~250 countries, got ${Array.isArray(options) ? options.length : typeof options}`;
      const ch = options.find((o) => o.value === 'CH');
      if (ch?.label !== 'Schweiz') return `expected CH labelled "Schweiz" (German), got ${JSON.stringify(ch)}`;
      return undefined;
    },
  },
});
