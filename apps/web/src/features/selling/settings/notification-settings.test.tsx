import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppState } from '../../../lib/app-state';
import { json } from '../../../test/fake-fetch';
import { owner, renderSetup, requests, resetScreen, validation } from '../../../test/backoffice';
import { loggedInState, makeTeam } from '../../../test/team-fixtures';

const settings = {
  recipients: [1],
  events: ['order_placed', 'order_cancelled', 'refund_requested', 'refund_made', 'waitlist_taken'],
  delivery: 'immediate',
  members: [
    { id: 1, firstname: 'Olga', lastname: 'Owner', email: 'olga@example.com', role: 'owner' },
    { id: 2, firstname: 'Ada', lastname: 'Admin', email: 'ada@example.com', role: 'admin' },
    { id: 3, firstname: 'Eda', lastname: 'Editor', email: 'eda@example.com', role: 'editor' },
  ],
};

describe('notification settings page', () => {
  beforeAll(async () => {
    await import('../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('shows the members with their addresses, the events and the delivery; saves the choice', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/config/notifications', {
      'GET /api/config/notifications': () => json({ data: settings }),
      'PUT /api/config/notifications': (call) =>
        json({
          success: true,
          message: 'The notification settings have been saved.',
          data: { ...settings, ...(call.body as object), recipients: (call.body as { recipients: number[] }).recipients },
        }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Notifications | Bookla'));
    const recipients = await screen.findByRole('group', { name: /Recipients/ });
    expect(recipients).toBeInTheDocument();
    const olga = screen.getByRole('checkbox', { name: 'Olga Owner' });
    expect(olga).toBeChecked();
    expect(olga).toHaveAccessibleDescription(/olga@example.com · Owner/);
    expect(screen.getByRole('checkbox', { name: 'Ada Admin' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Refund requested by a customer/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Immediately' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Ada Admin' }));
    await user.click(screen.getByRole('checkbox', { name: /Waiting-list offer taken/ }));
    await user.click(screen.getByRole('radio', { name: 'Once a day as a summary' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The notification settings have been saved.')).toBeInTheDocument();
    expect(requests(calls, 'PUT', '/api/config/notifications')[0]?.body).toEqual({
      recipients: [1, 2],
      events: ['order_placed', 'order_cancelled', 'refund_requested', 'refund_made'],
      delivery: 'digest',
    });
  });

  it('needs a recipient before sending, and shows the server’s 422 on the recipients', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/config/notifications', {
      'GET /api/config/notifications': () => json({ data: settings }),
      'PUT /api/config/notifications': () => validation({ 'recipients.1': ['Please choose a member of your company who may see orders.'] }),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Olga Owner' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Recipients/ })).toHaveAccessibleDescription(/This field is required/);
    expect(requests(calls, 'PUT', '/api/config/notifications')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: 'Olga Owner' }));
    await user.click(screen.getByRole('checkbox', { name: 'Eda Editor' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please choose a member of your company who may see orders.')).toBeInTheDocument();
    expect(requests(calls, 'PUT', '/api/config/notifications')).toHaveLength(1);
  });

  it('lists the membership events (unticked for a team that saved its choice before them); ticking one sends it', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/config/notifications', {
      'GET /api/config/notifications': () => json({ data: settings }),
      'PUT /api/config/notifications': (call) =>
        json({ success: true, message: 'Saved.', data: { ...settings, ...(call.body as object) } }),
    });
    const pastDue = await screen.findByRole('checkbox', { name: /Membership renewal not paid/ });
    expect(pastDue).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Membership ended/ })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: /Membership cancelled \(by the member or by you/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect((requests(calls, 'PUT', '/api/config/notifications')[0]?.body as { events: string[] }).events).toEqual([
      'order_placed',
      'order_cancelled',
      'refund_requested',
      'refund_made',
      'waitlist_taken',
      'membership_cancelled',
    ]);
  });

  it('names the membership events in German and French', async () => {
    renderSetup('/de/backend/config/notifications', { 'GET /api/config/notifications': () => json({ data: settings }) });
    expect(await screen.findByRole('checkbox', { name: /Mitgliedschaft gekündigt/ })).toBeInTheDocument();
    resetScreen();
    renderSetup('/fr/backend/config/notifications', { 'GET /api/config/notifications': () => json({ data: settings }) });
    expect(await screen.findByRole('checkbox', { name: /Abonnement terminé/ })).toBeInTheDocument();
  });

  it('is not shown to an editor', async () => {
    setAppState(loggedInState(makeTeam(owner.id, owner.name, 'editor')));
    const { calls } = renderSetup('/en/backend/config/notifications', {
      'GET /api/config/notifications': () => json({ data: settings }),
    });
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Notifications');
    expect(requests(calls, 'GET', '/api/config/notifications')).toHaveLength(0);
  });
});
