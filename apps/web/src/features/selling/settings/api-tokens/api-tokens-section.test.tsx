import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../../test/fake-fetch';
import { confirmDialog, listOf, owner, renderSetup, requests, resetScreen, validation } from '../../../../test/backoffice';

const settings = {
  invoice: { enabled: true, iban: 'CH93 0076 2011 6238 5295 7', qr_iban: null, due_days: 14 },
  stripe: {
    enabled: false,
    publishable_key: null,
    secret_key_set: false,
    webhook_secret_set: false,
    account_id: null,
    webhook_url: 'http://x/api/webhooks/stripe',
  },
  datatrans: {
    enabled: false,
    merchant_id: null,
    password_set: false,
    hmac_key_set: false,
    sandbox: true,
    webhook_url: 'http://x/api/webhooks/datatrans?team=1',
  },
  test_mode: { enabled: false },
  terms_url: null,
  branding: { primary_color: null, slug: 'yoga-zuerich' },
  tier: 'payg' as const,
};
const token = {
  id: 3,
  name: 'Buchhaltung',
  scopes: ['read', 'orders'],
  hint: 'bkl_…x9Qz',
  created_at: '2026-11-20T10:00:00+01:00',
  created_by: 'Olivia Owner',
  last_used_at: '2026-11-28T09:30:00+01:00',
  last_used_from: '203.0.113.7',
};
const empty = { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, from: null, to: null, total: 0 }, links: {} };
const secret = 'bkl_NEWTOKENNEWTOKENNEWTOKENNEWTOKENNEWTOKEN01';

function render(list: unknown[] = [token]) {
  return renderSetup('/en/backend/config/integration', {
    'GET /api/config/integration': () => json({ data: settings }),
    [`GET /api/public/teams/${owner.id}/filters`]: () => json({ data: { type_sets: [], locations: [], attributes: [] } }),
    [`GET /api/public/teams/${owner.id}/activities`]: () => json(empty),
    'GET /api/webhooks': () => json(listOf([])),
    'GET /api/tokens': () => json({ data: list }),
    'POST /api/tokens': (c) =>
      (c.body as { name: string }).name === 'bad'
        ? validation({ name: ['This name is not allowed.'] })
        : json({ id: 4, token: secret }, 201),
    'DELETE /api/tokens/3': () => json({ success: true, message: 'The API token has been revoked.' }),
  });
}

describe('API tokens on the integration settings page', () => {
  beforeAll(async () => {
    await import('../../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('creates a token with a name and scopes and shows it once, with a copy button', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = render([]);
    const section = await screen.findByRole('region', { name: 'API tokens' });
    expect(await within(section).findByText('No API tokens yet.')).toBeInTheDocument();
    await user.type(within(section).getByRole('textbox', { name: /Name/ }), 'bad');
    await user.click(within(section).getByRole('button', { name: 'Create token' }));
    expect(await within(section).findByText('This name is not allowed.')).toBeInTheDocument();
    const name = within(section).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Kasse');
    await user.click(within(section).getByRole('checkbox', { name: /Orders/ }));
    await user.click(within(section).getByRole('button', { name: 'Create token' }));
    expect(await within(section).findByTestId('api-token-secret')).toHaveTextContent(secret);
    expect(within(section).getByText(/shown only this once/)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Copy the API token' })).toBeInTheDocument();
    expect(requests(calls, 'POST', '/api/tokens').at(-1)!.body).toEqual({ name: 'Kasse', scopes: ['read', 'orders'] });
    await user.click(within(section).getByRole('button', { name: 'I have copied the token' }));
    expect(within(section).queryByTestId('api-token-secret')).not.toBeInTheDocument();
  });

  it('lists tokens with scopes and last use, and revokes one after confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = render();
    const section = await screen.findByRole('region', { name: 'API tokens' });
    const list = await within(section).findByRole('list', { name: 'API tokens' });
    expect(within(list).getByText('Buchhaltung')).toBeInTheDocument();
    expect(within(list).getByText('bkl_…x9Qz')).toBeInTheDocument();
    expect(within(list).getByText('Read')).toBeInTheDocument();
    expect(within(list).getByText(/Olivia Owner/)).toBeInTheDocument();
    expect(within(list).getByText(/203\.0\.113\.7/)).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Revoke the API token Buchhaltung' }));
    await confirmDialog(user, 'Revoke “Buchhaltung”?', 'Revoke');
    await waitFor(() => expect(requests(calls, 'DELETE', '/api/tokens/3')).toHaveLength(1));
  });
});
