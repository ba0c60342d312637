import { useEffect, useEffectEvent, useState } from 'react';

/**
 * Loading data the small way: one request per key, aborted when the key changes or the page goes,
 * and a small cache so going back to a page shows it at once. `reload()` asks again.
 */

const MAX_ENTRIES = 50;
const cache = new Map<string, unknown>();

function remember(key: string, value: unknown) {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
}

/** For tests: forget everything loaded. */
export function clearFetchCache(): void {
  cache.clear();
}

export interface FetchState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload(): void;
}

interface Slot<T> {
  key: string | null;
  data?: T;
  error?: unknown;
  done: boolean;
}

export function useFetch<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  options: { cache?: boolean } = {},
): FetchState<T> {
  const useCache = options.cache !== false;
  const [slot, setSlot] = useState<Slot<T>>(() => ({
    key,
    data: key && useCache ? (cache.get(key) as T | undefined) : undefined,
    done: false,
  }));
  const [version, setVersion] = useState(0);
  const run = useEffectEvent(load);

  useEffect(() => {
    if (!key) return;
    const cached = useCache && version === 0 ? (cache.get(key) as T | undefined) : undefined;
    if (cached !== undefined) {
      setSlot({ key, data: cached, done: true });
      return;
    }
    const controller = new AbortController();
    setSlot((s) => (s.key === key ? { ...s, done: false } : { key, done: false }));
    run(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        if (useCache) remember(key, data);
        setSlot({ key, data, done: true });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setSlot((s) => ({ key, data: s.key === key ? s.data : undefined, error, done: true }));
      },
    );
    return () => controller.abort();
  }, [key, version, useCache]);

  const current = slot.key === key;
  return {
    data: current ? slot.data : key && useCache ? (cache.get(key) as T | undefined) : undefined,
    error: current ? slot.error : undefined,
    loading: !!key && (!current || !slot.done),
    reload: () => setVersion((v) => v + 1),
  };
}
