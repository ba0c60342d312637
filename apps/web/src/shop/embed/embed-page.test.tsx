import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadReservation } from '../reservation';
import { navigate } from '../router';
import { activity, filters, page, reservation, team, TEAM_ID, ticket } from '../test/fixtures';
import { currentPath, mockApi, ok, renderShop, type Handlers } from '../test/shop-test';
import { adoptHandover, embedSettings, handoverUrl, parentOrigin } from './embed-frame';

const PROVIDER = 'https://provider.test';
const yoga = activity({ id: 1, name: 'Morning yoga', tickets: [ticket({ id: 10, price: 0, price_minor: 0, stock_available: 5 })] });

function handlers(extra: Handlers = {}): Handlers {
  return {
    [`GET /api/public/teams/${TEAM_ID}`]: () => ok({ data: team() }),
    [`GET /api/public/teams/${TEAM_ID}/filters`]: () => ok({ data: filters() }),
    [`GET /api/public/teams/${TEAM_ID}/activities`]: () => ok(page([yoga])),
    [`GET /api/public/teams/${TEAM_ID}/activities/1`]: () => ok({ data: yoga }),
    ...extra,
  };
}

/** Stands in for a window property (`parent`, `top`) until the test ends. */
const restore: (() => void)[] = [];
function replaceWindowProperty(name: 'parent' | 'top', value: unknown) {
  const own = Object.getOwnPropertyDescriptor(window, name);
  Object.defineProperty(window, name, { configurable: true, get: () => value });
  restore.push(() => {
    if (own) Object.defineProperty(window, name, own);
    else delete (window as unknown as Record<string, unknown>)[name];
  });
}

/** The provider's page around the iframe: what the embed posts to it, and to which origin. */
function parentWindow() {
  const posted: { message: unknown; origin: string }[] = [];
  replaceWindowProperty('parent', { postMessage: (message: unknown, origin: string) => posted.push({ message, origin }) });
  return posted;
}

const heights = (posted: { message: unknown }[]) =>
  posted.filter((p) => (p.message as { type: string }).type === 'bookla:height').map((p) => (p.message as { height: number }).height);

describe('the shop in an embed', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.name = '';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    for (const r of restore.splice(0).reverse()) r();
  });

  it('shows the page without header or footer, keeps links in the embed and tells the parent its height', async () => {
    const posted = parentWindow();
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ height: 640.2 } as DOMRect);
    mockApi(handlers());
    renderShop(`/en/embed/${TEAM_ID}?origin=${encodeURIComponent(PROVIDER)}`);
    const link = await screen.findByRole('link', { name: 'Morning yoga' });
    expect(link).toHaveAttribute('href', `/en/embed/${TEAM_ID}/activity/1`);
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Language' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    await waitFor(() => expect(heights(posted)).toContain(641));
    expect(posted.every((p) => p.origin === PROVIDER)).toBe(true);

    // A new page inside: the parent is asked to show the iframe's top, the address stays in the embed.
    await userEvent.setup({ delay: null }).click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Morning yoga' })).toBeInTheDocument();
    expect(currentPath()).toBe(`/en/embed/${TEAM_ID}/activity/1`);
    expect(posted.map((p) => p.message)).toContainEqual({ type: 'bookla:top' });
    expect(screen.getByRole('link', { name: /back|activities/i })).toHaveAttribute('href', `/en/embed/${TEAM_ID}`);
  });

  it('sends nothing to a parent origin that is not a plain origin', async () => {
    const posted = parentWindow();
    mockApi(handlers());
    renderShop(`/en/embed/${TEAM_ID}?origin=${encodeURIComponent('javascript:alert(1)')}`);
    await screen.findByRole('link', { name: 'Morning yoga' });
    expect(posted).toEqual([]);
  });

  it('opens /calendar as the list’s calendar view, with the embed’s filters', async () => {
    mockApi(handlers());
    renderShop(`/de/embed/${TEAM_ID}/calendar?type=2&origin=${encodeURIComponent(PROVIDER)}`);
    await waitFor(() => expect(currentPath()).toBe(`/de/embed/${TEAM_ID}?type=2&origin=${encodeURIComponent(PROVIDER)}&view=calendar`));
    expect(await screen.findByRole('button', { name: 'Kalender' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps the shop’s own addresses (an order, the test payment) inside the embed', async () => {
    mockApi(handlers());
    renderShop(`/en/embed/${TEAM_ID}`);
    await screen.findByRole('link', { name: 'Morning yoga' });
    navigate(`${window.location.origin}/en/shop/${TEAM_ID}/order/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b?token=tok123`);
    expect(currentPath()).toBe(`/en/embed/${TEAM_ID}/order/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b?token=tok123`);
    navigate(`/de/shop/${TEAM_ID}/test-payment/pay_1?token=x`);
    expect(currentPath()).toBe(`/de/embed/${TEAM_ID}/test-payment/pay_1?token=x`);
  });

  it('opens a payment provider’s page in the whole window, never inside the frame', async () => {
    mockApi(handlers());
    renderShop(`/en/embed/${TEAM_ID}`);
    await screen.findByRole('link', { name: 'Morning yoga' });
    const top = { location: { href: '' } };
    replaceWindowProperty('top', top);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    navigate('https://pay.example/session/1');
    expect(top.location.href).toBe('https://pay.example/session/1');
    expect(assign).not.toHaveBeenCalled();
    expect(currentPath()).toBe(`/en/embed/${TEAM_ID}`);
  });

  it('hands the held seats to a checkout in a new tab when the provider chose it', async () => {
    const held = { ...reservation(), team_id: TEAM_ID, activity_id: 1 };
    window.sessionStorage.setItem(`bookla.shop.${TEAM_ID}.reservation`, JSON.stringify(held));
    const opened = { opener: {} as unknown };
    const open = vi.spyOn(window, 'open').mockReturnValue(opened as Window);
    mockApi(handlers());
    renderShop(`/en/embed/${TEAM_ID}/checkout?checkout=tab&origin=${encodeURIComponent(PROVIDER)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Continue in a new tab' })).toBeInTheDocument();
    // The tab is opened by an effect after the first render: wait for its outcome, not a moment.
    expect(await screen.findByText('The checkout has opened in a new tab.')).toBeInTheDocument();
    const url = handoverUrl('en', String(TEAM_ID), held);
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(url, '_blank');
    expect(opened.opener).toBeNull();
    expect(screen.getByRole('link', { name: /Go to checkout/ })).toHaveAttribute('href', url);
    expect(screen.getByRole('link', { name: /Go to checkout/ })).toHaveAttribute('target', '_blank');
    // This frame forgets the seats without giving them back: the new tab books them.
    expect(loadReservation(TEAM_ID)).toBeNull();

    // The new tab takes them over and clears them from its address.
    window.history.replaceState(null, '', url.slice(window.location.origin.length));
    adoptHandover();
    expect(currentPath()).toBe(`/en/shop/${TEAM_ID}/checkout`);
    expect(window.location.hash).toBe('');
    expect(loadReservation(TEAM_ID)).toEqual(held);
  });
});

describe('the embed’s settings', () => {
  beforeEach(() => {
    window.name = '';
    window.sessionStorage.clear();
  });

  it('accepts only a plain http(s) origin, and only the parent’s where the browser tells it', () => {
    expect(parentOrigin('https://provider.test', [])).toBe('https://provider.test');
    expect(parentOrigin('http://localhost:8080', undefined)).toBe('http://localhost:8080');
    expect(parentOrigin('https://provider.test', ['https://provider.test'])).toBe('https://provider.test');
    expect(parentOrigin('https://provider.test', ['null'])).toBe('https://provider.test');
    expect(parentOrigin('https://provider.test', ['https://evil.test'])).toBeNull();
    for (const bad of [
      '',
      null,
      'https://provider.test/',
      'https://provider.test/page',
      'javascript:alert(1)',
      'data:text/html,x',
      '*',
      'null',
      'provider.test',
    ])
      expect(parentOrigin(bad, []), String(bad)).toBeNull();
  });

  it('keeps the first address’s settings for the iframe’s later pages and reloads', () => {
    expect(embedSettings(new URLSearchParams({ origin: PROVIDER, checkout: 'tab' }))).toEqual({ origin: PROVIDER, checkout: 'tab' });
    expect(embedSettings(new URLSearchParams())).toEqual({ origin: PROVIDER, checkout: 'tab' });
    expect(embedSettings(new URLSearchParams({ origin: 'https://other.test' }))).toEqual({
      origin: 'https://other.test',
      checkout: 'frame',
    });
    window.name = 'something else';
    expect(embedSettings(new URLSearchParams())).toEqual({ origin: null, checkout: 'frame' });
    window.name = 'bookla-embed:{broken';
    expect(embedSettings(new URLSearchParams())).toEqual({ origin: null, checkout: 'frame' });
  });

  it('drops a malformed handover and takes nothing from other pages’ fragments', () => {
    window.history.replaceState(null, '', `/en/shop/${TEAM_ID}/checkout#reservation=${encodeURIComponent('{"token":1}')}`);
    adoptHandover();
    expect(window.location.hash).toBe('');
    expect(loadReservation(TEAM_ID)).toBeNull();
    const held = { ...reservation(), team_id: TEAM_ID, activity_id: 1 };
    window.history.replaceState(null, '', `/en/shop/${TEAM_ID}#reservation=${encodeURIComponent(JSON.stringify(held))}`);
    adoptHandover();
    expect(loadReservation(TEAM_ID)).toBeNull();
  });
});
