import { existsSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

/**
 * `features/<name>/` folders are private to their feature: another feature may import only the
 * feature's public face, `features/<name>/index.ts`. Shared helpers belong in `lib/`,
 * `components/` or `test/`, never inside one feature.
 *
 * A feature is `features/<name>`; folders listed in `groups` hold features one level deeper
 * (`features/catalogue/<name>`), so catalogue areas are also closed to each other.
 */
const SOURCE = ['.ts', '.tsx', '.js', '/index.ts', '/index.tsx'];

function resolveImport(fromFile, spec) {
  const base = resolve(dirname(fromFile), spec);
  if (existsSync(base) && statSync(base).isFile()) return base;
  for (const ext of SOURCE) if (existsSync(base + ext)) return base + ext;
  return base;
}

/** `{ root, feature }` of a file inside a features folder, or undefined. */
function featureOf(file, groups) {
  const parts = file.split(sep);
  const i = parts.lastIndexOf('features');
  if (i < 0 || i + 2 >= parts.length) return undefined;
  const depth = groups.includes(parts[i + 1]) && i + 3 < parts.length ? 2 : 1;
  return { root: parts.slice(0, i + 1 + depth).join(sep), feature: parts.slice(i + 1, i + 1 + depth).join('/') };
}

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "forbid importing another feature's internals; use its index.ts" },
    schema: [
      {
        type: 'object',
        properties: { groups: { type: 'array', items: { type: 'string' } }, fromOutside: { type: 'boolean' } },
        additionalProperties: false,
      },
    ],
    messages: {
      internal:
        "'{{spec}}' reaches into feature '{{target}}'. Import what it exports from '{{target}}/index.ts', or move the shared part to lib/, components/ or test/.",
    },
  },
  create(context) {
    const groups = context.options[0]?.groups ?? [];
    const file = context.filename;
    const own = featureOf(file, groups);
    // Pages, layouts and app wiring outside features/ may compose feature internals unless asked not to.
    if (!own && !context.options[0]?.fromOutside) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolveImport(file, spec);
      const theirs = featureOf(target, groups);
      if (!theirs || (own && own.root === theirs.root)) return;
      const rel = relative(theirs.root, target).split(sep).join('/');
      if (/^index\.(ts|tsx|js)$/.test(rel)) return;
      context.report({ node: node.source, messageId: 'internal', data: { spec, target: theirs.feature } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (n) => check({ source: n.source }),
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
