import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { StorageLocation } from '../config/storage-url.ts';
import { AppError } from './app-error.ts';

/**
 * Where uploads and other files live (STORAGE_URL, CONTRACT §7, decision 024): one storage for
 * the whole app, a folder (the default, DATA_DIR/storage) or a bucket of an S3-compatible store
 * shared by every instance. Features see only this interface, under their own key prefix:
 * `media/…` (activity header images, served publicly under /media), `logos/{team}/…` (company
 * logos), `exports/…` (finished export files), `document-cache/…` (rendered PDFs).
 *
 * Keys are slash-separated (`{random}/list.webp`); `delete(prefix)` removes a key and everything
 * under it. A key that is missing reads as undefined. When the store itself fails (down, refused,
 * a disk error) the call throws a StorageUnavailableError: the request answers 503 with
 * Retry-After (an AppError, so the error handlers need nothing else), a job is retried.
 */
export interface Storage {
  put(key: string, body: Buffer): Promise<void>;
  /** Stores the file at this local path (large bodies: streamed, never read into memory at once). */
  putFile(key: string, path: string): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  /** The body as a stream, with its size (for a download), or undefined when there is none. */
  open(key: string): Promise<StoredFile | undefined>;
  delete(prefix: string): Promise<void>;
}

export interface StoredFile {
  stream: Readable;
  size: number;
}

/** Seconds a caller is asked to wait (Retry-After) after the storage failed under its call. */
export const STORAGE_RETRY_SECONDS = 5;

/** The storage failed under this call (not: the key is missing). Answers 503 `{"message"}` in the request's language. */
export class StorageUnavailableError extends AppError {
  constructor(cause: unknown) {
    super('SERVICE_UNAVAILABLE', 'errors:unavailable', { params: { seconds: STORAGE_RETRY_SECONDS } });
    this.name = 'StorageUnavailableError';
    this.cause = cause;
  }
}

/**
 * Removes files a committed change no longer points at (an activity's old header image). The
 * change stands whatever the store does: a store that fails now leaves the files behind (logged,
 * with their keys), and the caller answers as the change succeeded, never 503 after the fact.
 */
export async function removeLeftovers(storage: Storage, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (err) {
      console.warn(`storage: could not remove ${key} after the change that dropped it; it stays behind (${(err as Error).message})`);
    }
  }
}

/** Segments of letters, digits, `_`, `-` and inner dots: no `..`, no absolute paths. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}){0,7}$/;

export function isValidKey(key: string): boolean {
  return KEY.test(key) && !key.split('/').some((part) => part.includes('..'));
}

function checkedKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
}

/** A fresh random key prefix (192 bits, URL-safe): media URLs cannot be guessed. */
export function newMediaKey(): string {
  return randomBytes(24).toString('base64url');
}

/** Runs an I/O call of the store; its failure becomes a StorageUnavailableError. */
async function io<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw err instanceof StorageUnavailableError ? err : new StorageUnavailableError(err);
  }
}

const MISSING_FILE = new Set(['ENOENT', 'EISDIR', 'ENOTDIR']);
const isMissingFile = (err: unknown) => MISSING_FILE.has((err as NodeJS.ErrnoException).code ?? '');

// ─── Files ──────────────────────────────────────────────────────────────────

export function createFsStorage(root: string): Storage {
  const base = resolve(root);
  const fileOf = (key: string): string => {
    const file = resolve(base, ...checkedKey(key).split('/'));
    if (!file.startsWith(base + sep)) throw new Error(`storage key outside the root: ${key}`);
    return file;
  };
  /** Write then rename: a reader never sees half a file. */
  const place = async (file: string, write: (tmp: string) => Promise<void>) => {
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await io(async () => {
      await mkdir(dirname(file), { recursive: true });
      try {
        await write(tmp);
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    });
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await place(file, (tmp) => writeFile(tmp, body, { mode: 0o640 }));
    },
    async putFile(key, path) {
      const file = fileOf(key);
      await place(file, (tmp) => copyFile(path, tmp));
    },
    async get(key) {
      if (!isValidKey(key)) return undefined;
      const file = fileOf(key);
      return io(() => readFile(file).catch((err: unknown) => (isMissingFile(err) ? undefined : Promise.reject(err))));
    },
    async open(key) {
      if (!isValidKey(key)) return undefined;
      const file = fileOf(key);
      return io(async () => {
        const handle = await open(file).catch((err: unknown) => (isMissingFile(err) ? undefined : Promise.reject(err)));
        if (!handle) return undefined;
        const info = await handle.stat().catch(async (err: unknown) => {
          await handle.close();
          throw err;
        });
        if (!info.isFile()) {
          await handle.close();
          return undefined;
        }
        return { stream: handle.createReadStream(), size: info.size };
      });
    },
    async delete(prefix) {
      const file = fileOf(prefix);
      await io(() => rm(file, { recursive: true, force: true }));
    },
  };
}

// ─── S3 ─────────────────────────────────────────────────────────────────────

export type S3Location = Extract<StorageLocation, { kind: 's3' }>;

/** The SDK's own retries cannot replay a streamed body: `putFile` tries this often itself. */
const STREAM_ATTEMPTS = 3;
const quiet = { trace() {}, debug() {}, info() {}, warn() {}, error() {} };
const isMissingObject = (err: unknown) => ['NoSuchKey', 'NotFound'].includes((err as { name?: string }).name ?? '');

/**
 * A bucket (or a prefix of one) of any S3-compatible store, through the AWS SDK v3. The SDK is
 * loaded on first use, so a server on files never loads it. Checksums only where the API requires
 * them (DeleteObjects): stores other than AWS do not all know the SDK's newer default ones.
 */
export function createS3Storage(location: S3Location): Storage & { close(): void } {
  let client: Promise<{ sdk: typeof S3; s3: S3.S3Client }> | undefined;
  const connect = () =>
    (client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: location.region,
        ...(location.endpoint ? { endpoint: location.endpoint } : {}),
        forcePathStyle: location.forcePathStyle,
        credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
        // A store that does not answer fails the call (503) instead of holding it: 3 s to connect,
        // 60 s until the reply's head (an upload's body included).
        requestHandler: { connectionTimeout: 3000, requestTimeout: 60_000, throwOnRequestTimeout: true },
        logger: quiet,
      }),
    })));
  const Bucket = location.bucket;
  const objectKey = (key: string) => (location.prefix ? `${location.prefix}/${key}` : key);

  async function read(key: string): Promise<S3.GetObjectCommandOutput | undefined> {
    const { sdk, s3 } = await io(connect);
    return io(() =>
      s3.send(new sdk.GetObjectCommand({ Bucket, Key: objectKey(key) })).catch((err: unknown) => {
        if (isMissingObject(err)) return undefined;
        throw err;
      }),
    );
  }

  return {
    async put(key, body) {
      const Key = objectKey(checkedKey(key));
      const { sdk, s3 } = await io(connect);
      await io(() => s3.send(new sdk.PutObjectCommand({ Bucket, Key, Body: body, ContentLength: body.length })));
    },
    async putFile(key, path) {
      const Key = objectKey(checkedKey(key));
      const { sdk, s3 } = await io(connect);
      const { size } = await io(() => stat(path));
      for (let attempt = 1; ; attempt++) {
        try {
          await s3.send(new sdk.PutObjectCommand({ Bucket, Key, Body: createReadStream(path), ContentLength: size }));
          return;
        } catch (err) {
          if (attempt >= STREAM_ATTEMPTS) throw new StorageUnavailableError(err);
          await new Promise((r) => setTimeout(r, 200 * attempt));
        }
      }
    },
    async get(key) {
      if (!isValidKey(key)) return undefined;
      const out = await read(key);
      if (!out?.Body) return undefined;
      const body = out.Body;
      return io(async () => Buffer.from(await body.transformToByteArray()));
    },
    async open(key) {
      if (!isValidKey(key)) return undefined;
      const out = await read(key);
      if (!out?.Body) return undefined;
      return { stream: out.Body as Readable, size: Number(out.ContentLength ?? 0) };
    },
    async delete(prefix) {
      const full = objectKey(checkedKey(prefix));
      const { sdk, s3 } = await io(connect);
      const remove = async (keys: string[]) => {
        if (!keys.length) return;
        const out = await s3.send(new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
        const failed = out.Errors ?? [];
        if (failed.length) throw new Error(`${failed.length} objects not deleted: ${failed[0]?.Code ?? ''} ${failed[0]?.Message ?? ''}`);
      };
      await io(async () => {
        // The key itself, then every page (≤ 1000 keys, the most one DeleteObjects takes) under
        // `prefix/`. ListObjects (v1) paged by the last key seen: every S3-compatible store has it,
        // while the V2 continuation tokens of s3rver (the test store) need DES, which Node ≥ 17 lacks.
        await remove([full]);
        let marker: string | undefined;
        do {
          const page = await s3.send(new sdk.ListObjectsCommand({ Bucket, Prefix: `${full}/`, Marker: marker }));
          const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
          await remove(keys);
          marker = page.IsTruncated ? (page.NextMarker ?? keys.at(-1)) : undefined;
        } while (marker);
      });
    },
    close() {
      void client?.then(({ s3 }) => s3.destroy()).catch(() => undefined);
      client = undefined;
    },
  };
}

// ─── The app's storage ──────────────────────────────────────────────────────

/** Keys under `prefix/` of another storage: a feature's own part of the app's storage. */
export function scopedStorage(storage: Storage, prefix: string): Storage {
  checkedKey(prefix);
  const full = (key: string) => `${prefix}/${checkedKey(key)}`;
  return {
    put: async (key, body) => storage.put(full(key), body),
    putFile: async (key, path) => storage.putFile(full(key), path),
    get: async (key) => (isValidKey(key) ? storage.get(full(key)) : undefined),
    open: async (key) => (isValidKey(key) ? storage.open(full(key)) : undefined),
    delete: async (key) => storage.delete(full(key)),
  };
}

/** STORAGE_URL, or its default: the folder DATA_DIR/storage. */
export function storageLocation(config: { dataDir: string; storage?: StorageLocation }): StorageLocation {
  return config.storage ?? { kind: 'file', root: resolve(config.dataDir, 'storage') };
}

const stores = new Map<string, Storage>();

/** The app's one storage (one per location and process: an S3 client keeps its connections). */
export function appStorage(config: { dataDir: string; storage?: StorageLocation }): Storage {
  const location = storageLocation(config);
  const id = JSON.stringify(location);
  let store = stores.get(id);
  if (!store) {
    store = location.kind === 'file' ? createFsStorage(location.root) : createS3Storage(location);
    stores.set(id, store);
  }
  return store;
}

/** Activity header images: `media/{key}/{variant}.webp`, served publicly under /media. */
export function mediaStorage(config: { dataDir: string; storage?: StorageLocation }): Storage {
  return scopedStorage(appStorage(config), 'media');
}

/** Where a file backend keeps a key (the folder of its location), for the start-up move (storage-migration.ts). */
export function localPathOf(location: StorageLocation, key: string): string | undefined {
  return location.kind === 'file' ? join(resolve(location.root), ...key.split('/')) : undefined;
}
