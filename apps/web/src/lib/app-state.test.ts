import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, json } from '../test/fake-fetch';
import { appUser } from '../test/team-fixtures';
import {
  clearAuth,
  DEFAULT_APP_STATE,
  getAppState,
  loadAppState,
  parseAppState,
  readInjectedAppState,
  setAppState,
  subscribeAppState,
} from './app-state';

function inject(text: string) {
  const el = document.createElement('script');
  el.id = 'app-state';
  el.type = 'application/json';
  el.textContent = text;
  document.head.append(el);
}

describe('app state', () => {
  beforeEach(() => setAppState(DEFAULT_APP_STATE));
  afterEach(() => {
    document.getElementById('app-state')?.remove();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads the block the server injected into index.html, without calling the API', async () => {
    inject('{"authenticated":true,"user":{"id":7,"firstname":"Anna"},"language":"fr","appName":"Bookla"}');
    const { calls } = fakeFetch(() => json({}));
    const state = await loadAppState();
    expect(state).toEqual({ authenticated: true, user: { id: 7, firstname: 'Anna' }, language: 'fr', appName: 'Bookla' });
    expect(getAppState()).toBe(state);
    expect(calls).toHaveLength(0);
  });

  it('falls back to GET /api/srl/state without a language of its own', async () => {
    const { calls } = fakeFetch(() => json({ authenticated: false, user: null, language: 'en', appName: 'Bookla' }));
    const state = await loadAppState();
    expect(state.language).toBe('en');
    expect(calls[0]!.url).toBe('/api/srl/state');
  });

  it('starts logged out in German when neither is available', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await loadAppState()).toEqual(DEFAULT_APP_STATE);
  });

  it('ignores a broken block and normalises odd values', () => {
    inject('{not json');
    expect(readInjectedAppState()).toBeNull();
    expect(parseAppState({ authenticated: 'yes', user: [], language: 'it', appName: '' })).toEqual(DEFAULT_APP_STATE);
  });

  it('keeps the session part (team, role, permissions) of a logged-in state', () => {
    const raw = {
      authenticated: true,
      user: { id: 1 },
      language: 'de',
      appName: 'Bookla',
      role: 'editor',
      permissions: ['nav.orders'],
      teams: [],
    };
    expect(parseAppState(raw)).toEqual(raw);
    expect(parseAppState({ ...raw, authenticated: false })).not.toHaveProperty('permissions');
  });

  it('clearAuth forgets the user and the session part, keeps language and app name', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeAppState(listener);
    setAppState({
      authenticated: true,
      user: appUser({ id: 1 }),
      role: 'owner',
      permissions: ['nav.orders'],
      language: 'fr',
      appName: 'Kurse',
    });
    clearAuth();
    expect(getAppState()).toEqual({ authenticated: false, user: null, language: 'fr', appName: 'Kurse' });
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
