import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activity, filters, page, team, TEAM_ID, ticket } from '../test/fixtures';
import { resetPreloaded } from '../api';
import { currentPath, mockApi, ok, renderShop, type Handlers } from '../test/shop-test';

const yoga = activity({ id: 1, name: 'Morning yoga', tickets: [ticket({ id: 10, price: 25, price_minor: 2500, stock_available: 3 })] });
const pilates = activity({
  id: 2,
  name: 'Pilates basics',
  type_set: { id: 2, name: 'Pilates' },
  header_image: null,
  tickets: [ticket({ id: 20, price: 40, price_minor: 4000, stock_available: 0 })],
});
const retreat = activity({
  id: 3,
  name: 'Silent retreat',
  waiting_list: true,
  tickets: [ticket({ id: 30, stock_available: 0 })],
  sessions: [{ id: 303, starts_at: '2031-03-14T09:00:00+01:00', ends_at: '2031-03-14T17:00:00+01:00', note: '' }],
});

function handlers(extra: Handlers = {}): Handlers {
  return {
    [`GET /api/public/teams/${TEAM_ID}`]: () => ok({ data: team() }),
    [`GET /api/public/teams/yoga-loft`]: () => ok({ data: team() }),
    [`GET /api/public/teams/${TEAM_ID}/filters`]: () => ok({ data: filters() }),
    [`GET /api/public/teams/${TEAM_ID}/activities`]: (c) =>
      ok(
        c.query.get('type_set_id') === '2'
          ? page([pilates])
          : c.query.get('type_set_id') === '1'
            ? page([])
            : page([yoga, pilates, retreat]),
      ),
    ...extra,
  };
}

describe('the shop list', () => {
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the first screen from the answers its page brought along, without asking, and asks for anything after it (decision 034)', async () => {
    // As the server writes them (apps/server/src/plugins/web.ts): keyed by the address, its query sorted.
    const block = document.createElement('script');
    block.id = 'shop-preload';
    block.type = 'application/json';
    block.textContent = JSON.stringify({
      [`/api/public/teams/${TEAM_ID}`]: { data: team() },
      [`/api/public/teams/${TEAM_ID}/filters?lang=en`]: { data: filters() },
      [`/api/public/teams/${TEAM_ID}/activities?lang=en&page=1&perPage=12`]: page([yoga, retreat]),
    });
    document.head.append(block);
    resetPreloaded();
    try {
      const api = mockApi(handlers());
      renderShop(`/en/shop/${TEAM_ID}`);
      expect(await screen.findByRole('heading', { name: 'Silent retreat' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Morning yoga' })).toBeInTheDocument();
      for (const read of ['', '/filters', '/activities']) expect(api.find('GET', `/api/public/teams/${TEAM_ID}${read}`), read).toEqual([]);
      // Another filter is a new read; each answer brought along is taken once.
      await userEvent.selectOptions(screen.getByLabelText('Type'), '2');
      expect(await screen.findByRole('heading', { name: 'Pilates basics' })).toBeInTheDocument();
      expect(api.find('GET', `/api/public/teams/${TEAM_ID}/activities`).map((c) => c.query.get('type_set_id'))).toEqual(['2']);
      cleanup();
      renderShop(`/en/shop/${TEAM_ID}`);
      expect(await screen.findByRole('heading', { name: 'Pilates basics' })).toBeInTheDocument();
      expect(api.find('GET', `/api/public/teams/${TEAM_ID}`)).toHaveLength(1);
      expect(api.find('GET', `/api/public/teams/${TEAM_ID}/filters`)).toHaveLength(1);
    } finally {
      // Unmounted before fetch is restored: a read started later (the memberships link) never reaches the network.
      cleanup();
      block.remove();
      resetPreloaded();
    }
  });

  it('prices and counts a course by its own tickets: a free drop-in trial is noted, not taken for the course (issue 22 item 3)', async () => {
    const course = activity({
      id: 4,
      name: 'Pottery course',
      tickets: [
        ticket({ id: 40, name: 'Course', price: 240, price_minor: 24000, stock_available: 12 }),
        ticket({ id: 41, name: 'Trial lesson', session_id: 104, price: 0, price_minor: 0, stock_available: 3 }),
      ],
    });
    const choice = activity({
      id: 5,
      name: 'Clay weekend',
      kind: 'event',
      tickets: [
        ticket({ id: 50, name: 'Reduced', price: 180, price_minor: 18000 }),
        ticket({ id: 51, name: 'Full', price: 240, price_minor: 24000 }),
      ],
    });
    mockApi(handlers({ [`GET /api/public/teams/${TEAM_ID}/activities`]: () => ok(page([course, choice])) }));
    renderShop(`/en/shop/${TEAM_ID}`);
    const card = (await screen.findByRole('heading', { name: 'Pottery course' })).closest('article')!;
    expect(within(card).getByText('CHF 240.00')).toBeInTheDocument();
    expect(within(card).getByText('Drop-in date: Free')).toBeInTheDocument();
    expect(within(card).getByText('Seats available')).toBeInTheDocument();
    expect(within(card).queryByText(/Only 3/)).toBeNull();
    expect(within(card).queryByText('Free')).toBeNull();
    const range = screen.getByRole('heading', { name: 'Clay weekend' }).closest('article')!;
    expect(within(range).getByText('CHF 180.00 – CHF 240.00')).toBeInTheDocument();
  });

  it('says a course is sold out when its own tickets are, whatever its drop-in dates still have', async () => {
    const full = activity({
      id: 6,
      name: 'Full course',
      tickets: [
        ticket({ id: 60, stock_available: 0 }),
        ticket({ id: 61, name: 'Trial lesson', session_id: 106, price: 0, price_minor: 0, stock_available: 8 }),
      ],
    });
    mockApi(handlers({ [`GET /api/public/teams/${TEAM_ID}/activities`]: () => ok(page([full])) }));
    renderShop(`/de/shop/${TEAM_ID}`);
    const card = (await screen.findByRole('heading', { name: 'Full course' })).closest('article')!;
    expect(within(card).getByText('Ausgebucht')).toBeInTheDocument();
    expect(within(card).getByText('Einzeltermin: Kostenlos')).toBeInTheDocument();
  });

  it('shows the team’s activities under its branding, with price, date, place and availability', async () => {
    const api = mockApi(handlers());
    renderShop(`/en/shop/${TEAM_ID}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Morning yoga' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Yoga Loft' })).toHaveAttribute('href', `/en/shop/${TEAM_ID}`);
    await waitFor(() => expect(document.title).toBe('Activities | Yoga Loft'));
    // Only the team's languages, the current one marked.
    const languages = screen.getByRole('navigation', { name: 'Language' });
    expect(
      within(languages)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['DE', 'EN']);
    expect(within(languages).getByRole('link', { name: 'EN' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: /powered by/ })).toBeInTheDocument();

    const card = screen.getByRole('heading', { name: 'Morning yoga' }).closest('article')!;
    expect(within(card).getByText('CHF 25.00')).toBeInTheDocument();
    expect(within(card).getByText('Only 3 seats left')).toBeInTheDocument();
    expect(within(card).getByText('Studio Nord, Zürich')).toBeInTheDocument();
    expect(within(card).getByText(/14 March 2031/)).toBeInTheDocument();
    const img = card.querySelector('img')!;
    // The first cards are on screen at once (the page's largest paint): their images are not lazy.
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('width', '480');
    expect(img).toHaveAttribute('height', '270');
    expect(img).toHaveAttribute('src', '/media/img1/list.webp');
    expect(within(screen.getByRole('heading', { name: 'Pilates basics' }).closest('article')!).getByText('Sold out')).toBeInTheDocument();
    expect(
      within(screen.getByRole('heading', { name: 'Silent retreat' }).closest('article')!).getByText('Waiting list'),
    ).toBeInTheDocument();

    // The public API is called without cookies, in the page's language.
    const list = api.find('GET', `/api/public/teams/${TEAM_ID}/activities`)[0]!;
    expect(list.credentials).toBe('omit');
    expect(list.headers['accept-language']).toBe('en');
    expect(list.query.get('lang')).toBe('en');
  });

  it('filters by type set and location through the address, and offers to reset an empty result', async () => {
    const user = userEvent.setup({ delay: null });
    const api = mockApi(handlers());
    renderShop(`/en/shop/${TEAM_ID}`);
    await screen.findByRole('heading', { name: 'Morning yoga' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Type' }), 'Pilates');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Morning yoga' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Pilates basics' })).toBeInTheDocument();
    expect(currentPath()).toBe(`/en/shop/${TEAM_ID}?type=2`);
    expect(api.calls.some((c) => c.query.get('type_set_id') === '2')).toBe(true);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Location' }), 'Studio Süd, Bern');
    await waitFor(() => expect(api.calls.some((c) => c.query.get('location_id') === '4' && c.query.get('type_set_id') === '2')).toBe(true));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Yoga');
    expect(await screen.findByText('No activities match these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(await screen.findByRole('heading', { name: 'Morning yoga' })).toBeInTheDocument();
    expect(currentPath()).toBe(`/en/shop/${TEAM_ID}`);
  });

  it('filters by the team’s filterable attributes that have a choice', async () => {
    const user = userEvent.setup({ delay: null });
    const api = mockApi(handlers());
    renderShop(`/en/shop/${TEAM_ID}`);
    await screen.findByRole('heading', { name: 'Morning yoga' });
    expect(screen.queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Level' }), 'Advanced');
    await waitFor(() => expect(api.calls.some((c) => c.query.get('attr[12]') === 'advanced')).toBe(true));
    expect(new URLSearchParams(window.location.search).get('attr[12]')).toBe('advanced');
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(currentPath()).toBe(`/en/shop/${TEAM_ID}`));
    expect(screen.getByRole('combobox', { name: 'Level' })).toHaveValue('');
  });

  it('loads further pages with “Show more”', async () => {
    const user = userEvent.setup({ delay: null });
    const api = mockApi(
      handlers({
        [`GET /api/public/teams/${TEAM_ID}/activities`]: (c) =>
          ok(c.query.get('page') === '2' ? page([pilates], 2, 2, 2) : page([yoga], 1, 2, 2)),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}`);
    expect(await screen.findByText('2 activities')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('heading', { name: 'Pilates basics' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Morning yoga' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(api.find('GET', `/api/public/teams/${TEAM_ID}/activities`).map((c) => c.query.get('page'))).toEqual(['1', '2']);
  });

  it('shows a month calendar whose marked days list that day’s activities', async () => {
    const user = userEvent.setup({ delay: null });
    const api = mockApi(handlers());
    renderShop(`/en/shop/${TEAM_ID}?view=calendar&month=2031-03`);
    expect(await screen.findByRole('heading', { name: 'March 2031' })).toBeInTheDocument();
    const call = api.find('GET', `/api/public/teams/${TEAM_ID}/activities`).at(-1)!;
    expect([call.query.get('from'), call.query.get('to')]).toEqual(['2031-03-01', '2031-03-31']);
    const day = await screen.findByRole('button', { name: /14 March 2031: 3 activities/ });
    expect(screen.getByRole('button', { name: /21 March 2031: 2 activities/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /15 March 2031/ })).not.toBeInTheDocument();
    await user.click(day);
    expect(day).toHaveAttribute('aria-pressed', 'true');
    const list = screen.getByRole('region', { name: /14 March 2031/ });
    expect(within(list).getByRole('heading', { name: 'Silent retreat' })).toBeInTheDocument();
    expect(within(list).getByText('09:00–17:00')).toBeInTheDocument();
    expect(within(list).queryByRole('heading', { name: 'Pilates basics' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { name: 'April 2031' })).toBeInTheDocument();
  });

  it('opens in the team’s first language when the address names one it does not offer', async () => {
    mockApi(handlers());
    renderShop('/fr/shop/yoga-loft?type=1');
    await waitFor(() => expect(currentPath()).toBe('/de/shop/yoga-loft?type=1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Aktivitäten' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
  });

  it('says so when the team has nothing published', async () => {
    mockApi(handlers({ [`GET /api/public/teams/${TEAM_ID}/activities`]: () => ok(page([])) }));
    renderShop(`/de/shop/${TEAM_ID}`);
    expect(await screen.findByText('Zurzeit keine Aktivitäten')).toBeInTheDocument();
  });
});
