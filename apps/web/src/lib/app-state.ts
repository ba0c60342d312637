import type { AppState, AppUser, appStateSchema } from '@bookla/shared/app-state';
import { DEFAULT_LANGUAGE, isLanguage } from '@bookla/shared/i18n';
import { useSyncExternalStore } from 'react';
import { api } from './api-client';
import { resolveDateStyle, setEnglishDateStyle } from './date-style';

/**
 * What the server injects into index.html (`#app-state`) or answers at `GET /api/srl/state`:
 * the shared `appStateSchema`. Only its type is imported: the boot path carries no zod.
 */
export type { AppState, AppUser };

const SESSION_FIELDS = ['role', 'team', 'teams', 'features', 'team_settings', 'permissions', 'two_factor_required'] as const;

export const DEFAULT_APP_STATE: AppState = {
  authenticated: false,
  user: null,
  language: DEFAULT_LANGUAGE,
  appName: 'Bookla',
};

/** Accepts anything and keeps only well-formed fields, so a bad payload never breaks boot. */
export function parseAppState(raw: unknown): AppState {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  // Passed on as the server sent it (its reply schema is the contract), like the session part.
  const user = r.user && typeof r.user === 'object' && !Array.isArray(r.user) ? (r.user as AppUser) : null;
  const authenticated = r.authenticated === true;
  const state: AppState = {
    authenticated,
    user,
    language: isLanguage(r.language) ? r.language : DEFAULT_LANGUAGE,
    appName: typeof r.appName === 'string' && r.appName.trim() ? r.appName : DEFAULT_APP_STATE.appName,
  };
  // The session part is the server's own typed reply; it is passed on as it is.
  if (authenticated) for (const field of SESSION_FIELDS) if (r[field] !== undefined) Object.assign(state, { [field]: r[field] });
  return state;
}

/** The data block is JSON, not a script: CSP forbids inline scripts, and JSON is never executed. */
export function readInjectedAppState(doc: Document = document): AppState | null {
  const el = doc.getElementById('app-state');
  if (!el?.textContent) return null;
  try {
    return parseAppState(JSON.parse(el.textContent));
  } catch {
    return null;
  }
}

let state: AppState = DEFAULT_APP_STATE;
const listeners = new Set<() => void>();

export function getAppState(): AppState {
  return state;
}

/** English dates follow the user's choice, else the current team's country (decision 021). */
function changed(): void {
  setEnglishDateStyle(resolveDateStyle(state));
  listeners.forEach((l) => l());
}

export function setAppState(patch: Partial<AppState>): void {
  state = { ...state, ...patch };
  changed();
}

/** After a 401 or a logout: nothing of the previous user stays in memory. */
export function clearAuth(): void {
  const { language, appName } = state;
  state = { ...DEFAULT_APP_STATE, language, appName };
  changed();
}

export function subscribeAppState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAppState(): AppState {
  return useSyncExternalStore(subscribeAppState, getAppState, getAppState);
}

/**
 * Boot: the server's injected block when present (production), else ask the API (Vite dev
 * server, which serves a plain index.html). Without a server the app still starts, logged out.
 */
export async function loadAppState(): Promise<AppState> {
  const injected = readInjectedAppState();
  if (injected) {
    setAppState(injected);
    return state;
  }
  try {
    // No language parameter: the server's own choice (session, Accept-Language) is what we ask for.
    setAppState(parseAppState(await api.get<typeof appStateSchema>('/api/srl/state', { language: false })));
  } catch (error) {
    console.error('Could not load the app state', error);
    setAppState(DEFAULT_APP_STATE);
  }
  return state;
}
