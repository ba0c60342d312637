import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Config } from '../../../config/env.ts';
import { appStorage, scopedStorage, type Storage } from '../../../lib/storage.ts';

/**
 * Rendered PDFs, kept per order version in the app's storage under `document-cache/` (STORAGE_URL:
 * a folder, or an object store shared by every instance — never only in one process's memory).
 * NOT under `media/`: that part is served publicly under /media, and tickets carry check-in codes.
 *
 * Key: `{day}/{team}/{order}/{kind}/{version}.pdf`. The version is a hash of everything the PDF
 * shows — the digest the database computes of the document context (order with its lines,
 * participants, language and status, team with its logo's path — a new upload gets a new random
 * path —, payment details, dates and locations as they are now), the app's URL and name — and of
 * the layout itself (the render modules and the documents texts), so any change to the order or
 * to the code is a new key: nothing needs to be invalidated by hand, an old version is simply
 * never asked for again. Because the database computes the digest, a hit costs one small
 * statement and a file read, nothing built in this process.
 *
 * Bounded: one version per order and kind (writing one removes the others of that day), and
 * days expire — entries are read from today's folder only, and folders older than yesterday are
 * removed (at most once an hour per process, after a write and without holding it up: in an
 * object store each folder is a listing and a delete). A process's first sweep looks 90 days
 * back (what processes that are gone left), its later ones only back to the days the one before saw.
 * A cache miss only costs a render.
 */

const SOURCES = [
  'render-worker.ts',
  'tickets-pdf.ts',
  'invoice-pdf.ts',
  'credit-note-pdf.ts',
  'pdf.ts',
  'format.ts',
  'payment-reference.ts',
  // Fonts and the QR-bill's text rules change what a PDF looks like too.
  'pdf-fonts.ts',
  'qr-bill.ts',
];
let layout: string | undefined;

/** A hash of the rendering code and the documents' texts in every language. */
function layoutVersion(): string {
  if (layout) return layout;
  const h = createHash('sha256');
  for (const file of SOURCES) h.update(readFileSync(new URL(`./${file}`, import.meta.url)));
  for (const lang of ['de', 'en', 'fr']) h.update(readFileSync(new URL(`../../../locales/${lang}/documents.json`, import.meta.url)));
  layout = h.digest('hex');
  return layout;
}

/**
 * The version of a document: its kind, the digest of its order's context (document-context.ts:
 * everything the document shows, hashed by the database, the logo's path included), the app's
 * URL and name, and the layout.
 */
export function documentVersion(input: { kind: string; digest: string; appUrl: string; appName: string }): string {
  const model = JSON.stringify([layoutVersion(), input.kind, input.digest, input.appUrl, input.appName]);
  return createHash('sha256').update(model).digest('base64url').slice(0, 32);
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const DAY = 24 * 3600_000;
/** Folders this many days back (and up to 90 days further) are removed by the sweep. */
const KEEP_DAYS = 2;

export interface DocumentCache {
  get(teamId: number, orderId: number, kind: string, version: string): Promise<Buffer | undefined>;
  put(teamId: number, orderId: number, kind: string, version: string, pdf: Buffer): Promise<void>;
}

export function createDocumentCache(storage: Storage, now: () => Date = () => new Date()): DocumentCache & { swept(): Promise<void> } {
  let lastSweep = 0;
  let sweeping: Promise<void> = Promise.resolve();
  const sweep = async (t: number, days: number) => {
    for (let back = KEEP_DAYS; back < KEEP_DAYS + days; back++) await storage.delete(dayOf(new Date(t - back * DAY)));
  };
  const maybeSweep = () => {
    const t = now().getTime();
    if (t - lastSweep < 3600_000) return;
    // Back to the day the last sweep saw expire (90 days at most, all of them on the first).
    const days = lastSweep === 0 ? 90 : Math.min(90, Math.ceil((t - lastSweep) / DAY) + 1);
    const previous = lastSweep;
    lastSweep = t;
    // A failed sweep (the store down) is tried again with the next write: the folders stay until then.
    sweeping = sweep(t, days).catch(() => {
      lastSweep = previous;
    });
  };
  const folder = (teamId: number, orderId: number, kind: string) => `${dayOf(now())}/${teamId}/${orderId}/${kind}`;
  return {
    async get(teamId, orderId, kind, version) {
      return storage.get(`${folder(teamId, orderId, kind)}/${version}.pdf`);
    },
    async put(teamId, orderId, kind, version, pdf) {
      const dir = folder(teamId, orderId, kind);
      await storage.delete(dir);
      await storage.put(`${dir}/${version}.pdf`, pdf);
      maybeSweep();
    },
    /** Tests: when the sweep the last write started has ended. */
    swept: () => sweeping,
  };
}

/** The app's document cache: `document-cache/…` of the app's storage. */
export function documentCacheStorage(config: Pick<Config, 'dataDir' | 'storage'>): Storage {
  return scopedStorage(appStorage(config), 'document-cache');
}
