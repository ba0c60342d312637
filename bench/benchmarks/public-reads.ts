import { type CheckedResponse, defineBenchmark, type Target } from '../lib/types.ts';

/**
 * What a provider's sale day and the landing page put on an instance (issue 23 item 2), at 50
 * connections against bare Fastify in the same run: the public activities, the shop page and the
 * landing page on a cache hit (kept in memory per team version: no database work). The liveness
 * check and the country options are benchmarks of their own (`health`, `options-country`), each
 * against its own baseline measured right before it. The app serves the web build (`npm run build` first).
 */
const ok =
  (type: RegExp, more?: (res: CheckedResponse) => string | undefined) =>
  (res: CheckedResponse): string | undefined => {
    if (res.status !== 200) return `status ${res.status}`;
    if (!type.test(String(res.headers['content-type']))) return `content-type ${String(res.headers['content-type'])}`;
    if (res.headers['content-encoding'] === undefined && res.body.length > 1024 && /html|json/.test(String(res.headers['content-type'])))
      if (type.source.includes('html')) return 'expected the page compressed (Accept-Encoding was sent)';
    return more?.(res);
  };
const cdnCacheable = (res: CheckedResponse) =>
  String(res.headers['cache-control']).includes('s-maxage=30') && res.headers.etag
    ? undefined
    : 'expected an ETag and the CDN’s Cache-Control';

/** What browsers and CDNs send: the kept answers go compressed (compressed once per answer, not per request). */
const compressed = { 'accept-encoding': 'gzip, deflate, br' };

const subjects: Target[] = [
  {
    label: 'public-activities',
    server: 'app',
    path: '/api/public/teams/{teamId}/activities?lang=de',
    headers: compressed,
    goal: 0.25,
    check: ok(/json/, (res) => {
      const body = JSON.parse(res.body) as { data?: { name: string }[] };
      if (body.data?.[0]?.name !== 'Konzert') return `expected the seeded event, got ${res.body.slice(0, 120)}`;
      return cdnCacheable(res);
    }),
  },
  {
    label: 'shop-page',
    server: 'app',
    path: '/de/shop/{teamId}',
    headers: compressed,
    goal: 0.25,
    check: ok(/text\/html/, (res) =>
      res.body.includes('<title>Bench Checkout</title>') ? cdnCacheable(res) : 'expected the team’s name as title',
    ),
  },
  {
    label: 'landing-page',
    server: 'app',
    path: '/en/provider',
    headers: compressed,
    goal: 0.25,
    check: ok(/text\/html/, (res) => (res.body.includes('lang="en"') ? cdnCacheable(res) : 'expected the English landing page')),
  },
];

export default defineBenchmark({
  name: 'public-reads',
  description: 'public activities, shop and landing pages (cache hits) vs bare Fastify',
  goal: 0.25,
  connections: 50,
  web: true,
  seed: 'checkout',
  baseline: {
    server: 'hello',
    path: '/',
    check: (res) => (res.status === 200 && res.body === '{"hello":"world"}' ? undefined : `status ${res.status}`),
  },
  subject: subjects,
});
