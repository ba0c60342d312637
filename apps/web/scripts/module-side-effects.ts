/// <reference types="node" />
/**
 * Which of our own modules (apps/web/src, packages/shared/src) do something when they load, for
 * the production build's tree-shaking (vite.config.ts, issue 21 item 6). Every other module of
 * ours only declares things: when nothing it exports is used, the bundler leaves it out, with
 * what it alone imports. Without that, a page that imports one hook of a feature's index also
 * carries the modules behind every other export of that index (the dashboard carried the setup
 * forms and react-hook-form because `features/catalogue/activities` re-exports a hook that
 * imports `features/catalogue/setup`).
 *
 * A module that runs a statement at its top level (a registration, a global setting, a start)
 * must be listed here, or it would be dropped wherever nothing else of it is used;
 * src/module-side-effects.test.ts finds such statements and fails on an unlisted one.
 * Stylesheets always count as side effects.
 *
 *   node --import tsx apps/web/scripts/module-side-effects.ts   (lists the statements found)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Paths from the repository root. */
export const SIDE_EFFECT_MODULES: readonly string[] = [
  // The pages' starts.
  'apps/web/src/main.tsx',
  'apps/web/src/public-site/main.tsx',
  'apps/web/src/shop/main.tsx',
  // Sets the shop's navigation redirect and adopts a handover when it loads.
  'apps/web/src/shop/app.tsx',
  // Adds the customer account's texts to the shop's when the pages that use them load.
  'apps/web/src/shop/account/texts.ts',
  // The loader for providers' websites (built on its own, scripts/build-embed.ts).
  'apps/web/src/embed/embed.ts',
  // zod's global configuration, set before zod loads (imported for that alone).
  'apps/web/src/lib/zod-jitless.ts',
  // Imports Mantine's base stylesheets.
  'apps/web/src/app/mantine-base-styles.ts',
  // dayjs's customParseFormat plugin.
  'apps/web/src/lib/format.ts',
  // zod's validation messages (lib/use-zod-form.ts imports it for that alone).
  'apps/web/src/lib/forms.ts',
  // Register their texts when they load.
  'apps/web/src/routes/public/login-pages.ts',
  'apps/web/src/routes/public/signup-pages.ts',
  'apps/web/src/routes/public/public-group.ts',
];

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const ROOTS = ['apps/web/src', 'packages/shared/src'].map((dir) => join(repoRoot, dir));
const listed = new Set(SIDE_EFFECT_MODULES.map((file) => join(repoRoot, file)));

/**
 * For the bundler's `treeshake.moduleSideEffects`: false for our modules not listed above,
 * true for listed ones and stylesheets, undefined (the package's own `sideEffects`) for the rest.
 */
export function moduleSideEffects(id: string): boolean | undefined {
  const file = id.split('?')[0]!;
  if (/\.(css|scss)$/.test(file)) return true;
  if (!ROOTS.some((root) => file.startsWith(root + sep) || file.startsWith(root + '/'))) return undefined;
  return listed.has(file);
}

const isDeclaration = (node: ts.Statement): boolean =>
  ts.isImportDeclaration(node) ||
  ts.isExportDeclaration(node) ||
  ts.isFunctionDeclaration(node) ||
  ts.isClassDeclaration(node) ||
  ts.isInterfaceDeclaration(node) ||
  ts.isTypeAliasDeclaration(node) ||
  ts.isEnumDeclaration(node) ||
  ts.isModuleDeclaration(node) ||
  ts.isVariableStatement(node) ||
  ts.isEmptyStatement(node) ||
  (ts.isExportAssignment(node) && !ts.isCallExpression(node.expression));

/** Our source modules (tests and test helpers aside) with a top-level statement that is not a declaration, from the repository root. */
export function modulesWithTopLevelStatements(): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test' && entry.name !== 'node_modules') walk(path);
      } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) {
        const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false);
        // A bare `import './x'` runs x for its effects: x must be listed (checked separately by the test).
        if (source.statements.some((node) => !isDeclaration(node))) found.push(relative(repoRoot, path).split(sep).join('/'));
      }
    }
  };
  ROOTS.forEach(walk);
  return found.sort();
}

/** Our modules imported for their effects alone (`import './x'`), as written, with the importing file. */
export function bareImportsOfOwnModules(): { from: string; spec: string }[] {
  const found: { from: string; spec: string }[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test' && entry.name !== 'node_modules') walk(path);
      } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) {
        const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false);
        for (const node of source.statements) {
          if (ts.isImportDeclaration(node) && !node.importClause && ts.isStringLiteral(node.moduleSpecifier)) {
            const spec = node.moduleSpecifier.text;
            if (spec.startsWith('.') && !/\.(css|scss)$/.test(spec))
              found.push({ from: relative(repoRoot, path).split(sep).join('/'), spec });
          }
        }
      }
    }
  };
  ROOTS.forEach(walk);
  return found;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const file of modulesWithTopLevelStatements())
    process.stdout.write(`${listed.has(join(repoRoot, file)) ? 'listed  ' : 'UNLISTED'} ${file}\n`);
  for (const { from, spec } of bareImportsOfOwnModules()) process.stdout.write(`bare import ${spec} in ${from}\n`);
}
