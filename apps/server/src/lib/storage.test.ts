import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { appStorage, createFsStorage, isValidKey, mediaStorage, newMediaKey, scopedStorage, StorageUnavailableError } from './storage.ts';

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

async function drain(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('filesystem storage: files, streams, prefixes', () => {
  const storage = createFsStorage(join(root, 'all'));

  it('stores a local file and opens a key as a stream with its size; missing keys and folders read as undefined', async () => {
    const src = join(root, 'export.csv');
    writeFileSync(src, 'a,b\r\n1,2\r\n');
    await storage.putFile('exports/abc.csv', src);
    expect(readFileSync(join(root, 'all', 'exports', 'abc.csv'), 'utf8')).toBe('a,b\r\n1,2\r\n');
    const opened = await storage.open('exports/abc.csv');
    expect(opened?.size).toBe(10);
    expect((await drain(opened!.stream)).toString()).toBe('a,b\r\n1,2\r\n');
    expect(await storage.open('exports/missing.csv')).toBeUndefined();
    expect(await storage.open('exports')).toBeUndefined();
    expect(await storage.open('../secret')).toBeUndefined();
  });

  it('keeps each feature under its own prefix', async () => {
    const media = scopedStorage(storage, 'media');
    await media.put('k1/list.webp', Buffer.from('img'));
    expect(readFileSync(join(root, 'all', 'media', 'k1', 'list.webp'), 'utf8')).toBe('img');
    expect((await storage.get('media/k1/list.webp'))?.toString()).toBe('img');
    await storage.put('logos/1/logo-ab.png', Buffer.from('logo'));
    expect(await media.get('../logos/1/logo-ab.png')).toBeUndefined();
    await expect(media.put('../logos/1/logo-ab.png', Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
    await expect(media.delete('..')).rejects.toThrow(/invalid storage key/);
    await media.delete('k1');
    expect(await storage.get('media/k1/list.webp')).toBeUndefined();
    expect((await storage.get('logos/1/logo-ab.png'))?.toString()).toBe('logo');
  });

  it('is one storage per location: DATA_DIR/storage by default, media under media/', async () => {
    const dataDir = join(root, 'data');
    expect(appStorage({ dataDir })).toBe(appStorage({ dataDir }));
    await mediaStorage({ dataDir }).put('k2/detail.webp', Buffer.from('detail'));
    expect(readFileSync(join(dataDir, 'storage', 'media', 'k2', 'detail.webp'), 'utf8')).toBe('detail');
    const other = join(root, 'elsewhere');
    await mediaStorage({ dataDir, storage: { kind: 'file', root: other } }).put('k3/list.webp', Buffer.from('x'));
    expect(existsSync(join(other, 'media', 'k3', 'list.webp'))).toBe(true);
  });

  it.skipIf(process.getuid?.() === 0)('turns a failing disk into StorageUnavailableError (503)', async () => {
    const locked = join(root, 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o500);
    try {
      const err = await createFsStorage(locked)
        .put('a/b', Buffer.from('x'))
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StorageUnavailableError);
      expect((err as StorageUnavailableError).status).toBe(503);
    } finally {
      chmodSync(locked, 0o700);
    }
  });

  it('turns a store that is not a folder into StorageUnavailableError (503), a missing key stays undefined', async () => {
    const notADir = join(root, 'plain-file');
    writeFileSync(notADir, 'x');
    const broken = createFsStorage(notADir);
    await expect(broken.put('a/b', Buffer.from('x'))).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(await broken.get('a/b')).toBeUndefined();
  });
});
