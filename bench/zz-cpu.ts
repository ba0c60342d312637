import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { spawnServer } from './lib/child.ts';
import { runLoad } from './lib/load.ts';
const ticks = (pid: number) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return Number(f[11]) + Number(f[12]); };
const path = process.argv[3] ?? '/api/srl/options/country';
async function side(kind: 'hello' | 'app', p: string) {
  const s = await spawnServer(kind);
  const pid = Number(execSync(`pgrep -P ${process.pid} -f serve.ts`).toString().trim().split("\n")[0]);
  const opts = { url: s.url, path: p, headers: { 'accept-language': 'de' }, connections: 50 };
  await runLoad({ ...opts, durationMs: 4000 });
  const out: string[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = ticks(pid);
    const r = await runLoad({ ...opts, durationMs: 4000 });
    const cpuMs = (ticks(pid) - t0) * 10;
    out.push(`${(r.requests / 4).toFixed(0)}/s ${((cpuMs * 1000) / r.requests).toFixed(2)}us`);
  }
  await s.close();
  return out.join('  ');
}
console.log('hello', await side('hello', '/'));
console.log('app  ', await side('app', path));
process.exit(0);
