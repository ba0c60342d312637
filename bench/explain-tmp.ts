import { randomBytes } from 'node:crypto';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedReferenceData } from '../apps/server/src/db/seed/index.ts';
import { catalogueVars, seedCatalogue } from './seeds/catalogue.ts';

const url = 'postgres://postgres@127.0.0.1:5432/bench_catalogue';
const database = await openDatabase({ url });
await database.migrate();
await seedReferenceData(database.db);
let t = performance.now();
const seeded = await seedCatalogue(database.db);
console.log('seed s', ((performance.now() - t) / 1000).toFixed(1));
const config = loadConfig({ NODE_ENV: 'production', APP_URL: 'http://127.0.0.1:3000', DATA_DIR: '/tmp/s3' }, { logLevel: 'silent', databaseUrl: url, sessionSecret: randomBytes(32).toString('base64url'), webDist: undefined, smtpUrl: undefined });
const app = await buildApp({ config, database });
await app.ready();
const vars = await catalogueVars(app, seeded);
const pool = (database.db as unknown as { $client: { query: (...a: unknown[]) => Promise<{ rows: unknown[] }> } }).$client;
const orig = pool.query.bind(pool);
let log: { text: string; values: unknown[] }[] = [];
(pool as { query: unknown }).query = (q: unknown, v?: unknown, ...rest: unknown[]) => {
  const text = typeof q === 'string' ? q : (q as { text: string }).text;
  const values = (Array.isArray(v) ? v : (q as { values?: unknown[] }).values) ?? [];
  log.push({ text, values });
  return orig(q, v, ...rest);
};
for (const path of ['/api/courses?perPage=25', `/api/courses?perPage=25&page=${vars.deepPage}`, `/api/public/teams/${vars.teamId}/activities?perPage=25&lang=de`]) {
  for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url: path, headers: { cookie: vars.cookie! } });
  log = [];
  t = performance.now();
  const res = await app.inject({ method: 'GET', url: path, headers: { cookie: vars.cookie! } });
  console.log('\n====', path, res.statusCode, (performance.now() - t).toFixed(1), 'ms', log.length, 'queries');
  const captured = log;
  log = [];
  for (const q of captured) {
    const plan = await orig(`EXPLAIN (ANALYZE, BUFFERS OFF) ${q.text}`, q.values);
    const lines = (plan.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']);
    console.log('--', q.text.slice(0, 160).replace(/\s+/g, ' '));
    console.log(lines.filter((l) => /Execution Time|Seq Scan|Index|Sort|rows=/.test(l)).slice(0, 14).join('\n'));
  }
}
await app.close();
await database.close();
