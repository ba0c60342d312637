import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFsStorage, isValidKey, newMediaKey } from './storage.ts';

const root = mkdtempSync(join(tmpdir(), 'bookla-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('filesystem storage', () => {
  const storage = createFsStorage(join(root, 'media'));

  it('puts, gets and deletes a prefix with everything under it', async () => {
    const key = newMediaKey();
    await storage.put(`${key}/list.webp`, Buffer.from('list'));
    await storage.put(`${key}/detail.webp`, Buffer.from('detail'));
    await storage.put(`${key}-other/list.webp`, Buffer.from('other'));
    expect((await storage.get(`${key}/list.webp`))?.toString()).toBe('list');
    expect(readdirSync(join(root, 'media', key)).sort()).toEqual(['detail.webp', 'list.webp']);
    await storage.put(`${key}/list.webp`, Buffer.from('replaced'));
    expect((await storage.get(`${key}/list.webp`))?.toString()).toBe('replaced');
    await storage.delete(key);
    expect(await storage.get(`${key}/list.webp`)).toBeUndefined();
    expect(existsSync(join(root, 'media', key))).toBe(false);
    expect((await storage.get(`${key}-other/list.webp`))?.toString()).toBe('other');
    await storage.delete(key);
    expect(await storage.get('missing/file.webp')).toBeUndefined();
    expect(await storage.get(key)).toBeUndefined();
  });

  it('makes random, URL-safe keys', () => {
    const keys = new Set(Array.from({ length: 200 }, () => newMediaKey()));
    expect(keys.size).toBe(200);
    for (const k of keys) expect(k).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('refuses keys that could leave its folder', async () => {
    writeFileSync(join(root, 'secret'), 'top secret');
    for (const bad of ['../secret', '/etc/passwd', 'a/../../secret', '..', '.hidden', 'a//b', 'a\\b', '', 'a/..', `${'x'.repeat(129)}`]) {
      expect(isValidKey(bad), bad).toBe(false);
      expect(await storage.get(bad), bad).toBeUndefined();
      await expect(storage.put(bad, Buffer.from('x')), bad).rejects.toThrow(/invalid storage key/);
      await expect(storage.delete(bad), bad).rejects.toThrow(/invalid storage key/);
    }
    expect(existsSync(join(root, 'secret'))).toBe(true);
    expect(isValidKey('abc/list.webp')).toBe(true);
  });
});
