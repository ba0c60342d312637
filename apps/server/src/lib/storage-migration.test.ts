import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams } from '../db/schema/index.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { owner } from '../test/factories.ts';
import { startTestS3, type TestS3 } from '../test/s3.ts';
import { moveLegacyFiles } from './storage-migration.ts';
import { appStorage } from './storage.ts';

/**
 * The one-time move of files written under DATA_DIR before STORAGE_URL (decision 024): media,
 * logos and exports into the storage under their keys, the old document cache dropped.
 */

const root = mkdtempSync(join(tmpdir(), 'bookla-legacy-'));
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3('bookla-legacy');
});
afterAll(async () => {
  await s3?.close();
  rmSync(root, { recursive: true, force: true });
});

const logs: { msg: string; obj: object }[] = [];
const log = { info: (obj: object, msg: string) => logs.push({ obj, msg }), warn: (obj: object, msg: string) => logs.push({ obj, msg }) };

function write(path: string, body: string) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, body);
}

/** A DATA_DIR as the server left it before STORAGE_URL. */
function oldDataDir(name: string): string {
  const dataDir = join(root, name);
  write(join(dataDir, 'media', 'k1', 'list.webp'), 'list');
  write(join(dataDir, 'media', 'k1', 'detail.webp'), 'detail');
  write(join(dataDir, 'uploads', 'teams', '7', 'logo-0123456789abcdef01.png'), 'logo');
  write(join(dataDir, 'exports', 'AbCdEfGhIjKlMnOpQrStUvWx.csv'), 'a,b');
  write(join(dataDir, 'exports', 'half.csv.1a2b3c.tmp'), 'half');
  write(join(dataDir, 'document-cache', '2026-01-01', '7', '1', 'tickets', 'v.pdf'), 'pdf');
  write(join(dataDir, 'session-secret'), 'secret');
  return dataDir;
}

describe('moving the files of DATA_DIR into the storage', () => {
  it('moves media, logos and exports into the default folder under their keys, once', async () => {
    const dataDir = oldDataDir('default');
    const report = await moveLegacyFiles({ dataDir }, log);
    expect(report).toEqual({ moved: 4, skipped: 1, failed: false });
    const store = join(dataDir, 'storage');
    expect(readFileSync(join(store, 'media', 'k1', 'list.webp'), 'utf8')).toBe('list');
    expect(readFileSync(join(store, 'media', 'k1', 'detail.webp'), 'utf8')).toBe('detail');
    expect(readFileSync(join(store, 'logos', '7', 'logo-0123456789abcdef01.png'), 'utf8')).toBe('logo');
    expect(readFileSync(join(store, 'exports', 'AbCdEfGhIjKlMnOpQrStUvWx.csv'), 'utf8')).toBe('a,b');
    expect(existsSync(join(dataDir, 'media'))).toBe(false);
    expect(existsSync(join(dataDir, 'uploads'))).toBe(false);
    expect(existsSync(join(dataDir, 'document-cache'))).toBe(false);
    // A leftover of an interrupted write is no file to keep; what is not the storage's stays.
    expect(existsSync(join(dataDir, 'exports', 'half.csv.1a2b3c.tmp'))).toBe(true);
    expect(readFileSync(join(dataDir, 'session-secret'), 'utf8')).toBe('secret');
    // The second start finds nothing to do.
    expect(await moveLegacyFiles({ dataDir }, log)).toEqual({ moved: 0, skipped: 1, failed: false });
    expect((await appStorage({ dataDir }).get('media/k1/list.webp'))?.toString()).toBe('list');
  });

  it('leaves files where they are when the storage folder is DATA_DIR itself', async () => {
    const dataDir = oldDataDir('in-place');
    const report = await moveLegacyFiles({ dataDir, storage: { kind: 'file', root: dataDir } }, log);
    // Only the logos change place (uploads/teams → logos); media and exports already lie at their keys.
    expect(report.moved).toBe(1);
    expect(readFileSync(join(dataDir, 'media', 'k1', 'list.webp'), 'utf8')).toBe('list');
    expect(readFileSync(join(dataDir, 'exports', 'AbCdEfGhIjKlMnOpQrStUvWx.csv'), 'utf8')).toBe('a,b');
    expect(readFileSync(join(dataDir, 'logos', '7', 'logo-0123456789abcdef01.png'), 'utf8')).toBe('logo');
    expect(existsSync(join(dataDir, 'document-cache'))).toBe(true);
  });

  it('uploads an instance’s old files into an S3 bucket', async () => {
    const dataDir = oldDataDir('to-s3');
    const config = { dataDir, storage: s3.location };
    expect(await moveLegacyFiles(config, log)).toEqual({ moved: 4, skipped: 1, failed: false });
    const storage = appStorage(config);
    expect((await storage.get('media/k1/detail.webp'))?.toString()).toBe('detail');
    expect((await storage.get('logos/7/logo-0123456789abcdef01.png'))?.toString()).toBe('logo');
    expect((await storage.get('exports/AbCdEfGhIjKlMnOpQrStUvWx.csv'))?.toString()).toBe('a,b');
    expect(existsSync(join(dataDir, 'media'))).toBe(false);
    expect(existsSync(join(dataDir, 'storage'))).toBe(false);
  });

  it('stops at the first failure while the store is down, keeps the files, and finishes at the next start', async () => {
    const dataDir = oldDataDir('store-down');
    const config = { dataDir, storage: s3.location };
    await s3.stop();
    try {
      const report = await moveLegacyFiles(config, log);
      expect(report).toMatchObject({ moved: 0, failed: true });
      expect(logs.at(-1)?.msg).toMatch(/could not be moved/);
      expect(existsSync(join(dataDir, 'media', 'k1', 'list.webp'))).toBe(true);
    } finally {
      await s3.start();
    }
    expect(await moveLegacyFiles(config, log)).toEqual({ moved: 4, skipped: 1, failed: false });
    expect((await appStorage(config).get('media/k1/list.webp'))?.toString()).toBe('list');
  }, 60_000);
});

describe('an instance upgraded with its old logo', () => {
  it('migration 0023 rewrites teams.logo_path to the storage key and the moved file is served', async () => {
    const dataDir = join(root, 'upgraded');
    const t = await buildTestApp({ config: { dataDir } });
    try {
      const a = await owner(t.app);
      const b = await owner(t.app);
      const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#123456' } })
        .png()
        .toBuffer();
      // As the server before STORAGE_URL left them: the file under DATA_DIR/uploads, its path in the row.
      mkdirSync(join(dataDir, 'uploads', 'teams', String(a.team.id)), { recursive: true });
      writeFileSync(join(dataDir, 'uploads', 'teams', String(a.team.id), 'logo-00ff00ff00ff00ff00.png'), png);
      const old = `uploads/teams/${a.team.id}/logo-00ff00ff00ff00ff00.png`;
      await t.app.deps.db.update(teams).set({ logoPath: old }).where(eq(teams.id, a.team.id));
      const migration = readFileSync(join(import.meta.dirname, '..', 'db', 'migrations', '0023_storage_keys.sql'), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) await t.app.deps.db.execute(sql.raw(statement));
      const paths = await t.app.deps.db.select({ id: teams.id, logoPath: teams.logoPath }).from(teams);
      expect(paths.find((r) => r.id === a.team.id)?.logoPath).toBe(`logos/${a.team.id}/logo-00ff00ff00ff00ff00.png`);
      expect(paths.find((r) => r.id === b.team.id)?.logoPath).toBeNull();

      expect((await moveLegacyFiles(t.app.deps.config, log)).moved).toBe(1);
      const avatar = await t.app.inject(`/avatar/team/${a.team.id}`);
      expect(avatar.headers['content-type']).toBe('image/png');
      expect(avatar.rawPayload.equals(png)).toBe(true);
      // Its public URL did not change (the version is the file name's random part).
      expect((await a.client.get('/api/srl/team')).json().team.logo_url).toBe(`/avatar/team/${a.team.id}?v=00ff00ff00ff00ff00`);
    } finally {
      await t.close();
    }
  });
});
