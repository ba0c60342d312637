import { PLATFORM_FEES } from '@bookla/shared/selling';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicSite } from '../app';
import { installFakeIntersectionObserver, type createFakeEmbla } from '../test/fake-embla';
import { FAQ, landingProps } from '../test/props';
import { PRICING_TIERS } from './pricing-section';
import { BRANCHES, FEATURES, TESTIMONIALS } from './sections';
import { AUTOPLAY_MS, EMBLA_DURATION, SLIDES } from './slides';

type FakeEmbla = ReturnType<typeof createFakeEmbla>;
const embla = vi.hoisted(() => ({ current: null as null | FakeEmbla }));
vi.mock('embla-carousel-react', async () => {
  const { createFakeEmbla } = await import('../test/fake-embla');
  return {
    default: (opts?: unknown) => {
      embla.current ??= createFakeEmbla(13);
      return embla.current.hook(opts);
    },
  };
});

let viewport: ReturnType<typeof installFakeIntersectionObserver>;
beforeEach(() => {
  embla.current = null;
  viewport = installFakeIntersectionObserver();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.querySelectorAll('script[src="/embed.js"]').forEach((s) => s.remove());
});

const carousel = () => screen.getByRole('region', { name: 'Courses and events sold with Bookla' });
const currentDot = () =>
  within(carousel())
    .getAllByRole('button', { name: /^Show image/ })
    .findIndex((b) => b.getAttribute('aria-current') === 'true');

describe('the landing page (spec §1)', () => {
  it('has the heading, the pitch and the sign-up call to action', () => {
    render(<PublicSite {...landingProps('en')} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Online booking for courses and events' })).toBeInTheDocument();
    const ctas = screen.getAllByRole('link', { name: 'Register your company' });
    expect(ctas.length).toBeGreaterThanOrEqual(2);
    ctas.forEach((a) => expect(a).toHaveAttribute('href', '/en/register'));
    expect(screen.getByRole('heading', { level: 2, name: 'Ready for your first booking?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/en/login');
  });

  it("links each plan's button to the sign-up form with the plan preselected", () => {
    render(<PublicSite {...landingProps('en')} />);
    expect(screen.getByRole('link', { name: 'Start with Pay-As-You-Go' })).toHaveAttribute('href', '/en/register?plan=payg');
    expect(screen.getByRole('link', { name: 'Start with Business' })).toHaveAttribute('href', '/en/register?plan=business');
  });

  it('shows 13 sized images in the hero carousel: the first eager and first in line, the others lazy', () => {
    render(<PublicSite {...landingProps('en')} />);
    const slides = [...carousel().querySelectorAll('[role="group"][aria-roledescription="slide"]')];
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(SLIDES.map((_, i) => `Image ${i + 1} of 13`));
    // Only the shown one is exposed to screen readers.
    expect(within(carousel()).getAllByRole('group', { name: /^Image \d+ of 13$/ })).toHaveLength(1);
    expect(slides).toHaveLength(13);
    const images = carousel().querySelectorAll('img');
    expect(images).toHaveLength(13);
    images.forEach((img, i) => {
      expect(img).toHaveAttribute('src', SLIDES[i]!.src);
      expect(img).toHaveAttribute('width', '1200');
      expect(img).toHaveAttribute('height', '750');
      expect(img.getAttribute('alt')?.length).toBeGreaterThan(20);
    });
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    // The next slide is fetched ahead of being shown; the rest wait.
    expect(images[1]).toHaveAttribute('loading', 'eager');
    expect([...images].slice(2).every((img) => img.getAttribute('loading') === 'lazy')).toBe(true);
    expect(new Set(SLIDES.map((s) => s.src)).size).toBe(13);
  });

  it('moves on every 4000 ms with an 800 ms transition, and pauses on hover, on focus and on request', () => {
    vi.useFakeTimers();
    render(<PublicSite {...landingProps('en')} />);
    expect(embla.current!.options[0]).toMatchObject({ loop: true, duration: EMBLA_DURATION });
    expect(carousel()).toHaveAttribute('data-interval', String(AUTOPLAY_MS));
    expect(carousel()).toHaveAttribute('data-autoplay', 'on');
    expect(currentDot()).toBe(0);
    act(() => vi.advanceTimersByTime(3999));
    expect(currentDot()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(currentDot()).toBe(1);
    act(() => vi.advanceTimersByTime(4000));
    expect(currentDot()).toBe(2);
    // The slide after the shown one loads ahead.
    expect(carousel().querySelectorAll('img')[3]).toHaveAttribute('loading', 'eager');

    fireEvent.mouseEnter(carousel());
    expect(carousel()).toHaveAttribute('data-autoplay', 'off');
    act(() => vi.advanceTimersByTime(12_000));
    expect(currentDot()).toBe(2);
    fireEvent.mouseLeave(carousel());
    act(() => vi.advanceTimersByTime(4000));
    expect(currentDot()).toBe(3);

    const next = within(carousel()).getByRole('button', { name: 'Next image' });
    fireEvent.focus(next);
    act(() => vi.advanceTimersByTime(8000));
    expect(currentDot()).toBe(3);
    fireEvent.blur(next);

    fireEvent.click(within(carousel()).getByRole('button', { name: 'Pause the slideshow' }));
    expect(within(carousel()).getByRole('button', { name: 'Play the slideshow' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(8000));
    expect(currentDot()).toBe(3);
  });

  it('has keyboard controls: previous, next and one button per image', async () => {
    const user = userEvent.setup({ delay: null });
    render(<PublicSite {...landingProps('en')} />);
    await user.click(within(carousel()).getByRole('button', { name: 'Next image' }));
    expect(currentDot()).toBe(1);
    await user.click(within(carousel()).getByRole('button', { name: 'Previous image' }));
    await user.click(within(carousel()).getByRole('button', { name: 'Previous image' }));
    expect(currentDot()).toBe(12);
    await user.click(within(carousel()).getByRole('button', { name: 'Show image 5' }));
    expect(currentDot()).toBe(4);
    expect(embla.current!.api.scrollTo).toHaveBeenCalledWith(4);
  });

  it('does not play for visitors who prefer reduced motion, and does not slide for them', () => {
    vi.useFakeTimers();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    render(<PublicSite {...landingProps('en')} />);
    expect(embla.current!.options.at(-1)).toMatchObject({ duration: 0 });
    expect(carousel()).toHaveAttribute('data-autoplay', 'off');
    act(() => vi.advanceTimersByTime(20_000));
    expect(currentDot()).toBe(0);
    expect(within(carousel()).getByRole('button', { name: 'Play the slideshow' })).toBeInTheDocument();
  });

  it('has the three steps, twelve features, three testimonials and the branches', () => {
    render(<PublicSite {...landingProps('en')} />);
    const steps = screen.getByRole('heading', { level: 2, name: 'How it works' }).closest('section')!;
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    expect(within(steps).getByRole('heading', { level: 3, name: 'Create courses and events' })).toBeInTheDocument();

    const features = screen.getByRole('heading', { level: 2, name: 'Everything a provider needs' }).closest('section')!;
    expect(FEATURES).toHaveLength(12);
    expect(within(features).getAllByRole('listitem')).toHaveLength(12);
    expect(within(features).getByRole('heading', { level: 3, name: 'Waiting list' })).toBeInTheDocument();

    const quotes = screen.getByRole('heading', { level: 2, name: 'What providers say' }).closest('section')!;
    expect(TESTIMONIALS).toHaveLength(3);
    expect(quotes.querySelectorAll('blockquote')).toHaveLength(3);
    expect(quotes.querySelectorAll('figcaption strong')).toHaveLength(3);

    const branches = screen.getByRole('heading', { level: 2, name: 'Made for every kind of course and event' }).closest('section')!;
    expect(within(branches).getAllByRole('listitem')).toHaveLength(BRANCHES.length);
    for (const name of [
      'Yoga and Pilates',
      'Dance',
      'Music lessons',
      'Language classes',
      'Sports and climbing',
      'Cooking classes',
      'Painting and art',
    ]) {
      expect(within(branches).getByText(name)).toBeInTheDocument();
    }
  });

  it('shows the video with controls, captions in every language and no autoplay; its poster only near the viewport', () => {
    render(<PublicSite {...landingProps('de')} />);
    const video = document.querySelector('video')!;
    expect(video).toHaveAttribute('controls');
    expect(video).not.toHaveAttribute('autoplay');
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).toHaveAttribute('width', '1280');
    expect(video).toHaveAttribute('height', '720');
    expect(video.querySelector('source')).toHaveAttribute('src', '/landing/walkthrough.webm');
    const tracks = [...video.querySelectorAll('track')];
    expect(tracks.map((t) => [t.getAttribute('srclang'), t.getAttribute('kind'), t.getAttribute('src')])).toEqual([
      ['de', 'captions', '/landing/walkthrough.de.vtt'],
      ['en', 'captions', '/landing/walkthrough.en.vtt'],
      ['fr', 'captions', '/landing/walkthrough.fr.vtt'],
    ]);
    expect(tracks.filter((t) => t.hasAttribute('default')).map((t) => t.getAttribute('srclang'))).toEqual(['de']);
    expect(video).not.toHaveAttribute('poster');
    act(() => viewport.enterAll());
    expect(video).toHaveAttribute('poster', '/landing/walkthrough-poster.webp');
  });

  it('shows both pricing tiers of the spec, with full functionality, in the page’s language', () => {
    const { unmount } = render(<PublicSite {...landingProps('en')} />);
    const pricing = screen.getByRole('heading', { level: 2, name: 'Pricing' }).closest('section')!;
    expect(within(pricing).getByText('Both plans include the full functionality.')).toBeInTheDocument();
    const payg = within(pricing).getByRole('listitem', { name: 'Pay-As-You-Go' });
    expect(payg).toHaveTextContent('CHF 0 per month');
    expect(payg).toHaveTextContent('7.9% plus CHF 0.49 per sale');
    const business = within(pricing).getByRole('listitem', { name: 'Business' });
    expect(business).toHaveTextContent('CHF 139 per month');
    expect(business).toHaveTextContent('3.9% plus CHF 0.49 per sale');
    unmount();
    render(<PublicSite {...landingProps('fr')} />);
    expect(screen.getByRole('listitem', { name: 'Business' })).toHaveTextContent('139 CHF par mois');
    expect(screen.getByRole('listitem', { name: 'Business' })).toHaveTextContent('3,9 % plus 0,49 CHF par vente');
  });

  it('prices its tiers as the platform charges them', () => {
    for (const tier of PRICING_TIERS) {
      expect(Math.round(tier.rate * 10_000)).toBe(PLATFORM_FEES[tier.key].percentBp);
      expect(Math.round(tier.fee * 100)).toBe(PLATFORM_FEES[tier.key].fixedMinor);
    }
    expect(PRICING_TIERS.map((t) => t.monthly)).toEqual([0, 139]);
  });

  it('shows the FAQ it was given (GET /api/faq) in the page’s language, falling back to English', () => {
    render(<PublicSite {...landingProps('de')} />);
    const faq = screen.getByRole('heading', { level: 2, name: 'Häufige Fragen' }).closest('section')!;
    const items = faq.querySelectorAll('details');
    expect(items).toHaveLength(FAQ.length);
    expect(items[0]!.querySelector('summary')).toHaveTextContent('Was kostet es?');
    expect(items[1]!.querySelector('p')).toHaveTextContent('Yes. On any website.');
  });

  it('embeds the demo provider’s booking calendar as providers do, loading the embed script only when it comes near', () => {
    render(<PublicSite {...landingProps('fr', 42)} />);
    const embed = document.querySelector('[data-bookla-team]')!;
    expect(embed).toHaveAttribute('data-bookla-team', '42');
    expect(embed).toHaveAttribute('data-view', 'calendar');
    expect(embed).toHaveAttribute('data-lang', 'fr');
    expect(screen.getByRole('link', { name: 'Ouvrir la boutique de démo' })).toHaveAttribute('href', '/fr/shop/42');
    expect(document.querySelector('script[src="/embed.js"]')).toBeNull();
    act(() => viewport.enterAll());
    const script = document.querySelector('script[src="/embed.js"]') as HTMLScriptElement;
    expect(script).not.toBeNull();
    expect(script.async).toBe(true);
  });

  it('says so when there is no demo provider', () => {
    render(<PublicSite {...landingProps('en', null)} />);
    expect(screen.getByText('The demo provider is not available right now.')).toBeInTheDocument();
    expect(document.querySelector('[data-bookla-team]')).toBeNull();
  });
});

describe('the public pages’ layout', () => {
  it('has the footer of spec §1: the legal pages, copyright and two social profiles', () => {
    render(<PublicSite {...landingProps('de')} />);
    const footer = screen.getByRole('contentinfo');
    const legal = within(footer).getByRole('navigation', { name: 'Rechtliche Informationen' });
    expect(
      within(legal)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Impressum', '/de/imprint'],
      ['Datenschutzerklärung', '/de/datenschutz'],
      ['Allgemeine Geschäftsbedingungen', '/de/agb'],
      ['Servicegebühren', '/de/service_fees'],
      ['Fremdgebühren', '/de/outside_fees'],
      ['Richtlinie zu aussergewöhnlichen Umständen', '/de/extenuating_circumstances_policy'],
      ['Urheberrecht', '/de/copyright'],
    ]);
    expect(within(footer).getByText(/© 2031 Bookla/)).toBeInTheDocument();
    const social = within(footer).getByRole('list', { name: 'Bookla in den sozialen Medien' });
    expect(within(social).getByRole('link', { name: 'Bookla auf LinkedIn' })).toHaveAttribute(
      'href',
      expect.stringContaining('linkedin.com'),
    );
    expect(within(social).getByRole('link', { name: 'Bookla auf Instagram' })).toHaveAttribute(
      'href',
      expect.stringContaining('instagram.com'),
    );
  });

  it('starts with a skip link to the main content', async () => {
    render(<PublicSite {...landingProps('en')} />);
    const skip = screen.getAllByRole('link')[0]!;
    expect(skip).toHaveTextContent('Skip to main content');
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });

  it('switches the language: tells the server, then opens the page in the other language', async () => {
    const fetchMock = vi.fn(async () => new Response('{"success":true}', { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/en/agb', search: '?x=1', hash: '', assign });
    render(<PublicSite {...landingProps('en')} />);
    const group = screen.getByRole('group', { name: 'Language' });
    expect(within(group).getByRole('button', { name: 'EN English' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(group).getByRole('button', { name: 'FR Français' }));
    expect(fetchMock).toHaveBeenCalledWith('/api/language/change/fr', expect.anything());
    expect(assign).toHaveBeenCalledWith('/fr/agb?x=1');
  });
});
