import { cleanNotifications } from '@mantine/notifications';
import { focusManager, onlineManager } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import dayjs from 'dayjs';
import { vi } from 'vitest';
import { configureApiClient } from '../lib/api-client';
import { clearAuth, DEFAULT_APP_STATE, setAppState } from '../lib/app-state';
import { modalsHostMounted } from '../lib/confirm';
import { i18n } from '../lib/i18n';
import { setApiLanguage } from '../shop/api';
import { clearFetchCache } from '../shop/use-fetch';

/**
 * The web test files share their worker's modules and its happy-dom window (`isolate: false`,
 * decision 015 point 3): what one file leaves behind, the next one would find. `resetSharedState`
 * (setup.ts, after each file's own hooks) puts back what a fresh fork starts with, so a file
 * passes or fails the same whichever files ran before it in its worker.
 */

/** The address Vitest's happy-dom environment starts at. */
const START_URL = 'http://localhost:3000/';

interface HappyDom {
  abort(): Promise<void>;
  setURL(url: string): void;
  settings: Record<string, unknown>;
}
const happyDOM = () => (window as unknown as { happyDOM: HappyDom }).happyDOM;

/**
 * What the first file found, kept on the window (which lives as long as the worker; this module
 * is evaluated once per worker, the setup file that calls `rememberPristineGlobals` once per
 * file): `navigator`'s own properties (tests define `clipboard`, `onLine`, `vibrate` on it) and
 * happy-dom's settings (embed.test.ts lets iframes load).
 */
const pristine = Symbol.for('bookla.test.pristine');
interface Pristine {
  navigator: Set<PropertyKey>;
  settings: Record<string, unknown>;
}
type WithPristine = typeof globalThis & { [pristine]?: Pristine };

export function rememberPristineGlobals(): void {
  (globalThis as WithPristine)[pristine] ??= {
    navigator: new Set(Reflect.ownKeys(navigator)),
    settings: structuredClone(happyDOM().settings),
  };
}

function restoreNavigator(before: Set<PropertyKey>): void {
  for (const key of Reflect.ownKeys(navigator)) if (!before.has(key)) Reflect.deleteProperty(navigator, key);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Writes the saved values back into happy-dom's settings object (which it keeps using). */
function restoreSettings(target: Record<string, unknown>, saved: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(saved)) {
    const current = target[key];
    if (isRecord(value) && isRecord(current)) restoreSettings(current, value);
    else target[key] = structuredClone(value);
  }
}

/** Every cookie the page can see, expired on each path it may have been set for. */
function clearCookies(): void {
  const segments = window.location.pathname.split('/').filter(Boolean);
  const paths = ['/', ...segments.map((_, i) => `/${segments.slice(0, i + 1).join('/')}`)];
  // happy-dom keeps a cookie set without `path` apart from every path (visible on all of them), so
  // it is expired without one too.
  const attributes = ['', ...paths.flatMap((p) => (p === '/' ? [p] : [p, `${p}/`])).map((p) => `; path=${p}`)];
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (!name) continue;
    for (const path of attributes) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT${path}`;
  }
}

/**
 * A fresh document: no title, no `lang`, nothing left in the body or the head — except styles,
 * which a library may add once when it loads (a shared module is not loaded again).
 */
function resetDocument(): void {
  const html = document.documentElement;
  for (const name of html.getAttributeNames()) html.removeAttribute(name);
  for (const el of [...document.head.children]) if (el.localName !== 'style') el.remove();
  document.body.replaceChildren();
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  document.title = '';
}

/**
 * Each step runs even when one before it throws (the first error is thrown at the end): one
 * broken reset must not leave everything else behind for the next file.
 */
export async function resetSharedState(): Promise<void> {
  const before = (globalThis as WithPristine)[pristine];
  const errors: unknown[] = [];
  const step = async (reset: () => unknown) => {
    try {
      await reset();
    } catch (error) {
      errors.push(error);
    }
  };

  await step(cleanup);
  // What the window still has running (timers, animation frames, requests, iframe loads such as
  // embed.test.ts's), as a fork's teardown would end it. The window stays usable.
  await step(() => happyDOM().abort());
  // Globals first, so what follows acts on happy-dom's own objects (fetch, location, storage).
  await step(() => vi.useRealTimers());
  await step(() => vi.unstubAllGlobals());
  await step(() => vi.unstubAllEnvs());
  await step(() => vi.restoreAllMocks());
  if (before) {
    await step(() => restoreNavigator(before.navigator));
    await step(() => restoreSettings(happyDOM().settings, before.settings));
  }

  // Browser state: cookies where they were set, the start address (any origin), storage, document.
  await step(clearCookies);
  await step(() => happyDOM().setURL(START_URL));
  await step(clearCookies);
  await step(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  await step(resetDocument);
  await step(() => {
    window.name = '';
  });

  // The app's own module state, as a fresh import has it.
  await step(() => {
    clearAuth();
    setAppState({ language: DEFAULT_APP_STATE.language, appName: DEFAULT_APP_STATE.appName });
  });
  // lib/api-client.ts's defaults; setup.ts turns reply checking on again for the next file.
  await step(() => configureApiClient({ getLanguage: () => document.documentElement.lang || 'de', onUnauthorized: () => {} }));
  await step(() => cleanNotifications());
  // React Query's managers are module singletons that follow the window's online/focus events.
  await step(() => {
    onlineManager.setOnline(true);
    focusManager.setFocused(undefined);
  });
  // setup.ts starts every file in English (initI18n); dayjs starts in its own default, English.
  await step(async () => {
    if (i18n.isInitialized && i18n.language !== 'en') await i18n.changeLanguage('en');
    dayjs.locale('en');
  });
  // A confirm() waiting for a ModalsHost that a previous file loaded but never mounted.
  await step(modalsHostMounted);
  await step(clearFetchCache);
  await step(() => setApiLanguage('de'));
  // Not reset: shop/router's navigation redirect, which shop/app.tsx sets once as it loads (a
  // shared module stays loaded, so the next file's shop has it set as a fresh one would).

  if (errors.length) throw errors[0];
}
