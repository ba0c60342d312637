/// <reference types="node" />
/**
 * Weighs what each page entry of the production build loads before anything else: its own JS
 * and every chunk it imports statically (recursively), gzip-compressed, and its CSS apart.
 * Lazily imported chunks load later and are listed separately. Fails (exit 1) when the shop's
 * or the public pages' JS exceeds its budget (issue 10: ≤ 100 KB gzip for /{lang}/shop/{teamId};
 * issue 13: ≤ 100 KB gzip for the landing and content pages of public.html, lazy chunks included).
 *
 * Screens of the app (index.html) load route chunks after the entry: a screen counts the entry,
 * the chunks its route renders (layout and page) and everything those import statically. Fails
 * when the back office's first screen, the dashboard after login, exceeds its budget, issue 21
 * item 6's 250 KB gzip. On the way there: 620 KB with the whole back office in one group, 352 KB
 * with a chunk per page, 328 KB with our side-effect-free modules tree-shaken
 * (scripts/module-side-effects.ts), 311 KB with the first screen's texts alone, 271 KB without
 * zod (calls load their schemas only where they are checked: lib/api-client.ts lazySchemas),
 * 250 KB without Mantine's Menu, Modal, ScrollArea and floating-ui (the team menu's popup, the
 * confirmation dialogs' host and the no-company dialog load after the first screen).
 *
 *   npm run build && node --import tsx apps/web/scripts/bundle-budget.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** kB as Vite prints them (1,000 bytes). */
const KB = 1000;
const BUDGETS: Record<string, number> = { 'shop.html': 100 * KB, 'public.html': 100 * KB };
/** Entries whose lazily loaded chunks count towards their budget too (the landing page loads all of its own). */
const WITH_LAZY = new Set(['public.html']);
const ENTRIES = ['public.html', 'shop.html', 'index.html'];

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run \`npm run build\` first (vite.config.ts sets build.manifest).`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

const gzipSize = (file: string) => gzipSync(readFileSync(join(dist, file))).length;
const print = (line = '') => process.stdout.write(`${line}\n`);
const fmt = (bytes: number) => `${(bytes / KB).toFixed(2)} kB`;

/** The entry and every chunk it imports statically, each once. */
function staticClosure(key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  return [key, ...(chunk.imports ?? []).flatMap((k) => staticClosure(k, seen))];
}

let failed = false;
for (const entry of ENTRIES) {
  if (!manifest[entry]) {
    console.error(`${entry}: missing from the build`);
    failed = true;
    continue;
  }
  const keys = staticClosure(entry);
  const js = keys.map((k) => manifest[k]!.file);
  const css = [...new Set(keys.flatMap((k) => manifest[k]!.css ?? []))];
  const lazy = [...new Set(keys.flatMap((k) => manifest[k]!.dynamicImports ?? []))].filter((k) => !keys.includes(k));
  const jsTotal = js.reduce((sum, f) => sum + gzipSize(f), 0);
  const cssTotal = css.reduce((sum, f) => sum + gzipSize(f), 0);
  const lazyTotal = lazy.reduce((sum, k) => sum + gzipSize(manifest[k]!.file), 0);
  const counted = WITH_LAZY.has(entry) ? jsTotal + lazyTotal : jsTotal;
  const budget = BUDGETS[entry];
  const over = budget !== undefined && counted > budget;
  failed ||= over;

  print(`\n${entry}`);
  for (const f of js) print(`  js   ${fmt(gzipSize(f)).padStart(10)}  ${f}`);
  for (const f of css) print(`  css  ${fmt(gzipSize(f)).padStart(10)}  ${f}`);
  const label = WITH_LAZY.has(entry) ? 'JS total with lazy chunks (gzip)' : 'JS total (gzip)';
  print(`  ${label}:  ${fmt(counted)}${budget === undefined ? '' : ` of ${fmt(budget)} budget${over ? ' — OVER BUDGET' : ''}`}`);
  print(`  CSS total (gzip): ${fmt(cssTotal)}`);
  for (const k of lazy) print(`  lazy ${fmt(gzipSize(manifest[k]!.file)).padStart(10)}  ${manifest[k]!.file} (loaded later, on demand)`);
}

/** What a screen of an entry loads before it shows: the entry's and its route chunks' static closures. */
const SCREENS: { name: string; entry: string; chunks: string[]; budget: number; goal?: number }[] = [
  {
    name: 'back office, first screen (/{lang}/backend: layout, its texts in German, dashboard)',
    entry: 'index.html',
    chunks: [
      'src/app/layouts/backend-layout.tsx',
      'src/routes/backoffice/texts.ts',
      // The first screen's texts in one language, the longest (the layout loads the UI language's;
      // the other pages' texts, texts/pages/*, load with the first of them).
      'src/routes/backoffice/texts/first/de.ts',
      'src/routes/backoffice/dashboard-page.tsx',
    ],
    budget: 250 * KB,
    goal: 250 * KB,
  },
];

for (const screen of SCREENS) {
  const missing = [screen.entry, ...screen.chunks].filter((k) => !manifest[k]);
  if (missing.length > 0) {
    console.error(`${screen.name}: ${missing.join(', ')} missing from the build (not a chunk of its own?)`);
    failed = true;
    continue;
  }
  const seen = new Set<string>();
  const keys = [screen.entry, ...screen.chunks].flatMap((k) => staticClosure(k, seen));
  const files = [...new Set(keys.map((k) => manifest[k]!.file))];
  const total = files.reduce((sum, f) => sum + gzipSize(f), 0);
  const later = [...new Set(keys.flatMap((k) => manifest[k]!.dynamicImports ?? []))].filter((k) => !seen.has(k));
  const over = total > screen.budget;
  failed ||= over;
  print(`\n${screen.name}`);
  for (const f of files) print(`  js   ${fmt(gzipSize(f)).padStart(10)}  ${f}`);
  print(`  JS total (gzip):  ${fmt(total)} of ${fmt(screen.budget)} budget${over ? ' — OVER BUDGET' : ''}`);
  if (screen.goal !== undefined && total > screen.goal) print(`  goal ${fmt(screen.goal)} (issue 21): ${fmt(total - screen.goal)} to go`);
  print(`  (${later.length} route and component chunks load later, with the screens that use them)`);
}
process.exit(failed ? 1 : 0);
