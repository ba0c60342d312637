/// <reference types="node" />
/**
 * Import cycles among the web app's modules (issue 21 item 1: zero, kept at zero by
 * src/import-cycles.test.ts). Follows the static imports and re-exports that exist at run time
 * — `import type` / `export type` and dynamic `import()` create no cycle in the loaded code —
 * resolved with the app's tsconfig, and reports each strongly connected group of modules.
 *
 *   node --import tsx apps/web/scripts/import-cycles.ts
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Module specifiers a file imports at run time. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specs: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      if (clause?.isTypeOnly) continue;
      // `import { type A, type B } from` is erased too when every named import is a type.
      const named = clause?.namedBindings;
      if (
        clause &&
        !clause.name &&
        named &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly)
      )
        continue;
      if (ts.isStringLiteral(node.moduleSpecifier)) specs.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      const clause = node.exportClause;
      if (clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly)) continue;
      if (ts.isStringLiteral(node.moduleSpecifier)) specs.push(node.moduleSpecifier.text);
    }
  }
  return specs;
}

/** The cycles (each a list of files, relative to the project) of the project at `tsconfigPath`. */
export function findImportCycles(tsconfigPath: string): string[][] {
  const root = dirname(tsconfigPath);
  const config = ts.getParsedCommandLineOfConfigFile(tsconfigPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error(`Cannot read ${tsconfigPath}`);
  const files = config.fileNames.filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith('.d.ts'));
  const inProject = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = runtimeImports(file)
      .map((spec) => ts.resolveModuleName(spec, file, config.options, ts.sys).resolvedModule?.resolvedFileName)
      .filter((f): f is string => f !== undefined && inProject.has(f));
    graph.set(file, [...new Set(targets)]);
  }

  // Tarjan's strongly connected components, iteratively (deep import chains).
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  for (const start of files) {
    if (indices.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    indices.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++]!;
        if (!indices.has(to)) {
          indices.set(to, index);
          low.set(to, index++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, indices.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === indices.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        const selfImport = group.length === 1 && (graph.get(frame.node) ?? []).includes(frame.node);
        if (group.length > 1 || selfImport) cycles.push(group.map((f) => relative(root, f)).sort());
      }
    }
  }
  return cycles;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const tsconfig = join(dirname(fileURLToPath(import.meta.url)), '..', 'tsconfig.json');
  const cycles = findImportCycles(tsconfig);
  for (const group of cycles) process.stdout.write(`cycle:\n${group.map((f) => `  ${f}`).join('\n')}\n`);
  process.stdout.write(`${cycles.length} import cycle(s) in apps/web\n`);
  process.exit(cycles.length > 0 ? 1 : 0);
}
