import { readdir, rm, rmdir, unlink } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import type { StorageLocation } from '../config/storage-url.ts';
import { appStorage, isValidKey, localPathOf, storageLocation } from './storage.ts';

/**
 * The one-time move of files written before STORAGE_URL (decision 024): they lay in folders of
 * DATA_DIR, each instance its own. At start-up (server.ts) every file still there is put into
 * the storage under its key and then removed from DATA_DIR, so a second start finds nothing to do
 * and a start that stopped half-way goes on where it stopped (putting a file again is harmless):
 *
 * - DATA_DIR/media/{key}/{variant}.webp → `media/{key}/{variant}.webp` (the keys the database holds);
 * - DATA_DIR/uploads/teams/{team}/logo-….{ext} → `logos/{team}/logo-….{ext}` (migration 0023
 *   rewrote `teams.logo_path` the same way);
 * - DATA_DIR/exports/{fileKey}.{format} → `exports/…` (downloads still within their 24 hours);
 * - DATA_DIR/document-cache is only a cache: removed.
 *
 * Works for any backend (an instance moving to S3 uploads its own old files). A file backend whose
 * folder already holds a file at its key (STORAGE_URL=file://DATA_DIR) leaves it where it is.
 */

const LEGACY: { dir: string[]; prefix: string }[] = [
  { dir: ['media'], prefix: 'media' },
  { dir: ['uploads', 'teams'], prefix: 'logos' },
  { dir: ['exports'], prefix: 'exports' },
];

export interface MoveReport {
  moved: number;
  /** Files left in place: a name that is no valid key (or a leftover `.tmp`). */
  skipped: number;
  /** The storage failed (logged): the move stopped there, the rest waits for the next start. */
  failed: boolean;
}

const inside = (path: string, dir: string) => !!dir && (path === dir || path.startsWith(dir + sep));

async function* filesUnder(dir: string, skip: string[]): AsyncGenerator<string> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (skip.includes(path)) continue;
    if (entry.isDirectory()) yield* filesUnder(path, skip);
    else if (entry.isFile()) yield path;
  }
}

/** Removes the empty folders under (and including) `dir`, deepest first; non-empty ones stay. */
async function pruneEmpty(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => undefined);
  if (!entries) return;
  for (const entry of entries) if (entry.isDirectory()) await pruneEmpty(join(dir, entry.name));
  await rmdir(dir).catch(() => undefined);
}

export async function moveLegacyFiles(
  config: { dataDir: string; storage?: StorageLocation },
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
): Promise<MoveReport> {
  const location = storageLocation(config);
  const storage = appStorage(config);
  const dataDir = resolve(config.dataDir);
  // A file backend's own folders are never read as old files: its root, and where its prefixes
  // live (with STORAGE_URL=file://DATA_DIR, DATA_DIR/media and DATA_DIR/exports are already those).
  const ownRoot = location.kind === 'file' ? resolve(location.root) : '';
  const live = ownRoot ? [ownRoot, ...['media', 'logos', 'exports', 'document-cache'].map((p) => join(ownRoot, p))] : [];
  const report: MoveReport = { moved: 0, skipped: 0, failed: false };
  for (const { dir, prefix } of LEGACY) {
    const from = join(dataDir, ...dir);
    if (live.includes(from)) continue;
    for await (const file of filesUnder(from, live)) {
      const key = `${prefix}/${relative(from, file).split(sep).join('/')}`;
      if (file.endsWith('.tmp') || !isValidKey(key)) {
        report.skipped++;
        continue;
      }
      if (localPathOf(location, key) === file) continue;
      try {
        await storage.putFile(key, file);
      } catch (err) {
        // A vanished file: another instance on the same DATA_DIR moved it first.
        if ((err as { cause?: NodeJS.ErrnoException }).cause?.code === 'ENOENT') continue;
        // The store is down or refuses: no point trying every other file now.
        report.failed = true;
        log.warn(
          { err, key, moved: report.moved },
          'storage: old files of DATA_DIR could not be moved into the storage; they stay there until the next start',
        );
        return report;
      }
      await unlink(file).catch(() => undefined);
      report.moved++;
    }
    await pruneEmpty(from);
  }
  const cache = join(dataDir, 'document-cache');
  if (!live.includes(cache) && !inside(ownRoot, cache)) await rm(cache, { recursive: true, force: true });
  await pruneEmpty(join(dataDir, 'uploads'));
  if (report.moved || report.skipped)
    log.info({ ...report, storage: location.kind }, 'storage: files of DATA_DIR moved into the storage (STORAGE_URL)');
  return report;
}
