import { describe, expect, it } from 'vitest';

/**
 * The public pages must stay small (issue 13: ≤ 100 KB gzip with their chunks, checked on the
 * build by scripts/bundle-budget.ts) and renderable on the server. These catch, at test time,
 * the usual ways they would grow or break: importing the app's libraries or code.
 */
const site = import.meta.glob<string>(['./**/*.ts', './**/*.tsx', '!./**/*.test.*', '!./test/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const runtimeImports = (source: string) => [...source.matchAll(/^import\s+(?!type\b)[^;]*?\s+from\s+'([^']+)'/gm)].map((m) => m[1]!);

describe('what the public pages load', () => {
  it('loads no Mantine, router, query library, i18next, zod or dayjs', () => {
    const banned = /^(@mantine\/|react-router|@tanstack\/|i18next|react-i18next|zod|dayjs|@fullcalendar\/|@bookla\/shared)/;
    const found = Object.entries(site).flatMap(([file, source]) =>
      runtimeImports(source)
        .filter((m) => banned.test(m))
        .map((m) => `${file}: ${m}`),
    );
    expect(Object.keys(site).length).toBeGreaterThan(10);
    expect(found).toEqual([]);
  });

  it('loads nothing of the app but texts', () => {
    const found = Object.entries(site).flatMap(([file, source]) =>
      runtimeImports(source)
        .filter((m) => /^\.\.\/(\.\.\/)?(lib|features|components|app|routes|shop)\//.test(m))
        .map((m) => `${file}: ${m}`),
    );
    expect(found).toEqual([]);
  });
});
