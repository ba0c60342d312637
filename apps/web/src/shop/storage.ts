/**
 * sessionStorage for the reservation and the checkout draft, so a reload keeps both. Inside an
 * iframe with storage blocked (or in private modes) reading it throws: then a Map keeps them for
 * the life of the page.
 */
const memory = new Map<string, string>();

function session(): Storage | null {
  try {
    const s = window.sessionStorage;
    s.setItem('bookla.probe', '1');
    s.removeItem('bookla.probe');
    return s;
  } catch {
    return null;
  }
}

export function readJson<T>(key: string): T | null {
  let raw: string | null | undefined;
  try {
    raw = session()?.getItem(key);
  } catch {
    raw = null;
  }
  raw ??= memory.get(key) ?? null;
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  const raw = JSON.stringify(value);
  memory.set(key, raw);
  try {
    session()?.setItem(key, raw);
  } catch {
    // Full or blocked: the in-memory copy serves this page.
  }
}

export function removeKey(key: string): void {
  memory.delete(key);
  try {
    session()?.removeItem(key);
  } catch {
    // Blocked: nothing stored there.
  }
}
