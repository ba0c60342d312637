import { spawnServer } from '../lib/child.ts';
import { requestOnce, runLoad } from '../lib/load.ts';
import type { BenchmarkResult, Settings, SideResult } from '../lib/measure.ts';
import { defineCustomBenchmark } from '../lib/types.ts';
import { DOCUMENT_PARTICIPANTS } from '../seeds/documents.ts';

/**
 * Documents must not stall the server (issue 20 item 2): p99 of `GET /api/health` (one client)
 * alone, then while 8 clients fetch the tickets.pdf of a 200-participant order back to back, on
 * the same server in the same run. Twice: with the document cache off (every fetch renders 200
 * A6 pages with QR codes — the real rendering cost) and on (the usual case: the same order
 * version is a file read). Each PDF request plays another client (X-Forwarded-For, trusted from
 * the load generator only), so the per-IP download limit does not cut the load short.
 * Goal: health p99 ≤ 25 ms under load. The ratio column is p99 under load ÷ p99 alone.
 */
const CLIENTS = 8;
const P99_GOAL_MS = 25;
const clientIp = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

export default defineCustomBenchmark({
  name: 'documents',
  description: `GET /api/health p99 alone and while ${CLIENTS} clients fetch a ${DOCUMENT_PARTICIPANTS}-participant tickets.pdf (cache off, then on)`,
  goal: 0,
  p95GoalMs: undefined,
  async run(settings: Settings): Promise<BenchmarkResult[]> {
    const results: BenchmarkResult[] = [];
    for (const cache of ['off', 'on'] as const) {
      process.env.BENCH_PDF_CACHE = cache;
      const server = await spawnServer('app', { seed: 'documents', profileDir: settings.profileDir });
      try {
        const pdfPath = server.vars!.ticketsPath!;
        let n = 0;
        const pdf = { url: server.url, path: pdfPath, connections: CLIENTS, perRequest: () => ({ 'x-forwarded-for': clientIp(n++) }) };
        const health = { url: server.url, path: '/api/health', connections: 1 };
        // Pre-flight: a real PDF (not a fast 404/429) and a healthy health check.
        // The first render also starts the worker (loading TypeScript and PDFKit): a few tries.
        const fetchPdf = () => requestOnce({ url: server.url, path: pdfPath, headers: { 'x-forwarded-for': clientIp(999_999) } });
        let first = await fetchPdf().catch(() => undefined);
        for (let i = 0; i < 5 && !first; i++) first = await fetchPdf().catch(() => undefined);
        if (!first) throw new Error('tickets.pdf did not answer in five tries');
        if (first.status !== 200 || !String(first.headers['content-type']).startsWith('application/pdf'))
          throw new Error(`tickets.pdf answered ${first.status} ${first.headers['content-type']}: ${first.body.slice(0, 200)}`);
        const h = await requestOnce(health);
        if (h.status !== 200) throw new Error(`/api/health answered ${h.status}`);

        const ms = settings.seconds * 1000;
        if (settings.warmupSeconds > 0) {
          await runLoad({ ...health, durationMs: settings.warmupSeconds * 1000 });
          await runLoad({ ...pdf, durationMs: settings.warmupSeconds * 1000 });
        }
        const alone = await runLoad({ ...health, durationMs: ms });
        const statuses = new Map<number, number>();
        const [pdfLoad, underLoad] = await Promise.all([
          runLoad({ ...pdf, durationMs: ms, statuses }),
          runLoad({ ...health, durationMs: ms }),
        ]);
        const baseline: SideResult = { server: 'app', path: 'GET /api/health (alone)', info: server.info, load: alone };
        const subject: SideResult = {
          server: 'app',
          path: `GET /api/health while ${CLIENTS} clients fetch tickets.pdf`,
          info: { ...server.info, pdfCache: cache },
          load: underLoad,
        };
        const pdfSide: SideResult = {
          server: 'app',
          path: `GET tickets.pdf ×${CLIENTS} (cache ${cache})`,
          info: server.info,
          load: pdfLoad,
        };
        const p99 = underLoad.latencyMs.p99;
        const ok = pdfLoad.errors === 0 && pdfLoad.non2xx === 0 && underLoad.errors === 0 && underLoad.non2xx === 0;
        const codes = [...statuses.entries()].map(([s, c]) => `${s}×${c}`).join(', ');
        results.push({
          name: `documents:cache-${cache}`,
          description:
            `health p99 ${alone.latencyMs.p99.toFixed(1)} ms alone, ${p99.toFixed(1)} ms under load; ` +
            `tickets.pdf ${pdfLoad.requestsPerSecond.toFixed(1)}/s, p99 ${pdfLoad.latencyMs.p99.toFixed(0)} ms, ${(first.body.length / 1024).toFixed(0)} KB (answers: ${codes})`,
          goal: 0,
          goalText: `health p99 ≤ ${P99_GOAL_MS} ms under load`,
          ratio: p99 / Math.max(0.001, alone.latencyMs.p99),
          pass: ok && p99 <= P99_GOAL_MS,
          baseline,
          subject,
          ...(ok ? {} : { error: `answers other than 200 under load: PDF ${codes}; health non-2xx ${underLoad.non2xx}` }),
        });
        results.push({
          name: `documents:pdf-cache-${cache}`,
          description: `the load itself: ${CLIENTS} clients fetching tickets.pdf`,
          goal: 0,
          goalText: 'reported',
          pass: ok,
          subject: pdfSide,
        });
      } finally {
        await server.close();
      }
    }
    return results;
  },
});
