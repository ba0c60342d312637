import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { ShopApp } from '../app';
import { clearFetchCache } from '../use-fetch';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  credentials: RequestCredentials | undefined;
  keepalive: boolean | undefined;
  headers: Record<string, string>;
}

type Reply = { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;
/** `'GET /api/public/teams/7'` → what it answers (a function sees the call). */
export type Handlers = Record<string, (call: Call) => Reply>;

export const ok = (body: unknown, status = 200) => ({ status, body });
export const fail = (status: number, body: unknown) => ({ status, body });

/** Replaces fetch with a map of handlers; an unexpected call fails loudly with 599. */
export function mockApi(handlers: Handlers) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => (headers[k.toLowerCase()] = v));
    const call: Call = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init.credentials,
      keepalive: init.keepalive,
      headers,
    };
    calls.push(call);
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const handler = handlers[`${call.method} ${call.path}`];
    const reply = handler ? await handler(call) : { status: 599, body: { message: `unexpected ${call.method} ${call.path}` } };
    const status = reply.status ?? 200;
    return new Response(status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { calls, find: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

/** The shop at an address, as a fresh page load (no cached replies). */
export function renderShop(path: string) {
  window.history.replaceState(null, '', path);
  clearFetchCache();
  return render(<ShopApp />);
}

export const currentPath = () => window.location.pathname + window.location.search;
