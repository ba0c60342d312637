import { act, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicSite } from './app';
import { renderPublicSite } from './render';
import { installFakeIntersectionObserver } from './test/fake-embla';
import { contentProps, landingProps } from './test/props';
import type { PublicSiteProps } from './types';

vi.mock('embla-carousel-react', async () => {
  const { createFakeEmbla } = await import('./test/fake-embla');
  return { default: (opts?: unknown) => createFakeEmbla(13).hook(opts) };
});

let root: Root | undefined;
let container: HTMLDivElement;
beforeEach(() => {
  installFakeIntersectionObserver();
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** What the server sends, then what the browser does with it (main.tsx). */
function serveAndHydrate(props: PublicSiteProps) {
  container.innerHTML = renderPublicSite(props);
  const serverHeading = container.querySelector('h1');
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  act(() => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <PublicSite {...props} />
      </StrictMode>,
    );
  });
  return { serverHeading, errors };
}

describe('server rendering of the public pages', () => {
  it('sends the whole landing page as HTML: heading, carousel, sections, footer', () => {
    const html = renderPublicSite(landingProps('de'));
    expect(html).toContain('<h1>Online-Buchung für Kurse und Events</h1>');
    expect(html.match(/<img src="\/landing\/\d\d-[\w-]+\.svg"/g)).toHaveLength(13);
    expect(html).toMatch(/<img src="\/landing\/01-yoga.svg"[^>]*loading="eager"[^>]*fetchPriority="high"/);
    expect(html).toContain('data-bookla-team="7"');
    expect(html).toContain('Was kostet es?');
    expect(html).toContain('href="/de/datenschutz"');
  });

  it.each(['de', 'en', 'fr'] as const)('the browser takes the landing page over as it is (%s): no mismatch, no new DOM', (lang) => {
    const { serverHeading, errors } = serveAndHydrate(landingProps(lang));
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('h1')).toBe(serverHeading);
    expect(container.querySelectorAll('.hero-slide img')).toHaveLength(13);
  });

  it('and a content page, with its stored HTML', () => {
    const { serverHeading, errors } = serveAndHydrate(contentProps('fr'));
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('h1')).toBe(serverHeading);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms' })).toBeInTheDocument();
    expect(screen.getByText('everyone').tagName).toBe('STRONG');
    expect(screen.getByRole('heading', { level: 2, name: 'Scope' })).toBeInTheDocument();
  });
});
