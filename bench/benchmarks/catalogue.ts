import { type CheckedResponse, defineBenchmark, type Target } from '../lib/types.ts';

/**
 * The catalogue at the size of a large provider (bench/seeds/catalogue.ts: 5,000 activities,
 * 100,000 sessions, 10,000 tickets with reservations, 50 other teams): the back-office course list
 * (page 1 and a page in the middle, 25 per page, as the logged-in owner) and the public read model
 * (page 1, 25 per page, no login), against bare Fastify in the same run.
 */
const list =
  (minTotal: number) =>
  (res: CheckedResponse): string | undefined => {
    if (res.status !== 200) return `status ${res.status}`;
    const body = JSON.parse(res.body) as { data?: unknown[]; meta?: { total?: number } };
    if (body.data?.length !== 25) return `expected 25 items, got ${body.data?.length}`;
    if ((body.meta?.total ?? 0) < minTotal) return `expected a total of at least ${minTotal}, got ${body.meta?.total}`;
    return undefined;
  };

const owner = { cookie: '{cookie}', 'accept-language': 'de' };

const subjects: Target[] = [
  { label: 'courses-page-1', server: 'app', path: '/api/courses?perPage=25', headers: owner, check: list(5000) },
  { label: 'courses-deep-page', server: 'app', path: '/api/courses?perPage=25&page={deepPage}', headers: owner, check: list(5000) },
  {
    label: 'public-page-1',
    server: 'app',
    path: '/api/public/teams/{teamId}/activities?perPage=25&lang=de',
    check(res) {
      const problem = list(4000)(res);
      if (problem) return problem;
      const first = (JSON.parse(res.body) as { data: { sessions: unknown[]; tickets: unknown[] }[] }).data[0]!;
      if (!first.sessions.length || !first.tickets.length) return 'expected sessions and tickets on the first activity';
      return undefined;
    },
  },
];

export default defineBenchmark({
  name: 'catalogue',
  description: 'GET /api/courses (page 1 and a deep page) and the public activities page on 5,000 activities / 100,000 sessions',
  // The goal is the latency: p95 ≤ 50 ms on PostgreSQL at 10 connections. The ratio floor
  // only catches regressions (measured 2026-11-22: courses 0.009–0.010, public page 0.005; before the
  // list and read-model work they were 0.003 and 0.001).
  goal: 0.004,
  p95GoalMs: 50,
  seed: 'catalogue',
  baseline: {
    server: 'hello',
    path: '/',
    check: (res) => (res.status === 200 && res.body === '{"hello":"world"}' ? undefined : `status ${res.status}`),
  },
  subject: subjects,
});
