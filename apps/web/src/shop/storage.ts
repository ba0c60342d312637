/**
 * sessionStorage for the reservation and the checkout draft, so a reload keeps both. Inside an
 * iframe with storage blocked (or when it is full) reading or writing throws: then a Map keeps
 * them for the life of the page.
 */
const memory = new Map<string, string>();

function session(): Storage | null {
  try {
    return window.sessionStorage;
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
  raw ??= memory.get(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  const raw = JSON.stringify(value);
  try {
    const s = session();
    if (!s) throw new Error('no sessionStorage');
    s.setItem(key, raw);
    memory.delete(key);
  } catch {
    memory.set(key, raw);
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
