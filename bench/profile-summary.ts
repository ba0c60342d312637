/**
 * Where a server's time went, from the V8 CPU profiles `BENCH_PROFILE=1` writes:
 *
 *   npx tsx bench/profile-summary.ts bench/results/profiles/checkout [--top 25]
 *
 * Prints, per profile file (one per thread), the share of samples that were idle, garbage
 * collection or program (native), then self time grouped by package or source folder, then the
 * functions with the most self time. Total time per group includes what it called (inclusive,
 * counted once per sample even for recursion), and the app's own functions by total time.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) : 25;
const roots = args.filter((a, i) => !a.startsWith('--') && i !== topAt + 1);
if (!roots.length) {
  console.error('usage: tsx bench/profile-summary.ts <profile folder or .cpuprofile> [--top N]');
  process.exit(2);
}

function files(path: string): string[] {
  if (statSync(path).isFile()) return [path];
  return readdirSync(path).flatMap((name) => files(join(path, name)));
}

/** The package (node_modules/<name>), the app's source folder, node's internals, or the V8 pseudo frames. */
function groupOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return `(${functionName || 'anonymous'})`;
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return url;
  const src = url.indexOf('/src/');
  if (src >= 0) {
    const parts = url.slice(src + 1).split('/');
    return parts.slice(0, Math.min(parts.length - 1, 4)).join('/');
  }
  return url.replace(/^file:\/\//, '');
}

const pct = (n: number, total: number) => `${((100 * n) / total).toFixed(1).padStart(5)} %`;

for (const file of roots.flatMap(files).filter((f) => f.endsWith('.cpuprofile'))) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self].filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)').reduce((a, [, t]) => a + t, 0);
  const busy = total - idle;

  const groupSelf = new Map<string, number>();
  const groupTotal = new Map<string, number>();
  const fnSelf = new Map<string, number>();
  const appTotal = new Map<string, number>();
  for (const [id, t] of self) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') continue;
    const g = groupOf(node.callFrame);
    groupSelf.set(g, (groupSelf.get(g) ?? 0) + t);
    const fn = `${node.callFrame.functionName || '(anonymous)'}  ${groupOf(node.callFrame)}:${node.callFrame.lineNumber + 1}`;
    fnSelf.set(fn, (fnSelf.get(fn) ?? 0) + t);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const group = groupOf(byId.get(at)!.callFrame);
      if (seen.has(group)) continue;
      seen.add(group);
      groupTotal.set(group, (groupTotal.get(group) ?? 0) + t);
    }
    const seenFn = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (!frame.url.includes('/src/') || frame.url.includes('node_modules')) continue;
      const fn = `${frame.functionName || '(anonymous)'}  ${groupOf(frame)}:${frame.lineNumber + 1}`;
      if (seenFn.has(fn)) continue;
      seenFn.add(fn);
      appTotal.set(fn, (appTotal.get(fn) ?? 0) + t);
    }
  }
  console.log(`\n${relative(process.cwd(), file)}: ${(total / 1e6).toFixed(1)} s sampled, busy ${pct(busy, total)}`);
  console.log('\n  self time by group (share of busy)                     self     incl.');
  for (const [g, t] of [...groupSelf].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${g.padEnd(52).slice(0, 52)} ${pct(t, busy)}  ${pct(groupTotal.get(g) ?? 0, busy)}`);
  console.log('\n  functions by self time (share of busy)');
  for (const [f, t] of [...fnSelf].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(t, busy)}  ${f}`);
  console.log('\n  the app’s own functions by total time (with what they called, share of busy)');
  for (const [f, t] of [...appTotal].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(t, busy)}  ${f}`);
}
