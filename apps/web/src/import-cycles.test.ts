import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findImportCycles } from '../scripts/import-cycles';

describe('import cycles (issue 21 item 1)', () => {
  it('the web app has none', () => {
    const tsconfig = join(import.meta.dirname, '..', 'tsconfig.json');
    expect(findImportCycles(tsconfig)).toEqual([]);
  });

  const dir = mkdtempSync(join(tmpdir(), 'bookla-cycles-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const project = (files: Record<string, string>) => {
    const root = mkdtempSync(join(dir, 'p-'));
    mkdirSync(join(root, 'src', 'feature'), { recursive: true });
    writeFileSync(
      join(root, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler' }, include: ['src'] }),
    );
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, 'src', name), text);
    return join(root, 'tsconfig.json');
  };

  it('finds a cycle through an index file and reports its modules', () => {
    const tsconfig = project({
      'feature/index.ts': "export { a } from './a';\n",
      'feature/a.ts': "import { b } from '../b';\nexport const a = () => b;\n",
      'b.ts': "import { a } from './feature';\nexport const b = 1;\nexport const c = () => a;\n",
      'alone.ts': "import { b } from './b';\nexport const d = b;\n",
    });
    expect(findImportCycles(tsconfig)).toEqual([['src/b.ts', 'src/feature/a.ts', 'src/feature/index.ts']]);
  });

  it('ignores imports erased at build time and dynamic imports', () => {
    const tsconfig = project({
      'a.ts': "import type { B } from './b';\nimport { type C } from './c';\nexport type A = B | C;\nexport const a = 1;\n",
      'b.ts': "import { a } from './a';\nexport type B = typeof a;\n",
      'c.ts': "export type { A } from './a';\nexport type C = 1;\nexport const load = () => import('./a');\n",
    });
    expect(findImportCycles(tsconfig)).toEqual([]);
  });
});
