import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { registerAllNamespaces } from './i18n';
import { checkFakesAgainstSharedSchemas } from './reply-check';
import { rememberPristineGlobals, resetSharedState } from './shared-state';

// Lazy route chunks load slower on a busy CI machine than Testing Library's 1 s default allows.
configure({ asyncUtilTimeout: 5000 });

// Mantine reads these browser APIs, which happy-dom lacks or only partly implements.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.scrollTo = (() => {}) as typeof window.scrollTo;
Element.prototype.scrollIntoView = function scrollIntoView() {};

rememberPristineGlobals();
checkFakesAgainstSharedSchemas();

beforeAll(async () => {
  registerAllNamespaces();
  await initI18n('en');
});

afterEach(() => {
  cleanup();
});

// Files share their worker's modules and window (vitest.config.ts): after each file's own hooks
// (Vitest runs the setup file's afterAll last), everything goes back to a fresh fork's state.
afterAll(resetSharedState);
