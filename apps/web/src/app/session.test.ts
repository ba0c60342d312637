import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { getAppState, setAppState } from '../lib/app-state';
import { i18n } from '../lib/i18n';
import { createUnauthorizedHandler } from './session';
import { appUser } from '../test/team-fixtures';

describe('401 handler', () => {
  it('logs out, drops cached data and goes to login/expired in the current language', async () => {
    await i18n.changeLanguage('de');
    setAppState({ authenticated: true, user: appUser({ id: 1 }) });
    const queryClient = new QueryClient();
    queryClient.setQueryData(['orders'], [1, 2]);
    const navigate = vi.fn();

    createUnauthorizedHandler(navigate, () => '/de/backend/orders', queryClient)();

    expect(getAppState()).toMatchObject({ authenticated: false, user: null });
    expect(queryClient.getQueryData(['orders'])).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/de/login/expired');
    await i18n.changeLanguage('en');
  });

  it('does not redirect when already on the login page', () => {
    const navigate = vi.fn();
    createUnauthorizedHandler(navigate, () => '/en/login', new QueryClient())();
    expect(navigate).not.toHaveBeenCalled();
  });
});
