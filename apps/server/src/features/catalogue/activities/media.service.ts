import { encodeMessage, HEADER_IMAGE_MAX_MB, type HeaderImage } from '@bookla/shared';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound, validationError } from '../../../lib/app-error.ts';
import { isValidKey, newMediaKey, removeLeftovers, type Storage } from '../../../lib/storage.ts';
import { decodeImage, sniffImage } from '../../../lib/images.ts';
import * as repo from './activities.repo.ts';

/**
 * Header images of activities: checked by their magic bytes, re-encoded by sharp into two WebP
 * variants (which also drops EXIF data such as GPS positions), stored under a random key.
 */

/** The spec's file-size rule: bytes / 1,000,000 ≤ limit. */
export const HEADER_IMAGE_MAX_BYTES = HEADER_IMAGE_MAX_MB * 1_000_000;
export const VARIANTS = { list: 480, detail: 1600 } as const;
export type Variant = keyof typeof VARIANTS;

export const variantKey = (key: string, variant: Variant) => `${key}/${variant}.webp`;

export function headerImageUrls(key: string | null): HeaderImage | null {
  return key ? { list_url: `/media/${key}/list.webp`, detail_url: `/media/${key}/detail.webp` } : null;
}

export const imageTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', 'activities:image.too_large', {
    params: { max: HEADER_IMAGE_MAX_MB },
    fields: { file: [encodeMessage('activities:image.too_large', { max: HEADER_IMAGE_MAX_MB })] },
  });

/** JPEG/PNG/WebP bytes → the WebP variants (never wider than the original). */
export async function renderVariants(bytes: Buffer): Promise<Record<Variant, Buffer>> {
  if (bytes.length > HEADER_IMAGE_MAX_BYTES) throw imageTooLarge();
  if (!bytes.length) throw validationError({ file: ['validation:required'] });
  if (!sniffImage(bytes)) throw validationError({ file: ['activities:image.type'] });
  try {
    const render = (width: number) => decodeImage(bytes).resize({ width, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
    const [list, detail] = await Promise.all([render(VARIANTS.list), render(VARIANTS.detail)]);
    return { list, detail };
  } catch {
    throw validationError({ file: ['activities:image.invalid'] });
  }
}

/** Stores the variants under a new key, points the activity at it and removes the old files. */
export async function saveHeaderImage(db: Db, storage: Storage, teamId: number, activityId: number, bytes: Buffer): Promise<HeaderImage> {
  if (!(await repo.findActivity(db, teamId, activityId))) throw notFound();
  const variants = await renderVariants(bytes);
  const key = newMediaKey();
  for (const variant of Object.keys(VARIANTS) as Variant[]) await storage.put(variantKey(key, variant), variants[variant]);
  const old = await db
    .transaction(async (tx) => {
      const row = await repo.lockActivity(tx, teamId, activityId);
      if (!row) return undefined;
      await repo.updateActivity(tx, teamId, activityId, { headerImagePath: key });
      return { previous: row.headerImagePath };
    })
    .catch(async (err: unknown) => {
      await storage.delete(key);
      throw err;
    });
  if (!old) {
    await storage.delete(key);
    throw notFound();
  }
  if (old.previous && isValidKey(old.previous)) await removeLeftovers(storage, [old.previous]);
  return headerImageUrls(key)!;
}

export async function deleteHeaderImage(db: Db, storage: Storage, teamId: number, activityId: number): Promise<void> {
  const previous = await db.transaction(async (tx) => {
    const row = await repo.lockActivity(tx, teamId, activityId);
    if (!row) throw notFound();
    if (row.headerImagePath) await repo.updateActivity(tx, teamId, activityId, { headerImagePath: null });
    return row.headerImagePath;
  });
  if (previous && isValidKey(previous)) await removeLeftovers(storage, [previous]);
}

/** Copies an image's files to a new key (for duplicates); undefined when there is nothing to copy. */
export async function copyHeaderImage(storage: Storage, key: string | null): Promise<string | undefined> {
  if (!key || !isValidKey(key)) return undefined;
  const files = await Promise.all(
    (Object.keys(VARIANTS) as Variant[]).map(async (v) => [v, await storage.get(variantKey(key, v))] as const),
  );
  if (files.some(([, body]) => !body)) return undefined;
  const copy = newMediaKey();
  for (const [variant, body] of files) await storage.put(variantKey(copy, variant), body!);
  return copy;
}

const MEDIA_VARIANT = /^(list|detail)(?:\.webp)?$/;

/** A stored variant for GET /media/:key/:variant, or undefined. */
export async function readMedia(storage: Storage, key: string, variant: string): Promise<Buffer | undefined> {
  const m = MEDIA_VARIANT.exec(variant);
  if (!m || !isValidKey(key) || key.includes('/')) return undefined;
  return storage.get(variantKey(key, m[1] as Variant));
}
