import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFsStorage, type Storage } from '../../../lib/storage.ts';
import { createDocumentCache } from './document-cache.ts';

/** The document cache's keys and its sweep of expired days (fake clock, files in a temp folder). */

const root = mkdtempSync(join(tmpdir(), 'bookla-doc-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const DAY = 24 * 3600_000;
const pdf = (s: string) => Buffer.from(`%PDF-${s}`);

describe('document cache', () => {
  it('keeps one version per order and kind and day, and sweeps days before yesterday without holding up the write', async () => {
    const storage = createFsStorage(join(root, 'a'));
    let clock = Date.parse('2026-03-01T10:00:00Z');
    const cache = createDocumentCache(storage, () => new Date(clock));
    await cache.put(1, 2, 'tickets', 'v1', pdf('1'));
    await cache.put(1, 2, 'tickets', 'v2', pdf('2'));
    expect(await cache.get(1, 2, 'tickets', 'v1')).toBeUndefined();
    expect((await cache.get(1, 2, 'tickets', 'v2'))?.toString()).toBe('%PDF-2');
    expect(readdirSync(join(root, 'a', '2026-03-01', '1', '2', 'tickets'))).toEqual(['v2.pdf']);

    clock += DAY;
    await cache.put(1, 3, 'invoice', 'v', pdf('3'));
    await cache.swept();
    expect(existsSync(join(root, 'a', '2026-03-01'))).toBe(true);
    // Another day: yesterday's entries are not read any more.
    expect(await cache.get(1, 2, 'tickets', 'v2')).toBeUndefined();

    clock += DAY;
    await cache.put(1, 4, 'receipt', 'v', pdf('4'));
    await cache.swept();
    // 2026-03-01 is two days old now: gone; yesterday stays.
    expect(readdirSync(join(root, 'a')).sort()).toEqual(['2026-03-02', '2026-03-03']);
  });

  it('sweeps the days a process did not see (no write for a week) and tries again after the store failed', async () => {
    const files = createFsStorage(join(root, 'b'));
    let failing = false;
    let deletes = 0;
    const storage: Storage = {
      ...files,
      delete: async (prefix) => {
        deletes++;
        if (failing && /^\d{4}-\d\d-\d\d$/.test(prefix)) throw new Error('store down');
        return files.delete(prefix);
      },
    };
    let clock = Date.parse('2026-03-01T10:00:00Z');
    const cache = createDocumentCache(storage, () => new Date(clock));
    await cache.put(1, 1, 'tickets', 'v', pdf('a'));
    await cache.swept();
    // The first sweep of a process looks 90 days back (plus the write's own delete).
    expect(deletes).toBe(91);
    for (const day of [1, 2, 3]) {
      clock += DAY;
      await cache.put(1, day + 1, 'tickets', 'v', pdf(String(day)));
      await cache.swept();
    }
    expect(readdirSync(join(root, 'b')).sort()).toEqual(['2026-03-03', '2026-03-04']);
    clock += 7 * DAY;
    failing = true;
    await cache.put(1, 9, 'tickets', 'v', pdf('late'));
    await cache.swept();
    expect(readdirSync(join(root, 'b')).sort()).toEqual(['2026-03-03', '2026-03-04', '2026-03-11']);
    failing = false;
    await cache.put(1, 10, 'tickets', 'v', pdf('later'));
    await cache.swept();
    expect(readdirSync(join(root, 'b'))).toEqual(['2026-03-11']);
  });
});
