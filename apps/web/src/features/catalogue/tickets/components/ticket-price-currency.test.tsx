import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppState, setAppState } from '../../../../lib/app-state';
import { applyLanguage } from '../../../../lib/language';
import { json } from '../../../../test/fake-fetch';
import { fakeApi } from '../../../../test/team-fixtures';
import { loginOwner, makeTicket, renderTab } from '../../../../test/activity-tabs';
import { TicketsTab } from './tickets-tab';

/** Issue 9 item 16: the ticket price input shows the currency, the tax field says "VAT rate". */

const BASE = '/api/courses/5';

describe('ticket price input', { timeout: 20_000 }, () => {
  beforeEach(() => {
    notifications.clean();
    loginOwner();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([
    ['en', 'Add ticket', 'New ticket', 'Price', 'VAT rate'],
    ['de', 'Ticket hinzufügen', 'Neues Ticket', 'Preis', 'MWST-Satz'],
    ['fr', 'Ajouter un billet', 'Nouveau billet', 'Prix', 'Taux de TVA'],
  ])('%s: a new ticket’s price shows the team’s currency', async (lang, add, title, price, vat) => {
    await applyLanguage(lang as 'de' | 'en' | 'fr');
    const team = getAppState().team!;
    setAppState({ team: { ...team, currency: 'EUR' } });
    fakeApi({ [`GET ${BASE}/tickets`]: () => json({ data: [] }), [`GET ${BASE}/sessions`]: () => json({ data: [] }) });
    renderTab(<TicketsTab activityId={5} canEdit />, lang);
    await userEvent.click(await screen.findByRole('button', { name: add }));
    const dialog = await screen.findByRole('dialog', { name: title });
    const input = within(dialog).getByRole('textbox', { name: new RegExp(`^${price}`) });
    expect(input.closest('.mantine-InputWrapper-root')).toHaveTextContent('EUR');
    expect(within(dialog).getByRole('textbox', { name: new RegExp(`^${vat}`) })).toBeInTheDocument();
  });

  it('an existing ticket shows its own currency', async () => {
    await applyLanguage('en');
    fakeApi({ [`GET ${BASE}/tickets`]: () => json({ data: [makeTicket(1)] }), [`GET ${BASE}/sessions`]: () => json({ data: [] }) });
    renderTab(<TicketsTab activityId={5} canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: /^Edit ticket/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit ticket' });
    const input = within(dialog).getByRole('textbox', { name: /^Price/ });
    expect(input.closest('.mantine-InputWrapper-root')).toHaveTextContent('CHF');
  });
});
