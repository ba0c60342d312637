import { vi } from 'vitest';

/**
 * A stand-in for Embla (embla-carousel-react) in happy-dom, which lays nothing out: it keeps
 * the selected slide and emits `select` as Embla does, so the carousel's own logic (autoplay,
 * pausing, controls) can be tested with fake timers.
 */
export function createFakeEmbla(count: number) {
  let index = 0;
  const listeners = new Set<() => void>();
  const select = (i: number) => {
    index = ((i % count) + count) % count;
    listeners.forEach((l) => l());
  };
  const api = {
    selectedScrollSnap: () => index,
    scrollNext: vi.fn(() => select(index + 1)),
    scrollPrev: vi.fn(() => select(index - 1)),
    scrollTo: vi.fn((i: number) => select(i)),
    on: (event: string, listener: () => void) => {
      if (event === 'select') listeners.add(listener);
      return api;
    },
    off: (event: string, listener: () => void) => {
      if (event === 'select') listeners.delete(listener);
      return api;
    },
  };
  const options: unknown[] = [];
  const hook = (opts?: unknown) => {
    options.push(opts);
    return [() => {}, api] as const;
  };
  return { api, hook, options };
}

/** An IntersectionObserver whose entries the test decides (`enterAll`). */
export function installFakeIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; targets: Element[] }>();
  class FakeObserver {
    private entry: { callback: IntersectionObserverCallback; targets: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: [] };
      observers.add(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    unobserve() {}
    disconnect() {
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    enterAll() {
      for (const o of [...observers]) {
        o.callback(
          o.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
          {} as IntersectionObserver,
        );
      }
    },
  };
}
