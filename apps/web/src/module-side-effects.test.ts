import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bareImportsOfOwnModules,
  moduleSideEffects,
  modulesWithTopLevelStatements,
  SIDE_EFFECT_MODULES,
} from '../scripts/module-side-effects';

const repoRoot = join(import.meta.dirname, '..', '..', '..');

describe('modules with side effects (the build tree-shakes every other module of ours, issue 21 item 6)', () => {
  it('every module that runs a top-level statement is listed', () => {
    const unlisted = modulesWithTopLevelStatements().filter((file) => !SIDE_EFFECT_MODULES.includes(file));
    expect(unlisted).toEqual([]);
  });

  it('every module imported for its effects alone is listed', () => {
    const unlisted = bareImportsOfOwnModules()
      .map(({ from, spec }) => join(dirname(from), spec))
      .filter((target) => !SIDE_EFFECT_MODULES.some((file) => file.replace(/\.tsx?$/, '') === target.replace(/\.tsx?$/, '')));
    expect(unlisted).toEqual([]);
  });

  it('tells the bundler: listed modules and stylesheets have side effects, our other modules none, packages their own', () => {
    expect(moduleSideEffects(join(repoRoot, 'apps/web/src/lib/format.ts'))).toBe(true);
    expect(moduleSideEffects(join(repoRoot, 'apps/web/src/main.tsx'))).toBe(true);
    expect(moduleSideEffects(join(repoRoot, 'apps/web/src/lib/api-client.ts'))).toBe(false);
    expect(moduleSideEffects(join(repoRoot, 'packages/shared/src/statistics.ts'))).toBe(false);
    expect(moduleSideEffects(join(repoRoot, 'apps/web/src/app/layouts/layout.module.css'))).toBe(true);
    expect(moduleSideEffects(join(repoRoot, 'node_modules/@mantine/core/styles.css'))).toBe(true);
    expect(moduleSideEffects(join(repoRoot, 'node_modules/zod/index.js'))).toBeUndefined();
  });

  it('finds the top-level statements that run on load', () => {
    // The statements found in this repository: a registration, a global setting, a start.
    const found = modulesWithTopLevelStatements();
    expect(found).toContain('apps/web/src/lib/format.ts');
    expect(found).toContain('apps/web/src/lib/zod-jitless.ts');
    expect(found).not.toContain('apps/web/src/lib/api-client.ts');
  });
});
