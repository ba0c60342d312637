import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../../test/build-test-app.ts';
import { sniffImage } from '../../lib/images.ts';
import { avatarSvg, initials } from './logo.service.ts';
import { owner, staff, teamRow, uid } from '../../test/factories.ts';

let t: TestApp;
let app: FastifyInstance;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bookla-logo-'));
  t = await buildTestApp({ config: { dataDir } });
  app = t.app;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Real images (the logo is decoded and re-encoded); the PNG and WebP are half transparent. */
const canvas = (channels: 3 | 4) =>
  sharp({ create: { width: 40, height: 30, channels, background: { r: 30, g: 90, b: 200, alpha: channels === 4 ? 0.5 : 1 } } });
let PNG: Buffer;
let JPEG: Buffer;
let WEBP: Buffer;
beforeAll(async () => {
  [PNG, JPEG, WEBP] = await Promise.all([canvas(4).png().toBuffer(), canvas(3).jpeg().toBuffer(), canvas(4).webp().toBuffer()]);
});
/** Bytes that look like each type but are no image. */
const FAKE_PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000dIHDR-rest-of-a-png')]);
const FAKE_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-rest')]);
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

describe('avatar', () => {
  it('serves an SVG with the initials and a colour from the id, publicly cached', async () => {
    const a = await owner(app, { teamName: `yoga Studio ${uid()}` });
    const res = await app.inject(`/avatar/team/${a.team.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toContain('>YS</text>');
    expect(res.body).toContain(`hsl(${(a.team.id * 137) % 360}, 55%, 38%)`);
    expect(res.body).not.toContain(a.team.name);
    expect(res.body).not.toMatch(/<script|on\w+=/i);
  });

  it('answers 404 JSON for unknown or malformed ids', async () => {
    for (const id of ['999999', 'abc', '-1', '1.5', '99999999999999999999']) {
      const res = await app.inject(`/avatar/team/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Not Found' });
    }
  });

  it('makes initials safely', () => {
    expect(initials('Bookla')).toBe('B');
    expect(initials('  école de ski  ')).toBe('ÉD');
    expect(initials('<script> & co')).toBe('SC');
    expect(initials('---')).toBe('?');
    expect(avatarSvg(1, '"><svg onload=alert(1)>')).not.toContain('onload');
    expect(sniffImage(Buffer.from('GIF89a'))).toBeUndefined();
  });
});

describe('logo upload', () => {
  it('stores PNG, JPEG and WebP, serves the newest and removes replaced files', async () => {
    const a = await owner(app);
    const dir = join(dataDir, 'storage', 'logos', String(a.team.id));
    for (const [mime, bytes, ext] of [
      ['image/png', PNG, 'png'],
      ['image/jpeg', JPEG, 'jpg'],
      ['image/webp', WEBP, 'webp'],
    ] as const) {
      const res = await a.client.post('/api/team/logo', { data_url: dataUrl(mime, bytes) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().logo_url).toMatch(new RegExp(`^/avatar/team/${a.team.id}\\?v=[0-9a-f]{18}$`));
      const files = readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(new RegExp(`^logo-[0-9a-f]{18}\\.${ext}$`));
      const served = await app.inject(`/avatar/team/${a.team.id}`);
      expect(served.headers['content-type']).toBe(mime);
      expect(served.rawPayload.equals(readFileSync(join(dir, files[0]!)))).toBe(true);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe(ext === 'jpg' ? 'jpeg' : ext);
      expect([meta.width, meta.height]).toEqual([40, 30]);
      expect(meta.hasAlpha).toBe(bytes !== JPEG);
      expect(served.headers['cache-control']).toBe('public, max-age=300');
    }
    const team = (await a.client.get('/api/srl/team')).json().team;
    expect(team.has_logo).toBe(true);
    expect(team.logo_url).toContain('?v=');
  });

  it('checks the magic bytes, not only the declared type, and the size', async () => {
    const a = await owner(app);
    const post = (data_url: string) => a.client.post('/api/team/logo?language=en', { data_url });
    const type = ['Please upload a PNG, JPEG or WebP image.'];
    expect((await post(dataUrl('image/png', JPEG))).json().errors.data_url).toEqual(type);
    expect((await post(dataUrl('image/png', FAKE_PNG))).json().errors.data_url).toEqual(type);
    expect((await post(dataUrl('image/jpeg', FAKE_JPEG))).json().errors.data_url).toEqual(type);
    expect((await post(dataUrl('image/png', Buffer.from('<svg onload=alert(1)>')))).json().errors.data_url).toEqual(type);
    expect((await post(dataUrl('image/gif', Buffer.from('GIF89a....')))).json().errors.data_url).toEqual(type);
    expect((await post(dataUrl('image/svg+xml', Buffer.from('<svg/>')))).json().errors.data_url).toEqual(type);
    expect((await post('not a data url')).json().errors.data_url).toEqual(type);
    const big = Buffer.concat([PNG, Buffer.alloc(2_000_001 - PNG.length)]);
    const tooBig = await post(dataUrl('image/png', big));
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors.data_url).toEqual(['The image may be at most 2 MB.']);
    const justRight = Buffer.concat([PNG, Buffer.alloc(2_000_000 - PNG.length)]);
    expect((await post(dataUrl('image/png', justRight))).statusCode).toBe(200);
    expect((await teamRow(app, a.team.id)).logoPath).toMatch(/^logos\/\d+\/logo-[0-9a-f]+\.png$/);
  });

  it('drops EXIF data such as the GPS position', async () => {
    const a = await owner(app);
    const gps = { GPSLatitudeRef: 'N', GPSLatitude: '47/1 22/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '8/1 32/1 0/1' };
    const photo = await canvas(3)
      .jpeg()
      .withExif({ IFD0: { Make: 'SpyCam' }, IFD3: gps })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('SpyCam');
    expect((await a.client.post('/api/team/logo', { data_url: dataUrl('image/jpeg', photo) })).statusCode).toBe(200);
    const stored = readFileSync(join(dataDir, 'storage', (await teamRow(app, a.team.id)).logoPath!));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes('SpyCam')).toBe(false);
  });

  it('stores a polyglot (a PNG with HTML appended) without the appended bytes, keeping transparency', async () => {
    const a = await owner(app);
    const payload = '<html><script>alert(document.cookie)</script></html>';
    const polyglot = Buffer.concat([PNG, Buffer.from(payload)]);
    expect((await a.client.post('/api/team/logo', { data_url: dataUrl('image/png', polyglot) })).statusCode).toBe(200);
    const served = (await app.inject(`/avatar/team/${a.team.id}`)).rawPayload;
    expect(served.includes('<script>')).toBe(false);
    expect(served.includes('<html>')).toBe(false);
    const meta = await sharp(served).metadata();
    expect(meta).toMatchObject({ format: 'png', hasAlpha: true, width: 40, height: 30 });
  });

  it('bounds the stored size', async () => {
    const a = await owner(app);
    const huge = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#abc' } })
      .png()
      .toBuffer();
    expect((await a.client.post('/api/team/logo', { data_url: dataUrl('image/png', huge) })).statusCode).toBe(200);
    const meta = await sharp(readFileSync(join(dataDir, 'storage', (await teamRow(app, a.team.id)).logoPath!))).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 512]);
  });

  it('removes the logo and falls back to the avatar', async () => {
    const a = await owner(app);
    await a.client.post('/api/team/logo', { data_url: dataUrl('image/png', PNG) });
    const file = join(dataDir, 'storage', (await teamRow(app, a.team.id)).logoPath!);
    expect(existsSync(file)).toBe(true);
    const res = await a.client.request('DELETE', '/api/team/logo');
    expect(res.statusCode).toBe(200);
    expect(res.json().logo_url).toBe(`/avatar/team/${a.team.id}`);
    expect(existsSync(file)).toBe(false);
    expect((await app.inject(`/avatar/team/${a.team.id}`)).headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('is for owners and admins of the current company only', async () => {
    const a = await owner(app);
    const editor = await staff(app, a.team, 'editor');
    const admin = await staff(app, a.team, 'admin');
    expect((await editor.client.post('/api/team/logo', { data_url: dataUrl('image/png', PNG) })).statusCode).toBe(403);
    expect((await editor.client.request('DELETE', '/api/team/logo')).statusCode).toBe(403);
    expect((await new TestClient(app).post('/api/team/logo', { data_url: dataUrl('image/png', PNG) })).statusCode).toBe(401);
    expect(
      (await admin.client.post('/api/team/logo', { data_url: dataUrl('image/png', PNG), team_id: 1, logo_path: '/etc/passwd' })).statusCode,
    ).toBe(200);
    expect((await teamRow(app, a.team.id)).logoPath).toMatch(/^logos\//);
  });
});
