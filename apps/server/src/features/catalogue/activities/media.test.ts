import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activities } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { owner, staff, type Staff } from '../../../test/factories.ts';
import { createFsStorage, StorageUnavailableError, type Storage } from '../../../lib/storage.ts';
import { deleteHeaderImage, saveHeaderImage } from './media.service.ts';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bookla-media-'));
  t = await buildTestApp({ config: { dataDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const mediaDir = () => join(dataDir, 'storage', 'media');

/** A multipart/form-data body as a browser's FormData sends it. */
function formData(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = `----bookla${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function image(width: number, height: number, format: 'png' | 'jpeg' | 'webp'): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });
  return base.toFormat(format).toBuffer();
}

function upload(s: Staff, id: number, data: Buffer, opts: { name?: string; type?: string; lang?: string } = {}) {
  const form = formData([{ name: opts.name ?? 'file', filename: 'photo.bin', type: opts.type ?? 'image/png', data }]);
  return s.client.request('POST', `/api/courses/${id}/header-image?language=${opts.lang ?? 'en'}`, form.body, form.headers);
}

async function course(s: Staff): Promise<number> {
  const set = (await s.client.get('/api/course/type_sets')).json().data[0];
  return (await s.client.post('/api/course/store', { type_set_id: set.id, name: { de: 'Bild', en: 'Image' } })).json().course_id;
}

async function fetchImage(url: string) {
  const res = await t.app.inject(url);
  return { res, meta: res.statusCode === 200 ? await sharp(res.rawPayload).metadata() : undefined };
}

describe('header image', () => {
  it('stores list (480) and detail (1600) WebP variants, served publicly and immutable', async () => {
    const a = await owner(t.app);
    const id = await course(a);
    const res = await upload(a, id, await image(2400, 1200, 'png'));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(res.json().message).toBe('The header image has been saved.');
    expect(data.list_url).toMatch(/^\/media\/[A-Za-z0-9_-]{32}\/list\.webp$/);
    expect(data.detail_url).toBe(data.list_url.replace('list.webp', 'detail.webp'));
    const list = await fetchImage(data.list_url);
    expect(list.res.headers['content-type']).toBe('image/webp');
    expect(list.res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(list.meta).toMatchObject({ format: 'webp', width: 480, height: 240 });
    expect((await fetchImage(data.detail_url)).meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    // Also without the extension, and publicly (no session).
    expect((await new TestClient(t.app).get(data.list_url.replace('.webp', ''))).statusCode).toBe(200);
    expect((await a.client.get(`/api/courses/${id}`)).json().data.header_image).toEqual(data);
    expect((await a.client.get('/api/courses')).json().data[0].media.header_image).toEqual({ url: data.list_url });
  });

  it('never upscales, accepts JPEG and WebP, and deletes the old files on replace', async () => {
    const a = await owner(t.app);
    const id = await course(a);
    const first = (await upload(a, id, await image(300, 200, 'jpeg'), { type: 'image/jpeg' })).json().data;
    expect((await fetchImage(first.list_url)).meta).toMatchObject({ width: 300, height: 200 });
    expect((await fetchImage(first.detail_url)).meta).toMatchObject({ width: 300, height: 200 });
    const firstKey = first.list_url.split('/')[2];
    expect(existsSync(join(mediaDir(), firstKey))).toBe(true);
    const second = await upload(a, id, await image(1000, 500, 'webp'), { type: 'image/webp' });
    expect(second.statusCode, second.body).toBe(200);
    expect((await fetchImage(second.json().data.detail_url)).meta).toMatchObject({ width: 1000, height: 500 });
    expect(existsSync(join(mediaDir(), firstKey))).toBe(false);
    expect((await t.app.inject(first.list_url)).statusCode).toBe(404);
  });

  it('checks the magic bytes, not the declared type or name', async () => {
    const a = await owner(t.app);
    const id = await course(a);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    for (const [data, type] of [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png'],
      [gif, 'image/png'],
      [Buffer.from('%PDF-1.7 not an image'), 'image/jpeg'],
    ] as const) {
      const res = await upload(a, id, data, { type });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ file: ['Please upload a JPEG, PNG or WebP image.'] });
    }
    // Right magic bytes, broken content.
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
    const res = await upload(a, id, broken, { lang: 'de' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual(['Dieses Bild kann nicht gelesen werden. Bitte laden Sie eine andere Datei hoch.']);
    expect((await a.client.get(`/api/courses/${id}`)).json().data.header_image).toBeNull();
  });

  it('allows 5,000,000 bytes and refuses one more with 413 in the request language', async () => {
    const a = await owner(t.app);
    const id = await course(a);
    const jpeg = await image(64, 64, 'jpeg');
    // Bytes after the JPEG's end marker are ignored by decoders: the file is valid at any size.
    const exact = Buffer.concat([jpeg, Buffer.alloc(5_000_000 - jpeg.length)]);
    const ok = await upload(a, id, exact, { type: 'image/jpeg' });
    expect(ok.statusCode, ok.body).toBe(200);
    const over = await upload(a, id, Buffer.concat([exact, Buffer.from([0])]), { type: 'image/jpeg', lang: 'de' });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      message: 'Das Bild darf höchstens 5 MB gross sein.',
      errors: { file: ['Das Bild darf höchstens 5 MB gross sein.'] },
    });
    const fr = await upload(a, id, Buffer.concat([exact, Buffer.alloc(100_000)]), { type: 'image/jpeg', lang: 'fr' });
    expect(fr.statusCode).toBe(413);
    expect(fr.json().message).toBe('L’image ne doit pas dépasser 5 Mo.');
    expect((await a.client.get(`/api/courses/${id}`)).json().data.header_image).toEqual(ok.json().data);
  });

  it('needs a multipart "file" part', async () => {
    const a = await owner(t.app);
    const id = await course(a);
    const json = await a.client.post(`/api/courses/${id}/header-image?language=en`, { file: 'x' });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors).toEqual({ file: ['This field is required.'] });
    const wrongField = await upload(a, id, await image(10, 10, 'png'), { name: 'picture' });
    expect(wrongField.statusCode).toBe(422);
    const empty = formData([{ name: 'note', data: 'no file here' }]);
    const none = await a.client.request('POST', `/api/courses/${id}/header-image`, empty.body, empty.headers);
    expect(none.statusCode).toBe(422);
  });

  it('is removed with its files; deleting the course removes them too', async () => {
    const a = await owner(t.app);
    const id = await course(a);
    const data = (await upload(a, id, await image(800, 400, 'png'))).json().data;
    const key = data.list_url.split('/')[2];
    const del = await a.client.request('DELETE', `/api/courses/${id}/header-image?language=en`);
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('The header image has been removed.');
    expect(existsSync(join(mediaDir(), key))).toBe(false);
    expect((await a.client.get(`/api/courses/${id}`)).json().data.header_image).toBeNull();
    expect((await a.client.request('DELETE', `/api/courses/${id}/header-image`)).statusCode).toBe(200);

    const again = (await upload(a, id, await image(800, 400, 'png'))).json().data;
    const key2 = again.list_url.split('/')[2];
    expect((await a.client.request('DELETE', `/api/courses/${id}`)).statusCode).toBe(200);
    expect(existsSync(join(mediaDir(), key2))).toBe(false);
  });

  it('a store failing after the change: the image is still removed (200), its files stay behind, logged', async () => {
    const a = await owner(t.app);
    const id = await course(a);
    const data = (await upload(a, id, await image(800, 400, 'png'))).json().data;
    const key = data.list_url.split('/')[2];
    const teamId = (await t.app.deps.db.select({ teamId: activities.teamId }).from(activities).where(eq(activities.id, id)))[0]!.teamId;
    const fs = createFsStorage(mediaDir());
    const failing: Storage = {
      ...fs,
      delete: () => Promise.reject(new StorageUnavailableError(new Error('the store went away'))),
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await expect(deleteHeaderImage(t.app.deps.db, failing, teamId, id)).resolves.toBeUndefined();
      expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([expect.stringContaining(`could not remove ${key}`)]);
    } finally {
      warn.mockRestore();
    }
    expect((await a.client.get(`/api/courses/${id}`)).json().data.header_image).toBeNull();
    expect(existsSync(join(mediaDir(), key))).toBe(true);
    // With the store away when a change is to be made, nothing changes: the upload answers 503.
    const putFailing: Storage = { ...fs, put: () => Promise.reject(new StorageUnavailableError(new Error('down'))) };
    const before = (await a.client.get(`/api/courses/${id}`)).json().data.header_image;
    await expect(saveHeaderImage(t.app.deps.db, putFailing, teamId, id, await image(100, 100, 'png'))).rejects.toBeInstanceOf(
      StorageUnavailableError,
    );
    expect((await a.client.get(`/api/courses/${id}`)).json().data.header_image).toEqual(before);
  });

  it('is copied to its own files when the course is duplicated', async () => {
    const a = await owner(t.app);
    const id = await course(a);
    const data = (await upload(a, id, await image(800, 400, 'png'))).json().data;
    expect((await a.client.post('/api/courses/mass', { action: 'duplicate', ids: [id] })).json().affected).toBe(1);
    const rows = await t.app.deps.db.select().from(activities).where(eq(activities.teamId, a.team.id));
    const copy = rows.find((r) => r.id !== id)!;
    expect(copy.headerImagePath).toBeTruthy();
    expect(copy.headerImagePath).not.toBe(data.list_url.split('/')[2]);
    expect(readdirSync(join(mediaDir(), copy.headerImagePath!)).sort()).toEqual(['detail.webp', 'list.webp']);
    // Removing the original's image leaves the copy's.
    await a.client.request('DELETE', `/api/courses/${id}/header-image`);
    expect((await t.app.inject(`/media/${copy.headerImagePath}/detail.webp`)).statusCode).toBe(200);
  });

  it('is forbidden to instructors and not found for another company', async () => {
    const a = await owner(t.app);
    const b = await owner(t.app);
    const id = await course(a);
    const data = (await upload(a, id, await image(600, 300, 'png'))).json().data;
    const i = await staff(t.app, a.team, 'instructor');
    expect((await upload(i, id, await image(600, 300, 'png'))).statusCode).toBe(403);
    expect((await i.client.request('DELETE', `/api/courses/${id}/header-image`)).statusCode).toBe(403);
    expect((await upload(b, id, await image(600, 300, 'png'))).statusCode).toBe(404);
    expect((await b.client.request('DELETE', `/api/courses/${id}/header-image`)).statusCode).toBe(404);
    expect((await a.client.get(`/api/courses/${id}`)).json().data.header_image).toEqual(data);
    expect((await t.app.inject(data.list_url)).statusCode).toBe(200);
  });
});

describe('GET /media/:key/:variant', () => {
  it('answers 404 for unknown keys, variants and path tricks', async () => {
    const a = await owner(t.app);
    const id = await course(a);
    const key = (await upload(a, id, await image(100, 100, 'png'))).json().data.list_url.split('/')[2];
    for (const url of [
      `/media/${key}/original.webp`,
      `/media/${key}/list.png`,
      `/media/${'A'.repeat(32)}/list.webp`,
      `/media/..%2F..%2Fsession-secret/list`,
      `/media/${key}%2F..%2F${key}/list`,
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
    }
  });
});
