import type { CheckinSession, CheckinSessionTicket } from '@bookla/shared/checkin';

/**
 * The scanner's offline data in IndexedDB (hand-written, no library): the chosen date and its
 * tickets (hashed codes only, see `@bookla/shared` checkin.ts), and the scans made while offline,
 * which keep their real code until the sync has them. Choosing another date replaces the cached
 * list; queued scans stay until synced.
 */

export interface CachedSession {
  id: number;
  session: CheckinSession;
  /** When the list was fetched (ISO). */
  fetched_at: string;
}

export type CachedTicket = CheckinSessionTicket & { session_id: number };

export interface QueuedScan {
  id: number;
  code: string;
  scanned_at: string;
  /** The date checked in for; null: scanned without one (nothing to decide from, sync decides). */
  session_id: number | null;
}

const DB_NAME = 'bookla-checkin';
const VERSION = 1;

const request = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });

const finished = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });

function open(factory: IDBFactory): Promise<IDBDatabase> {
  const req = factory.open(DB_NAME, VERSION);
  req.onupgradeneeded = () => {
    const db = req.result;
    db.createObjectStore('sessions', { keyPath: 'id' });
    db.createObjectStore('tickets', { keyPath: ['session_id', 'code_hash'] }).createIndex('session', 'session_id');
    db.createObjectStore('queue', { keyPath: 'id', autoIncrement: true });
  };
  return request(req);
}

export interface CheckinStore {
  /** Replaces the cached list of this date (other dates' lists are dropped: one date per device). */
  saveSession(session: CheckinSession, tickets: CheckinSessionTicket[]): Promise<void>;
  session(id: number): Promise<CachedSession | undefined>;
  ticket(sessionId: number, codeHash: string): Promise<CachedTicket | undefined>;
  tickets(sessionId: number): Promise<CachedTicket[]>;
  putTicket(ticket: CachedTicket): Promise<void>;
  enqueue(scan: Omit<QueuedScan, 'id'>): Promise<void>;
  queued(): Promise<QueuedScan[]>;
  dequeue(ids: number[]): Promise<void>;
}

function storeOn(db: IDBDatabase): CheckinStore {
  const read = <T>(name: string, get: (store: IDBObjectStore) => IDBRequest<T>) => request(get(db.transaction(name).objectStore(name)));
  const write = (names: string[], run: (tx: IDBTransaction) => void) => {
    const tx = db.transaction(names, 'readwrite');
    run(tx);
    return finished(tx);
  };
  return {
    saveSession: (session, tickets) =>
      write(['sessions', 'tickets'], (tx) => {
        tx.objectStore('sessions').clear();
        tx.objectStore('tickets').clear();
        tx.objectStore('sessions').put({ id: session.id, session, fetched_at: new Date().toISOString() } satisfies CachedSession);
        for (const t of tickets) tx.objectStore('tickets').put({ ...t, session_id: session.id } satisfies CachedTicket);
      }),
    session: (id) => read<CachedSession | undefined>('sessions', (s) => s.get(id)),
    ticket: (sessionId, codeHash) => read<CachedTicket | undefined>('tickets', (s) => s.get([sessionId, codeHash])),
    tickets: (sessionId) => read<CachedTicket[]>('tickets', (s) => s.index('session').getAll(sessionId)),
    putTicket: (ticket) => write(['tickets'], (tx) => void tx.objectStore('tickets').put(ticket)),
    enqueue: (scan) => write(['queue'], (tx) => void tx.objectStore('queue').add(scan)),
    queued: () => read<QueuedScan[]>('queue', (s) => s.getAll()),
    dequeue: (ids) => write(['queue'], (tx) => ids.forEach((id) => tx.objectStore('queue').delete(id))),
  };
}

const opened = new WeakMap<IDBFactory, Promise<CheckinStore | null>>();

/** The store, or null where the browser has no IndexedDB (or refuses it, e.g. private mode): no offline mode. */
export function openCheckinStore(factory: IDBFactory | undefined = globalThis.indexedDB): Promise<CheckinStore | null> {
  if (!factory) return Promise.resolve(null);
  let store = opened.get(factory);
  if (!store) {
    store = open(factory).then(storeOn, () => null);
    opened.set(factory, store);
  }
  return store;
}
