import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where uploaded media live. Features only see this interface, so files on disk (the default,
 * under DATA_DIR/media) can later be swapped for an object store without touching them.
 * Keys are slash-separated (`{random}/list.webp`); `delete(prefix)` removes a key and everything
 * under it.
 */
export interface Storage {
  put(key: string, body: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  delete(prefix: string): Promise<void>;
}

/** Segments of letters, digits, `_`, `-` and inner dots: no `..`, no absolute paths. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}){0,7}$/;

export function isValidKey(key: string): boolean {
  return KEY.test(key) && !key.split('/').some((part) => part.includes('..'));
}

/** A fresh random key prefix (192 bits, URL-safe): media URLs cannot be guessed. */
export function newMediaKey(): string {
  return randomBytes(24).toString('base64url');
}

export function createFsStorage(root: string): Storage {
  const base = resolve(root);
  const fileOf = (key: string): string => {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    const file = resolve(base, ...key.split('/'));
    if (!file.startsWith(base + sep)) throw new Error(`storage key outside the root: ${key}`);
    return file;
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, body, { mode: 0o640 });
      await rename(tmp, file);
    },
    async get(key) {
      if (!isValidKey(key)) return undefined;
      return readFile(fileOf(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT' || err.code === 'EISDIR' || err.code === 'ENOTDIR') return undefined;
        throw err;
      });
    },
    async delete(prefix) {
      await rm(fileOf(prefix), { recursive: true, force: true });
    },
  };
}

/** The app's media storage: files under DATA_DIR/media. */
export function mediaStorage(config: { dataDir: string }): Storage {
  return createFsStorage(join(config.dataDir, 'media'));
}
