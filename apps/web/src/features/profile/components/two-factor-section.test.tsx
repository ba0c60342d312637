import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_APP_STATE, setAppState } from '../../../lib/app-state';
import { applyLanguage } from '../../../lib/language';
import { json, type FakeCall } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import { fakeApi, loggedInState } from '../../../test/team-fixtures';
import { TwoFactorSection } from './two-factor-section';

const disables = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST' && c.url.startsWith('/api/srl/two-factor/disable'));

describe('turning two-factor authentication off', () => {
  beforeEach(async () => {
    await applyLanguage('en');
    const state = loggedInState(null);
    setAppState({ ...state, user: { ...state.user!, two_factor_enabled: true } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setAppState(DEFAULT_APP_STATE);
  });

  it('asks for the password and a code, and shows a wrong code on its field', async () => {
    const { calls } = fakeApi({
      'POST /api/srl/two-factor/disable': () =>
        json({ message: 'The given data was invalid.', errors: { code: ['The code is invalid.'] } }, 422),
    });
    renderWithProviders(<TwoFactorSection />);
    expect(screen.getByText(/Enter your password and a current code/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Password/), 'my-password');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    // Without a code the form does not ask the server.
    await waitFor(() => expect(screen.getByLabelText(/Code from the app or recovery code/)).toHaveAttribute('aria-invalid', 'true'));
    expect(disables(calls)).toHaveLength(0);

    await userEvent.type(screen.getByLabelText(/Code from the app or recovery code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('The code is invalid.')).toBeInTheDocument();
    expect(disables(calls)[0]?.body).toEqual({ password: 'my-password', code: '123456' });
  });
});
