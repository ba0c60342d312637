import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { gt } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, onSendAsyncHookHandler } from 'fastify';
import type { Db } from '../db/client.ts';
import { catalogueVersions } from '../db/schema/index.ts';

/**
 * Public reads for a CDN and for us (CONTRACT §7, issue 23 item 2, decision 026).
 *
 * - Every public read (the catalogue, a team's public data, the shop's and the landing pages'
 *   HTML for visitors without a session) answers with a strong `ETag`, `304` to a matching
 *   `If-None-Match`, and `Cache-Control: public, max-age=0, s-maxage=30, stale-while-revalidate=300`:
 *   a CDN keeps it for 30 s, browsers always ask again (and get a 304 when nothing changed).
 * - Each instance keeps the rendered answers in memory, keyed by what was asked and by the team's
 *   catalogue version (`catalogue_versions`, moved by triggers in the transaction of any change,
 *   migration 0024). A hit does no database work. The versions that moved are read every 2 s, so
 *   another instance's change is seen within that; if that read fails for 10 s, nothing is served
 *   from memory. Availability (seats sold and held) does not move a version (checkouts would queue
 *   on one row per team): an answer that shows it is kept at most `maxAgeMs`; the checkout always
 *   counts live stock, so a cached answer never sells a seat that is gone.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=300';

/** The answer's bytes decide its tag: equal bytes, equal tag, on every instance (no per-process salt). */
export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** `If-None-Match` (RFC 9110 §13.1.2): a list of tags or `*`, compared weakly. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const own = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === own);
}

export interface PublicAnswer {
  body: string;
  contentType: string;
  /** The team whose catalogue version the answer depends on; null: none (the landing pages). */
  teamId: number | null;
}

export interface Entry extends PublicAnswer {
  etag: string;
  version: number;
  /** The team's local mark when kept (`invalidateTeam`). */
  mark: number;
  storedAt: number;
  maxAgeMs: number;
  /** Compressed once, on the first request that accepts it (`encodedBody`); `identity`: the UTF-8 bytes, encoded once too. */
  encoded?: Partial<Record<Coding | 'identity', Buffer>>;
}

type Coding = 'br' | 'gzip';
/** Smaller answers go as they are (the compression plugin's threshold). */
const COMPRESS_FROM = 1024;

/** The coding a client accepts best (br, then gzip; `;q=0` refuses one), if any. */
export function acceptedCoding(header: string | string[] | undefined): Coding | undefined {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (coding: string) => (accepted.get(coding) ?? accepted.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : undefined;
}

/** A kept answer in a content coding, compressed once per entry (brotli at a fast level: ~1 ms per 50 KB). */
function encodedBody(entry: Entry, coding: Coding): Buffer {
  entry.encoded ??= {};
  return (entry.encoded[coding] ??=
    coding === 'br'
      ? brotliCompressSync(entry.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(entry.body, { level: 6 }));
}

/**
 * The catalogue versions this instance knows. `of(team)` is the last one read (0: never changed).
 * `refresh()` reads the versions that moved since the last read (with a 60 s overlap: a change
 * committed late, by a transaction that began before the last read, is still seen).
 */
export class CatalogueVersions {
  private readonly versions = new Map<number, number>();
  /** Moves whenever a read found a version that changed: an answer produced across it is not kept. */
  generation = 0;
  private since: Date | undefined;
  private lastOkAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly log?: FastifyBaseLogger,
    private readonly now: () => number = () => Date.now(),
  ) {}

  of(teamId: number): number {
    return this.versions.get(teamId) ?? 0;
  }

  /** Whether the versions were read recently enough to trust what is kept. */
  get current(): boolean {
    return this.now() - this.lastOkAt < 10_000;
  }

  async refresh(): Promise<void> {
    this.running ??= this.read().finally(() => (this.running = undefined));
    return this.running;
  }

  private async read(): Promise<void> {
    try {
      const started = new Date(this.now());
      const rows = await this.db
        .select({ teamId: catalogueVersions.teamId, version: catalogueVersions.version })
        .from(catalogueVersions)
        .where(this.since ? gt(catalogueVersions.changedAt, new Date(this.since.getTime() - 60_000)) : undefined);
      let moved = false;
      for (const row of rows) {
        const version = Number(row.version);
        if (this.versions.get(row.teamId) !== version) {
          this.versions.set(row.teamId, version);
          moved = true;
        }
      }
      if (moved) this.generation++;
      this.since = started;
      this.lastOkAt = this.now();
    } catch (err) {
      // The database is away: what is kept ages out (`current`), and the next read tries again.
      this.log?.warn({ err }, 'reading catalogue versions failed');
    }
  }

  start(intervalMs = 2000): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.refresh(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}

export interface PublicCacheOptions {
  /** Answers kept at most (least recently used go first). */
  maxEntries?: number;
  /** Bytes of answers kept at most. */
  maxBytes?: number;
}

export class PublicReadCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  /** Teams written through this instance since it started: their kept answers are stale at once. */
  private readonly marks = new Map<number, number>();
  readonly stats = { hits: 0, misses: 0, shared: 0 };
  /** Answers being produced, by key: requests that miss meanwhile wait for it (`producing`, `startProducing`). */
  private readonly inFlight = new Map<string, Promise<Entry | undefined>>();

  constructor(
    readonly versions: CatalogueVersions,
    opts: PublicCacheOptions = {},
    private readonly now: () => number = () => Date.now(),
  ) {
    this.maxEntries = opts.maxEntries ?? 2000;
    this.maxBytes = opts.maxBytes ?? 32 * 1024 * 1024;
  }

  private fresh(entry: Entry): boolean {
    if (this.now() - entry.storedAt >= entry.maxAgeMs || !this.versions.current) return false;
    if (entry.teamId === null) return true;
    return this.versions.of(entry.teamId) === entry.version && (this.marks.get(entry.teamId) ?? 0) === entry.mark;
  }

  /**
   * A write through this instance that may change what the team's public reads show (an order
   * takes seats, staff edit a date): what this instance keeps of the team is stale at once, so a
   * visitor or provider reads their own write here. Other instances see catalogue changes through
   * the versions, and seats within the 5 s their answers are kept.
   */
  invalidateTeam(teamId: number): void {
    this.marks.set(teamId, (this.marks.get(teamId) ?? 0) + 1);
    this.versions.generation++;
  }

  private get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (!this.fresh(entry)) {
      this.bytes -= entry.body.length;
      return undefined;
    }
    this.entries.set(key, entry); // most recently used last
    return entry;
  }

  private set(key: string, entry: Entry): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.body.length;
    }
    if (entry.body.length > this.maxBytes / 8) return;
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    for (const [k, e] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= e.body.length;
    }
  }

  /** What is kept for `key`, when it is still fresh. */
  hit(key: string): Entry | undefined {
    const entry = this.get(key);
    if (entry) this.stats.hits++;
    else this.stats.misses++;
    return entry;
  }

  /**
   * A route's `onRequest` hook answering a hit before the route validates its input or runs:
   * a key is only ever kept for a request that passed validation, so the same key needs none.
   * `key` must compute what the handler's key would (from the raw query).
   */
  answerHits(key: (request: FastifyRequest) => string, vary?: (request: FastifyRequest) => string) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const kept = this.hit(key(request));
      if (!kept) return;
      if (vary) reply.header('vary', vary(request));
      return sendPublic(request, reply, kept);
    };
  }

  /** Taken before an answer is produced: `keep` stores it only if no version moved meanwhile. */
  begin(): { generation: number; current: boolean } {
    return { generation: this.versions.generation, current: this.versions.current };
  }

  /**
   * The answer being produced for `key` by another request, if one is: it resolves to that answer
   * when it is a shared one, else to undefined (the waiter then produces its own). Without this,
   * an answer that just expired (the shop page's seats, kept 5 s) was produced again by every
   * request in flight: on PostgreSQL, 41 renders of the shop page in 4 s at 50 connections.
   */
  producing(key: string): Promise<Entry | undefined> | undefined {
    return this.inFlight.get(key);
  }

  /**
   * Marks the answer for `key` as being produced by this request (unless another already is).
   * Call the returned function with the answer when there is one, and in any case when done
   * (a `finally`): waiters get the first value given, undefined for an error or a private answer.
   */
  startProducing(key: string): (entry?: Entry) => void {
    if (this.inFlight.has(key)) return () => {};
    let settle!: (entry: Entry | undefined) => void;
    this.inFlight.set(key, new Promise<Entry | undefined>((resolve) => (settle = resolve)));
    let settled = false;
    return (entry) => {
      if (settled) return;
      settled = true;
      this.inFlight.delete(key);
      settle(entry);
    };
  }

  /**
   * The answer another request is producing for `key`, to wait for; undefined at once when none
   * is (no await in between: requests that miss together must find the first one's mark).
   */
  shared(key: string): Promise<Entry | undefined> | undefined {
    const pending = this.inFlight.get(key);
    return pending?.then((entry) => {
      if (entry) this.stats.shared++;
      return entry;
    });
  }

  /** The produced answer with its tag; kept when no version moved while it was produced (it could show the older state under the newer version otherwise). */
  keep(key: string, begun: { generation: number; current: boolean }, answer: PublicAnswer, maxAgeMs: number): Entry {
    const entry: Entry = {
      ...answer,
      etag: strongEtag(answer.body),
      version: answer.teamId === null ? 0 : this.versions.of(answer.teamId),
      mark: answer.teamId === null ? 0 : (this.marks.get(answer.teamId) ?? 0),
      storedAt: this.now(),
      maxAgeMs,
    };
    if (begun.current && begun.generation === this.versions.generation) this.set(key, entry);
    return entry;
  }

  /**
   * Answers a public read: from memory when what is kept is fresh, else from `produce` (then
   * kept). `key` must name everything the answer depends on (path, query, language); `produce`
   * throws for an error answer, which is never kept.
   */
  async serve(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    maxAgeMs: number,
    produce: () => Promise<PublicAnswer>,
  ): Promise<FastifyReply> {
    let entry = this.get(key);
    if (entry) this.stats.hits++;
    else {
      const pending = this.shared(key);
      if (pending) entry = await pending;
    }
    // Nothing awaited since the miss when nobody was producing it (not even `await undefined`,
    // which yields too): this request marks it at once, before another can miss.
    if (!entry) {
      const done = this.startProducing(key);
      try {
        const begun = this.begin();
        entry = this.keep(key, begun, await produce(), maxAgeMs);
        done(entry);
      } finally {
        done();
      }
    }
    return sendPublic(request, reply, entry);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    this.versions.generation++;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every write through this instance marks its team's kept public reads stale before its reply
 * leaves (so the next read, by the same client or anyone, is fresh here): the team of the path
 * (`:teamId`, public checkout and customer calls) or of the staff session.
 */
export function invalidateOnWrites(app: FastifyInstance): void {
  const invalidate: onSendAsyncHookHandler = async (request, reply, payload) => {
    // Only a write that was made: a refused or unknown call changed nothing, and must not let an
    // anonymous caller empty the cache (every visitor's read would go to the database again).
    if (!UNSAFE.has(request.method) || request.is404 || reply.statusCode >= 300) return payload;
    const fromPath = Number((request.params as { teamId?: unknown } | undefined)?.teamId);
    const teamId = Number.isInteger(fromPath) && fromPath > 0 ? fromPath : (request.auth?.team?.id ?? request.apiToken?.team.id);
    if (teamId) app.deps.publicCache.invalidateTeam(teamId);
    // A buyer's own order or waiting-list calls name no team (`/api/public/orders/{id}/cancel`):
    // everything kept here is dropped (they need a valid order or removal token and are
    // rate-limited; log-ins never drop it).
    else if (request.url.startsWith('/api/public/') || request.url.startsWith('/api/customer/')) app.deps.publicCache.clear();
    return payload;
  };
  // On the routes that write only (registered after this): a hook costs every request it runs for.
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().some((method) => UNSAFE.has(method))) return;
    route.onSend = [...(route.onSend ? [route.onSend].flat() : []), invalidate];
  });
}

/** The route's own serializer (its documented 200 schema: unknown keys never leave) as text. */
export function serialized(reply: FastifyReply, payload: unknown): string {
  const out = reply.serialize(payload) as string | Buffer | ArrayBuffer;
  return typeof out === 'string' ? out : Buffer.from(out as ArrayBuffer).toString('utf8');
}

/** Sends a public answer: its tag, the CDN's cache header, and 304 when the client has it already. */
export function sendPublic(request: FastifyRequest, reply: FastifyReply, answer: Entry) {
  // A reply that sets a cookie is somebody's: never for a shared cache.
  if (reply.hasHeader('set-cookie')) return reply.header('etag', answer.etag).type(answer.contentType).send(answer.body);
  // Each content coding is its own representation with its own strong tag (RFC 9110 §8.8.3);
  // a client holding any of them has the current answer.
  const coding = answer.body.length >= COMPRESS_FROM ? acceptedCoding(request.headers['accept-encoding']) : undefined;
  const etag = coding ? `${answer.etag.slice(0, -1)}.${coding}"` : answer.etag;
  reply.header('etag', etag).header('cache-control', PUBLIC_CACHE_CONTROL);
  const held = request.headers['if-none-match'];
  if (etagMatches(held, etag) || etagMatches(held, answer.etag)) return reply.code(304).send();
  reply.type(answer.contentType);
  // Compressed once per kept answer, not per request: the compression plugin leaves it alone.
  if (coding) return reply.header('content-encoding', coding).send(encodedBody(answer, coding));
  answer.encoded ??= {};
  return reply.send((answer.encoded.identity ??= Buffer.from(answer.body)));
}
