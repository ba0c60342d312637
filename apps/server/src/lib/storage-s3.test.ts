import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../test/s3.ts';
import { createS3Storage, scopedStorage, StorageUnavailableError, type Storage } from './storage.ts';

/**
 * The S3 backend of the storage (STORAGE_URL=s3://…) against a real S3-protocol server (s3rver,
 * started here on a free port, its objects in a temp folder): no mock of the SDK.
 */

let s3: TestS3;
let storage: Storage & { close(): void };
const tmp = mkdtempSync(join(tmpdir(), 'bookla-s3-files-'));

beforeAll(async () => {
  s3 = await startTestS3();
  storage = createS3Storage(s3.location);
});
afterAll(async () => {
  storage?.close();
  await s3?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function drain(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('S3 storage', () => {
  it('puts, gets, replaces and opens a key; a missing key reads as undefined', async () => {
    await storage.put('media/abc/list.webp', Buffer.from('list'));
    expect((await storage.get('media/abc/list.webp'))?.toString()).toBe('list');
    await storage.put('media/abc/list.webp', Buffer.from('replaced'));
    expect((await storage.get('media/abc/list.webp'))?.toString()).toBe('replaced');
    const opened = await storage.open('media/abc/list.webp');
    expect(opened?.size).toBe(8);
    expect((await drain(opened!.stream)).toString()).toBe('replaced');
    expect(await storage.get('media/missing/list.webp')).toBeUndefined();
    expect(await storage.open('media/missing/list.webp')).toBeUndefined();
    // A "folder" is no object.
    expect(await storage.get('media/abc')).toBeUndefined();
    await storage.put('empty', Buffer.alloc(0));
    expect((await storage.get('empty'))?.length).toBe(0);
  });

  it('deletes a key and everything under it, never a sibling that only starts alike', async () => {
    await storage.put('exports/one.csv', Buffer.from('1'));
    await storage.put('exports/one.csv/child', Buffer.from('c'));
    await storage.put('exports/one.csv-other', Buffer.from('o'));
    await storage.put('d/2026-01-01/1/2/tickets/v.pdf', Buffer.from('pdf'));
    await storage.put('d/2026-01-01/3/4/invoice/w.pdf', Buffer.from('pdf'));
    await storage.put('d/2026-01-02/1/2/tickets/v.pdf', Buffer.from('kept'));
    await storage.delete('exports/one.csv');
    expect(await storage.get('exports/one.csv')).toBeUndefined();
    expect(await storage.get('exports/one.csv/child')).toBeUndefined();
    expect((await storage.get('exports/one.csv-other'))?.toString()).toBe('o');
    await storage.delete('d/2026-01-01');
    expect(await storage.get('d/2026-01-01/1/2/tickets/v.pdf')).toBeUndefined();
    expect(await storage.get('d/2026-01-01/3/4/invoice/w.pdf')).toBeUndefined();
    expect((await storage.get('d/2026-01-02/1/2/tickets/v.pdf'))?.toString()).toBe('kept');
    // Nothing there: no error.
    await storage.delete('nothing/here');
  });

  it('deletes more keys than one listing page holds (1000)', async () => {
    const keys = Array.from({ length: 1010 }, (_, i) => `many/k${String(i).padStart(4, '0')}`);
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((k) => storage.put(k, Buffer.from(k))));
    await storage.put('many-kept', Buffer.from('kept'));
    await storage.delete('many');
    for (const k of [keys[0]!, keys[999]!, keys[1000]!, keys[1009]!]) expect(await storage.get(k), k).toBeUndefined();
    expect((await storage.get('many-kept'))?.toString()).toBe('kept');
  }, 120_000);

  it('stores large bodies, from memory and streamed from a file', async () => {
    const big = randomBytes(8 * 1024 * 1024);
    await storage.put('large/memory.bin', big);
    expect(sha((await storage.get('large/memory.bin'))!)).toBe(sha(big));
    const file = join(tmp, 'big.xlsx');
    writeFileSync(file, big);
    await storage.putFile('large/file.bin', file);
    const opened = await storage.open('large/file.bin');
    expect(opened?.size).toBe(big.length);
    expect(sha(await drain(opened!.stream))).toBe(sha(big));
    await storage.delete('large');
    expect(await storage.get('large/memory.bin')).toBeUndefined();
  }, 60_000);

  it('refuses keys that could leave their part of the store', async () => {
    for (const bad of ['../secret', '/etc/passwd', 'a/../../secret', '..', '.hidden', 'a//b', 'a\\b', '', 'a/..', 'x'.repeat(129)]) {
      expect(await storage.get(bad), bad).toBeUndefined();
      expect(await storage.open(bad), bad).toBeUndefined();
      await expect(storage.put(bad, Buffer.from('x')), bad).rejects.toThrow(/invalid storage key/);
      await expect(storage.putFile(bad, '/etc/hostname'), bad).rejects.toThrow(/invalid storage key/);
      await expect(storage.delete(bad), bad).rejects.toThrow(/invalid storage key/);
    }
    const media = scopedStorage(storage, 'media');
    await storage.put('logos/1/logo-aa.png', Buffer.from('logo'));
    expect(await media.get('../logos/1/logo-aa.png')).toBeUndefined();
    await expect(media.delete('..')).rejects.toThrow(/invalid storage key/);
    expect((await storage.get('logos/1/logo-aa.png'))?.toString()).toBe('logo');
  });

  it('keeps a prefix of the bucket (s3://bucket/prefix) apart from the rest', async () => {
    const tenant = createS3Storage({ ...s3.location, prefix: 'tenant-a' });
    try {
      await tenant.put('media/x/list.webp', Buffer.from('tenant'));
      expect((await storage.get('tenant-a/media/x/list.webp'))?.toString()).toBe('tenant');
      expect(await storage.get('media/x/list.webp')).toBeUndefined();
      await tenant.delete('media');
      expect(await storage.get('tenant-a/media/x/list.webp')).toBeUndefined();
    } finally {
      tenant.close();
    }
  });

  it('throws StorageUnavailableError (503) while the store is down, and works again once it is back', async () => {
    await storage.put('outage/before', Buffer.from('before'));
    await s3.stop();
    try {
      const started = Date.now();
      for (const call of [
        () => storage.get('outage/before'),
        () => storage.open('outage/before'),
        () => storage.put('outage/during', Buffer.from('x')),
        () => storage.delete('outage'),
      ]) {
        const err = await call().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(StorageUnavailableError);
        expect((err as StorageUnavailableError).status).toBe(503);
        expect((err as StorageUnavailableError).params.seconds).toBe(5);
      }
      // Refused connections fail fast (the SDK's few retries), never hang a request.
      expect(Date.now() - started).toBeLessThan(15_000);
      const file = join(tmp, 'small.csv');
      writeFileSync(file, 'a,b\r\n');
      await expect(storage.putFile('outage/file.csv', file)).rejects.toBeInstanceOf(StorageUnavailableError);
    } finally {
      await s3.start();
    }
    expect((await storage.get('outage/before'))?.toString()).toBe('before');
    await storage.delete('outage');
  }, 60_000);
});

describe('a bucket that is not there', () => {
  it('is an unavailable store (503), not a missing key', async () => {
    const wrong = createS3Storage({ ...s3.location, bucket: 'no-such-bucket' });
    try {
      await expect(wrong.get('media/x/list.webp')).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(wrong.put('media/x/list.webp', Buffer.from('x'))).rejects.toBeInstanceOf(StorageUnavailableError);
    } finally {
      wrong.close();
    }
  });
});
