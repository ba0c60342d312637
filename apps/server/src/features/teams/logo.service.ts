import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { LOGO_MAX_BYTES } from '@bookla/shared';
import type { Db } from '../../db/client.ts';
import { notFound, validationError } from '../../lib/app-error.ts';
import { decodeImage, JPEG, PNG, sniffImage, WEBP, type ImageKind } from '../../lib/images.ts';
import * as repo from './teams.repo.ts';
import type { TeamRow } from './teams.repo.ts';

/**
 * Company logos: uploaded as a data URL, checked by their magic bytes (not only the declared
 * type), re-encoded by sharp in their own format (which drops EXIF/GPS and anything appended to
 * the image, keeps PNG/WebP transparency and bounds the size), stored under
 * DATA_DIR/uploads/teams/{id}/logo-{random}.{ext}. No SVG. Without a logo the avatar is an SVG
 * with the company's initials.
 */

const BY_EXT: Record<string, ImageKind> = { png: PNG, jpg: JPEG, webp: WEBP };

const DATA_URL = /^data:(image\/(?:png|jpeg|jpg|webp));base64,([A-Za-z0-9+/]+={0,2})$/;

/** Data URL → bytes and type; 422 on `data_url` for anything but a real PNG/JPEG/WebP ≤ 2 MB. */
export function decodeLogo(dataUrl: string): { bytes: Buffer; kind: ImageKind } {
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw validationError({ data_url: ['teams:validation.logo_type'] });
  const declared = match[1] === 'image/jpg' ? 'image/jpeg' : match[1];
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length > LOGO_MAX_BYTES) throw validationError({ data_url: ['teams:validation.logo_too_large'] });
  const kind = sniffImage(bytes);
  if (!kind || kind.mime !== declared) throw validationError({ data_url: ['teams:validation.logo_type'] });
  return { bytes, kind };
}

/** Logos are shown small: the stored image fits in this square. */
export const LOGO_MAX_SIDE = 1024;

/** Decodes and re-encodes the image: only pixels survive (no metadata, no trailing bytes). */
export async function reencodeLogo(bytes: Buffer, kind: ImageKind): Promise<Buffer> {
  try {
    const image = decodeImage(bytes).resize({ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    if (kind === PNG) return await image.png({ compressionLevel: 9 }).toBuffer();
    if (kind === JPEG) return await image.jpeg({ quality: 88 }).toBuffer();
    return await image.webp({ quality: 88, alphaQuality: 100 }).toBuffer();
  } catch {
    throw validationError({ data_url: ['teams:validation.logo_type'] });
  }
}

const uploadsRoot = (dataDir: string) => resolve(dataDir, 'uploads');

/** Absolute path of a stored logo, refusing anything outside DATA_DIR/uploads. */
function logoFile(dataDir: string, logoPath: string): string | undefined {
  const root = uploadsRoot(dataDir);
  const file = resolve(dataDir, logoPath);
  return file.startsWith(root + sep) ? file : undefined;
}

async function removeFile(dataDir: string, logoPath: string | null): Promise<void> {
  const file = logoPath ? logoFile(dataDir, logoPath) : undefined;
  if (file) await unlink(file).catch(() => undefined);
}

export async function saveLogo(db: Db, dataDir: string, team: TeamRow, dataUrl: string): Promise<TeamRow> {
  const decoded = decodeLogo(dataUrl);
  const kind = decoded.kind;
  const bytes = await reencodeLogo(decoded.bytes, kind);
  const relDir = join('uploads', 'teams', String(team.id));
  await mkdir(resolve(dataDir, relDir), { recursive: true });
  const logoPath = join(relDir, `logo-${randomBytes(9).toString('hex')}.${kind.ext}`);
  await writeFile(resolve(dataDir, logoPath), bytes, { mode: 0o640 });
  const updated = await repo.updateTeam(db, team.id, { logoPath });
  if (!updated) {
    await removeFile(dataDir, logoPath);
    throw notFound();
  }
  if (team.logoPath && team.logoPath !== logoPath) await removeFile(dataDir, team.logoPath);
  return updated;
}

export async function deleteLogo(db: Db, dataDir: string, team: TeamRow): Promise<TeamRow> {
  const updated = await repo.updateTeam(db, team.id, { logoPath: null });
  if (!updated) throw notFound();
  await removeFile(dataDir, team.logoPath);
  return updated;
}

/** Up to two initials of the company name ("Yoga Studio Bern" → "YS"). */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s\-_.,/&+]+/u)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  const letters = words.slice(0, 2).map((w) => Array.from(w.replace(/^[^\p{L}\p{N}]+/u, ''))[0] ?? '');
  return letters.join('').toLocaleUpperCase() || '?';
}

const escXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A square SVG with the initials on a colour derived from the id (stable per company). */
export function avatarSvg(id: number, name: string): string {
  const hue = (id * 137) % 360;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">` +
    `<rect width="128" height="128" rx="16" fill="hsl(${hue}, 55%, 38%)"/>` +
    `<text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="52" font-weight="600" fill="#ffffff">${escXml(initials(name))}</text>` +
    `</svg>`
  );
}

/** What GET /avatar/team/{id} sends: the logo file, or the SVG avatar. */
export async function teamAvatar(db: Db, dataDir: string, teamId: number): Promise<{ type: string; body: Buffer | string }> {
  const badge = await repo.findTeamBadge(db, teamId);
  if (!badge) throw notFound();
  if (badge.logoPath) {
    const file = logoFile(dataDir, badge.logoPath);
    const kind = BY_EXT[badge.logoPath.split('.').pop() ?? ''];
    if (file && kind) {
      const body = await readFile(file).catch(() => undefined);
      if (body) return { type: kind.mime, body };
    }
  }
  return { type: 'image/svg+xml; charset=utf-8', body: avatarSvg(teamId, badge.name) };
}
