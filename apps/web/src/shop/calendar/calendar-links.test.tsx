import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFormats } from '../format';
import { createT } from '../i18n';
import { ShopContext, type ShopContextValue } from '../shop-context';
import { team, TEAM_ID } from '../test/fixtures';
import { AddToCalendar, programmeFeedUrl, SubscribeLink } from './calendar-links';

describe('the shop’s calendar links', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the programme as a calendar subscription (webcal, labelled) beside the order’s own calendar file', () => {
    const value = {
      t: createT('de'),
      fmt: createFormats('de', 'CH', 'Europe/Zurich'),
      lang: 'de',
      team: team({ slug: null }),
      base: `/de/shop/${TEAM_ID}`,
    } as unknown as ShopContextValue;
    render(
      <ShopContext value={value}>
        <SubscribeLink />
      </ShopContext>,
    );
    const link = screen.getByRole('link', { name: 'Kalender abonnieren' });
    expect(link).toHaveAttribute('href', `webcal://${window.location.host}/de/shop/${TEAM_ID}/calendar.ics`);
    expect(link.getAttribute('title')).toContain('hält sie aktuell');
  });

  it('names the feed by the shop address when the team has one', () => {
    expect(programmeFeedUrl('fr', 'yoga-loft', 'https://shop.example')).toBe('webcal://shop.example/fr/shop/yoga-loft/calendar.ics');
  });

  it('downloads the order’s dates with the order link’s token, in the page’s language', () => {
    const value = {
      t: createT('en'),
      fmt: createFormats('en', 'CH', 'Europe/Zurich'),
      lang: 'en',
      team: team(),
      base: `/en/shop/${TEAM_ID}`,
    } as unknown as ShopContextValue;
    render(
      <ShopContext value={value}>
        <AddToCalendar orderId="3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b" token="tok 123" />
      </ShopContext>,
    );
    const link = screen.getByRole('link', { name: 'Add to calendar (.ics)' });
    expect(link).toHaveAttribute('href', '/api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b/calendar.ics?token=tok%20123&lang=en');
    expect(link).toHaveAttribute('download');
  });
});
