import { defineBenchmark } from '../lib/types.ts';

/**
 * GET /api/health at 50 connections, as a load balancer and monitors ask it, against bare Fastify
 * measured right before it (issue 23 item 2: ≥ 0.8). The HTTP server answers it itself (app.ts
 * `serverFactory`), with the same headers and body as its documented route (health-server.test.ts).
 */
export default defineBenchmark({
  name: 'health',
  description: 'GET /api/health (liveness) at 50 connections vs bare Fastify',
  goal: 0.8,
  connections: 50,
  baseline: {
    server: 'hello',
    path: '/',
    check: (res) => (res.status === 200 && res.body === '{"hello":"world"}' ? undefined : `status ${res.status}`),
  },
  subject: {
    server: 'app',
    path: '/api/health',
    check: (res) =>
      res.status === 200 && res.body === '{"status":"ok"}' && res.headers['x-content-type-options'] === 'nosniff'
        ? undefined
        : `expected {"status":"ok"} with the security headers, got ${res.status} ${res.body}`,
  },
});
