/**
 * `npm run check:engines`: every package in package-lock.json accepts the Node.js versions the
 * project says it runs on (`engines.node` of package.json), so `npm ci` prints no EBADENGINE
 * warning (issue 22 item 20). Checks the oldest supported minor (20.19.0) and this machine's Node.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import semver from 'semver';

const root = resolve(import.meta.dirname, '..');
// A lockfile to check may be named (e.g. an older one); default the project's.
const lock = JSON.parse(readFileSync(resolve(root, process.argv[2] ?? 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean; os?: string[] }>;
};
const own = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { engines: { node: string } };

const oldest = semver.minVersion(own.engines.node)!.version;
const targets = [oldest, process.version.replace(/^v/, '')];
const problems: string[] = [];
for (const [path, pkg] of Object.entries(lock.packages)) {
  const node = pkg.engines && !Array.isArray(pkg.engines) ? pkg.engines.node : undefined;
  if (!node || !path) continue;
  for (const target of targets)
    if (!semver.satisfies(target, node)) problems.push(`${path}@${pkg.version} wants node ${node}, not ${target}`);
}
if (problems.length) {
  console.error(
    `Packages that refuse the Node.js versions package.json promises (${own.engines.node}):\n- ${[...new Set(problems)].join('\n- ')}`,
  );
  process.exit(1);
}
console.log(`Every package of the lockfile accepts Node.js ${targets.join(' and ')} (${own.engines.node}).`);
