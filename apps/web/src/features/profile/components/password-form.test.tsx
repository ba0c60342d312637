import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/language';
import { json, type FakeCall } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import { fakeApi } from '../../../test/team-fixtures';
import { PasswordForm } from './password-form';

const puts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'PUT');

async function fill(current: string, next: string, confirmation: string) {
  await userEvent.type(screen.getByLabelText(/Current password/), current);
  await userEvent.type(screen.getByLabelText(/^New password/), next);
  await userEvent.type(screen.getByLabelText(/Confirm new password/), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('password change', () => {
  beforeEach(async () => {
    await applyLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says that the other sessions end', () => {
    fakeApi({});
    renderWithProviders(<PasswordForm />);
    expect(screen.getByText(/all your other sessions are ended/)).toBeInTheDocument();
  });

  it('refuses a confirmation that differs from the new password, without asking the server', async () => {
    const { calls } = fakeApi({});
    renderWithProviders(<PasswordForm />);
    await fill('old-secret-1', 'Kettle-Orbit-42', 'Kettle-Orbit-43');
    expect(await screen.findByText('The Password confirmation does not match.')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
  });

  it('checks the minimum length in the UI language', async () => {
    await applyLanguage('de');
    fakeApi({});
    renderWithProviders(<PasswordForm />);
    await userEvent.type(screen.getByLabelText(/Aktuelles Passwort/), 'x');
    await userEvent.type(screen.getByLabelText(/^Neues Passwort\W*$/), 'short');
    await userEvent.type(screen.getByLabelText(/Neues Passwort bestätigen/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(await screen.findByText('Muss mindestens 8 Zeichen lang sein.')).toBeInTheDocument();
  });

  it('shows a wrong current password on its field, and clears the form after a change', async () => {
    let attempt = 0;
    const { calls } = fakeApi({
      'PUT /api/profile/password': () =>
        ++attempt === 1
          ? json({ message: 'The given data was invalid.', errors: { current_password: ['The current password is incorrect.'] } }, 422)
          : json({ success: true, message: 'Changed' }),
    });
    renderWithProviders(<PasswordForm />);
    await fill('wrong-one', 'Kettle-Orbit-42', 'Kettle-Orbit-42');
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
    expect(puts(calls)[0]?.body).toEqual({
      current_password: 'wrong-one',
      password: 'Kettle-Orbit-42',
      password_confirm: 'Kettle-Orbit-42',
    });

    await userEvent.clear(screen.getByLabelText(/Current password/));
    await userEvent.type(screen.getByLabelText(/Current password/), 'right-one');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getByLabelText(/Current password/)).toHaveValue(''));
    expect(puts(calls)).toHaveLength(2);
  });
});
