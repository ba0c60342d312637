import { randomBytes } from 'node:crypto';
import { LOGO_MAX_BYTES } from '@bookla/shared';
import type { Db } from '../../db/client.ts';
import { notFound, validationError } from '../../lib/app-error.ts';
import { decodeImage, JPEG, PNG, sniffImage, WEBP, type ImageKind } from '../../lib/images.ts';
import type { Storage } from '../../lib/storage.ts';
import * as repo from './teams.repo.ts';
import type { TeamRow } from './teams.repo.ts';

/**
 * Company logos: uploaded as a data URL, checked by their magic bytes (not only the declared
 * type), re-encoded by sharp in their own format (which drops EXIF/GPS and anything appended to
 * the image, keeps PNG/WebP transparency and bounds the size), stored in the app's storage
 * (STORAGE_URL, lib/storage.ts) under `logos/{team}/logo-{random}.{ext}`: that key is what
 * `teams.logo_path` holds (migration 0023 moved the older `uploads/teams/…` paths there), so any
 * instance serves a logo another one stored. No SVG. Without a logo the avatar is an SVG with the
 * company's initials.
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

/** Whether a `teams.logo_path` is a logo's storage key (`logos/{team}/logo-{hex}.{png|jpg|webp}`). */
export function isLogoKey(logoPath: string): boolean {
  return /^logos\/\d{1,12}\/logo-[0-9a-f]{6,64}\.(?:png|jpg|webp)$/.test(logoPath);
}

/** Best effort: a logo no longer referenced costs some bytes, never a failed call. */
async function removeLogo(storage: Storage, logoPath: string | null): Promise<void> {
  if (logoPath && isLogoKey(logoPath)) await storage.delete(logoPath).catch(() => undefined);
}

export async function saveLogo(db: Db, storage: Storage, team: TeamRow, dataUrl: string): Promise<TeamRow> {
  const decoded = decodeLogo(dataUrl);
  const kind = decoded.kind;
  const bytes = await reencodeLogo(decoded.bytes, kind);
  const logoPath = `logos/${team.id}/logo-${randomBytes(9).toString('hex')}.${kind.ext}`;
  // Stored first: the row never names a logo that is not there (the store down: 503, nothing changed).
  await storage.put(logoPath, bytes);
  const updated = await repo.updateTeam(db, team.id, { logoPath });
  if (!updated) {
    await removeLogo(storage, logoPath);
    throw notFound();
  }
  if (team.logoPath && team.logoPath !== logoPath) await removeLogo(storage, team.logoPath);
  return updated;
}

export async function deleteLogo(db: Db, storage: Storage, team: TeamRow): Promise<TeamRow> {
  const updated = await repo.updateTeam(db, team.id, { logoPath: null });
  if (!updated) throw notFound();
  await removeLogo(storage, team.logoPath);
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

/**
 * What GET /avatar/team/{id} sends: the logo, or the SVG avatar (no logo, or its file is gone).
 * The storage failing is a 503 (StorageUnavailableError), not the initials cached for minutes.
 */
export async function teamAvatar(db: Db, storage: Storage, teamId: number): Promise<{ type: string; body: Buffer | string }> {
  const badge = await repo.findTeamBadge(db, teamId);
  if (!badge) throw notFound();
  if (badge.logoPath && isLogoKey(badge.logoPath)) {
    const kind = BY_EXT[badge.logoPath.split('.').pop() ?? ''];
    const body = kind && (await storage.get(badge.logoPath));
    if (kind && body) return { type: kind.mime, body };
  }
  return { type: 'image/svg+xml; charset=utf-8', body: avatarSvg(teamId, badge.name) };
}
