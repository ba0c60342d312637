import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderShop } from './test/shop-test';

describe('the shop page without a team', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the waiting-list removal notice in the shop layout', async () => {
    const api = mockApi({});
    renderShop('/de/waitinglist/remove/success');
    expect(await screen.findByRole('heading', { level: 1, name: 'Von der Warteliste entfernt' })).toBeInTheDocument();
    expect(screen.getByText(/Sie können dieses Fenster jetzt schliessen/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Von der Warteliste entfernt'));
    expect(screen.getByRole('navigation', { name: 'Sprache' })).toHaveTextContent('DEENFR');
    expect(api.calls).toEqual([]);
  });

  it('answers an unknown shop address with “not found”', async () => {
    mockApi({});
    renderShop('/en/shop/7/nothing-here');
    expect(await screen.findByRole('heading', { name: 'This page does not exist (any more).' })).toBeInTheDocument();
  });

  it('answers an unknown team with “not found”', async () => {
    mockApi({ 'GET /api/public/teams/nobody': () => ({ status: 404, body: { message: 'Not Found' } }) });
    renderShop('/en/shop/nobody');
    expect(await screen.findByText('This page does not exist (any more).')).toBeInTheDocument();
  });
});
