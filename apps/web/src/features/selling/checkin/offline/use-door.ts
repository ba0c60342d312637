import type { CheckinSession } from '@bookla/shared/checkin';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { CheckinOutcome } from '../api/checkin-api';
import { openCheckinStore, type CheckinStore } from './checkin-store';
import { cacheSession, checkInAtDoor, countSession, rememberOutcome, syncQueue, type Door, type SyncReport } from './door';

/** How often a queue is sent again while scans wait (the `online` event sends it at once). */
export const SYNC_RETRY_MS = 15_000;

function subscribeOnline(notify: () => void) {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
}

/** `navigator.onLine`, live. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

export type ListState = 'none' | 'saving' | 'saved' | 'failed';

export interface DoorState {
  /** Offline: the browser says so, or the server could not be reached on the last call. */
  offline: boolean;
  /** IndexedDB is there (offline mode possible). */
  canWorkOffline: boolean;
  counts: { checkedIn: number; expected: number } | null;
  list: { state: ListState; savedAt: string | null };
  queued: number;
  syncing: boolean;
  lastSync: SyncReport | null;
  syncFailed: boolean;
  scan: (code: string) => Promise<CheckinOutcome>;
  /** After an undo (or another online change of one ticket): the saved list and the count follow. */
  remember: (code: string, outcome: CheckinOutcome) => Promise<void>;
  saveList: () => Promise<void>;
  syncNow: () => Promise<void>;
  dismissSync: () => void;
}

/**
 * The scanner's door for the chosen date: opens the device store, saves the date's list when it
 * is chosen, decides scans (online or from the list), counts, and sends queued scans when the
 * connection is back (the `online` event, then every `SYNC_RETRY_MS` while scans wait).
 */
export function useDoor(session: CheckinSession | null): DoorState {
  const browserOnline = useOnline();
  const [store, setStore] = useState<CheckinStore | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  const [counts, setCounts] = useState<DoorState['counts']>(null);
  const [list, setList] = useState<DoorState['list']>({ state: 'none', savedAt: null });
  const [queued, setQueued] = useState(0);
  const [syncing, setSyncing] = useState(false);
  const [lastSync, setLastSync] = useState<SyncReport | null>(null);
  const [syncFailed, setSyncFailed] = useState(false);
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const sessionId = session?.id ?? null;
  const busy = useRef(false);

  useEffect(() => {
    let live = true;
    void openCheckinStore().then((s) => live && setStore(s));
    return () => {
      live = false;
    };
  }, []);

  // A scan right after the page opened waits for the store (it opens once, in milliseconds).
  const door = useCallback(
    async (): Promise<Door> => ({
      store: store ?? (await openCheckinStore()),
      session: sessionRef.current,
      online: () => navigator.onLine,
    }),
    [store],
  );

  const refresh = useCallback(async () => {
    if (!store) return;
    setQueued((await store.queued()).length);
    const current = sessionRef.current;
    if (!current) return setCounts(null);
    const cached = await store.session(current.id);
    setCounts(cached ? await countSession(store, current.id) : null);
    setList((l) => (cached ? { state: l.state === 'saving' ? 'saving' : 'saved', savedAt: cached.fetched_at } : l));
  }, [store]);

  const saveList = useCallback(async () => {
    const current = sessionRef.current;
    if (!store || !current) return;
    setList((l) => ({ ...l, state: 'saving' }));
    try {
      await cacheSession(store, current);
      setUnreachable(false);
      setList({ state: 'saved', savedAt: new Date().toISOString() });
    } catch {
      // Offline or refused: an earlier saved list of this date (if any) still decides.
      const cached = await store.session(current.id);
      setList({ state: cached ? 'saved' : 'failed', savedAt: cached?.fetched_at ?? null });
    }
    await refresh();
  }, [store, refresh]);

  const syncNow = useCallback(async () => {
    if (!store || busy.current) return;
    busy.current = true;
    setSyncing(true);
    try {
      const report = await syncQueue(store, sessionRef.current?.id ?? null);
      setSyncFailed(false);
      setUnreachable(false);
      if (report.synced) {
        setLastSync(report);
        // Other devices checked people in meanwhile: fetch the date's list again.
        if (sessionRef.current) await saveList();
      }
    } catch {
      setSyncFailed(true);
    } finally {
      busy.current = false;
      setSyncing(false);
      await refresh();
    }
  }, [store, refresh, saveList]);

  // A chosen date: save its list (online), else show what the device already has.
  useEffect(() => {
    setList({ state: 'none', savedAt: null });
    setCounts(null);
    if (!store) return;
    if (sessionId !== null && navigator.onLine) void saveList();
    else void refresh();
  }, [store, sessionId, saveList, refresh]);

  // Back online: send the queue at once; while scans wait, try again now and then.
  useEffect(() => {
    const onOnline = () => void syncNow();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [syncNow]);
  useEffect(() => {
    if (!queued || !browserOnline) return;
    const timer = setInterval(() => void syncNow(), SYNC_RETRY_MS);
    return () => clearInterval(timer);
  }, [queued, browserOnline, syncNow]);

  const scan = useCallback(
    async (code: string) => {
      const outcome = await checkInAtDoor(code, await door());
      const decidedOffline = ('offline' in outcome && outcome.offline === true) || outcome.kind === 'queued';
      setUnreachable(decidedOffline && navigator.onLine);
      await refresh();
      return outcome;
    },
    [door, refresh],
  );

  const remember = useCallback(
    async (code: string, outcome: CheckinOutcome) => {
      await rememberOutcome(await door(), code, outcome);
      await refresh();
    },
    [door, refresh],
  );

  return {
    offline: !browserOnline || unreachable,
    canWorkOffline: store !== null,
    counts,
    list,
    queued,
    syncing,
    lastSync,
    syncFailed,
    scan,
    remember,
    saveList,
    syncNow,
    dismissSync: () => setLastSync(null),
  };
}
