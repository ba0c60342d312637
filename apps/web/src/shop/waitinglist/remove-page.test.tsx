import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { team, TEAM_ID } from '../test/fixtures';
import { currentPath, fail, mockApi, ok, renderShop } from '../test/shop-test';

/** The removal link of the waiting list's mail (issue 20 item 9): opening it changes nothing; the button POSTs. */
describe('leaving the waiting list by the mailed link', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks first, removes only on the button, then shows the removal notice', async () => {
    const user = userEvent.setup({ delay: null });
    const api = mockApi({
      [`GET /api/public/teams/${TEAM_ID}`]: () => ok({ data: team() }),
      'POST /api/public/waitinglist/21/remove': () => ok({ success: true, message: 'You have left the waiting list.' }),
    });
    renderShop(`/en/shop/${TEAM_ID}/waitinglist/21/remove?token=removal-token-1`);
    const button = await screen.findByRole('button', { name: 'Yes, take me off the waiting list' });
    expect(screen.getByRole('heading', { level: 1, name: 'Leave the waiting list?' })).toBeInTheDocument();
    expect(api.find('POST', '/api/public/waitinglist/21/remove')).toEqual([]);
    await user.click(button);
    await waitFor(() => expect(currentPath()).toBe('/en/waitinglist/remove/success'));
    expect(api.find('POST', '/api/public/waitinglist/21/remove')[0]!.body).toEqual({ token: 'removal-token-1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Removed from the waiting list' })).toBeInTheDocument();
  });

  it('says when the link is not valid (in the page’s language)', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      [`GET /api/public/teams/${TEAM_ID}`]: () => ok({ data: team({ languages: ['de', 'en', 'fr'] }) }),
      'POST /api/public/waitinglist/22/remove': () => fail(404, { message: 'Not Found' }),
    });
    renderShop(`/fr/shop/${TEAM_ID}/waitinglist/22/remove?token=wrong`);
    await user.click(await screen.findByRole('button', { name: 'Oui, me retirer de la liste d’attente' }));
    expect(await screen.findByText('Ce lien n’est pas valide. Veuillez utiliser le lien de votre dernier e-mail.')).toBeInTheDocument();
    expect(currentPath()).toBe(`/fr/shop/${TEAM_ID}/waitinglist/22/remove?token=wrong`);
  });
});
