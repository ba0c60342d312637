import type { Invitation } from '@bookla/shared/teams';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/language';
import { json, type FakeCall } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import { fakeApi, makeInvitation } from '../../../test/team-fixtures';
import { InviteForm } from './invite-form';

const posts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST' && c.url.startsWith('/api/team/invitations'));

describe('invite form', () => {
  beforeEach(async () => {
    await applyLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('requires an e-mail address, checks its format and sends nothing until it is valid', async () => {
    const { calls } = fakeApi({});
    renderWithProviders(<InviteForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    const email = screen.getByRole('textbox', { name: /E-mail address/ });
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();

    await userEvent.type(email, 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it("shows the server's 422 on the field", async () => {
    const { calls } = fakeApi({
      'POST /api/team/invitations': () =>
        json({ message: 'The given data was invalid.', errors: { email: ['This person is already a member of the company.'] } }, 422),
    });
    renderWithProviders(<InviteForm />);
    await userEvent.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'max@example.ch');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('This person is already a member of the company.')).toBeInTheDocument();
    expect(posts(calls)[0]?.body).toEqual({ email: 'max@example.ch', role: 'editor' });
  });

  it('sends e-mail and role, then empties the address', async () => {
    const { calls } = fakeApi({
      'POST /api/team/invitations': (call) =>
        json({ success: true, message: 'Sent', data: makeInvitation(call.body as Partial<Invitation>) }),
    });
    renderWithProviders(<InviteForm />);
    const email = screen.getByRole('textbox', { name: /E-mail address/ });
    await userEvent.type(email, '  lea@example.ch ');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({ email: 'lea@example.ch', role: 'editor' });
    await waitFor(() => expect(email).toHaveValue(''));
  });
});
