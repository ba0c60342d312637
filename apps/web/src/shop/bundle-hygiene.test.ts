import { describe, expect, it } from 'vitest';

/**
 * The shop must stay small (issue 10: ≤ 100 KB gzip, checked on the build by
 * scripts/bundle-budget.ts). These catch the usual ways it grows by accident, at test time.
 */
const shop = import.meta.glob<string>(['./**/*.ts', './**/*.tsx', '!./**/*.test.*', '!./test/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});
const shared = import.meta.glob<string>('../../../../packages/shared/src/*.ts', { eager: true, query: '?raw', import: 'default' });

/** Shared modules the shop may load code from: at run time they import only each other (no zod). */
const ALLOWED_SHARED = ['booking-answers', 'checkout-limits', 'errors', 'money', 'shop-preload', 'text-rules'];

/** Modules loaded at run time: every import but `import type` (`import { type X }` still loads its module). */
const runtimeImports = (source: string) => [...source.matchAll(/^import\s+(?!type\b)[^;]*?\s+from\s+'([^']+)'/gm)].map((m) => m[1]!);

describe('what the shop bundle loads', () => {
  it('loads no Mantine, router, query library, i18next or zod', () => {
    const banned = /^(@mantine\/|react-router|@tanstack\/|i18next|react-i18next|zod|dayjs|@fullcalendar\/)/;
    const found = Object.entries(shop).flatMap(([file, source]) =>
      runtimeImports(source)
        .filter((m) => banned.test(m))
        .map((m) => `${file}: ${m}`),
    );
    expect(Object.keys(shop).length).toBeGreaterThan(15);
    expect(found).toEqual([]);
  });

  it('loads code from @bookla/shared only from its zod-free modules, and nothing from the app', () => {
    const found = Object.entries(shop).flatMap(([file, source]) =>
      runtimeImports(source)
        .filter(
          (m) =>
            (m.startsWith('@bookla/shared') && !ALLOWED_SHARED.some((a) => m === `@bookla/shared/${a}`)) ||
            m.startsWith('../../') ||
            /^\.\.\/(lib|features|components|app|routes)\//.test(m),
        )
        .map((m) => `${file}: ${m}`),
    );
    expect(found).toEqual([]);
  });

  it.each(ALLOWED_SHARED)('@bookla/shared/%s imports only the other zod-free modules at run time', (name) => {
    const source = shared[`../../../../packages/shared/src/${name}.ts`];
    expect(source).toBeTruthy();
    const foreign = runtimeImports(source!).filter((m) => !ALLOWED_SHARED.some((a) => m === `./${a}.ts`));
    expect(foreign).toEqual([]);
  });
});
