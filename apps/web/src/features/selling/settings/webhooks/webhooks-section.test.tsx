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
const endpoint = {
  id: 5,
  url: 'https://crm.example.com/bookla',
  events: ['order.created', 'order.paid'],
  enabled: true,
  disabled_reason: null,
  secret_hint: 'whsec_…Ab9z',
  previous_secret_until: null,
  created_at: '2026-11-20T10:00:00+01:00',
  failing_since: null,
  pending: 0,
  last_delivery_at: '2026-11-28T09:30:00+01:00',
};
const delivery = {
  id: 77,
  event_id: '5f0c1a52-8d1e-4a63-9d7e-0b8f7a1c2d3e',
  type: 'order.paid',
  status: 'failed',
  attempts: 12,
  created_at: '2026-11-27T10:00:00+01:00',
  next_attempt_at: null,
  delivered_at: null,
  last_status: 500,
  last_duration_ms: 120,
  last_response: 'boom',
  last_error: null,
  request_body: '{"id":"5f0c1a52","type":"order.paid"}',
};
const empty = { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, from: null, to: null, total: 0 }, links: {} };

function render(list: unknown[] = [endpoint]) {
  return renderSetup('/en/backend/config/integration', {
    'GET /api/config/integration': () => json({ data: settings }),
    [`GET /api/public/teams/${owner.id}/filters`]: () => json({ data: { type_sets: [], locations: [], attributes: [] } }),
    [`GET /api/public/teams/${owner.id}/activities`]: () => json(empty),
    'GET /api/webhooks': () => json(listOf(list)),
    'POST /api/webhooks': (c) =>
      (c.body as { url: string }).url.startsWith('http:')
        ? validation({ url: ['Webhooks are only sent to https addresses.'] })
        : json({ id: 6, secret: 'whsec_NEWSECRETNEWSECRETNEWSECRETNEWSECRET0000000' }, 201),
    'GET /api/webhooks/5/deliveries': () => json(listOf([delivery])),
    'POST /api/webhooks/5/deliveries/77/resend': () =>
      json({ success: true, message: 'The event will be sent again.', data: { ...delivery, id: 78, status: 'pending' } }),
    'POST /api/webhooks/5/test': () => json({ success: true, message: 'A test event is on its way to this endpoint.' }),
    'PUT /api/webhooks/5': (c) =>
      json({
        success: true,
        message: 'Saved.',
        data: {
          ...endpoint,
          ...(c.body as object),
          ...((c.body as { rotate_secret?: boolean }).rotate_secret ? { secret: 'whsec_ROTATEDROTATEDROTATEDROTATEDROTATED000000' } : {}),
        },
      }),
  });
}

describe('webhooks on the integration settings page', () => {
  beforeAll(async () => {
    await import('../../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('adds an endpoint for the chosen events and shows its secret once', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = render([]);
    const section = await screen.findByRole('region', { name: 'Webhooks' });
    expect(await within(section).findByText('No webhooks yet.')).toBeInTheDocument();
    await user.type(within(section).getByRole('textbox', { name: /Endpoint URL/ }), 'http://crm.example.com/hook');
    await user.click(within(section).getByRole('checkbox', { name: /Order cancelled/ }));
    await user.click(within(section).getByRole('button', { name: 'Add webhook' }));
    expect(await within(section).findByText('Webhooks are only sent to https addresses.')).toBeInTheDocument();
    const url = within(section).getByRole('textbox', { name: /Endpoint URL/ });
    await user.clear(url);
    await user.type(url, 'https://crm.example.com/hook');
    await user.click(within(section).getByRole('button', { name: 'Add webhook' }));
    expect(await within(section).findByTestId('webhook-secret')).toHaveTextContent('whsec_NEWSECRET');
    const sent = requests(calls, 'POST', '/api/webhooks').at(-1)!.body;
    expect(sent).toEqual({ url: 'https://crm.example.com/hook', events: ['order.created', 'order.paid', 'order.cancelled'] });
  });

  it('lists endpoints; opens the delivery log and sends a delivery again; rotates the secret after confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = render();
    const section = await screen.findByRole('region', { name: 'Webhooks' });
    expect(await within(section).findByText('https://crm.example.com/bookla')).toBeInTheDocument();
    expect(within(section).getByText(/Secret whsec_…Ab9z · 0 waiting/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(requests(calls, 'POST', '/api/webhooks/5/test')).toHaveLength(1));

    await user.click(within(section).getByRole('button', { name: 'Delivery log' }));
    const dialog = await screen.findByRole('dialog', { name: /Deliveries to/ });
    expect(await within(dialog).findByText('Given up')).toBeInTheDocument();
    expect(within(dialog).getByText('500 · 120 ms')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Details' }));
    expect(within(dialog).getByText('{"id":"5f0c1a52","type":"order.paid"}')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(requests(calls, 'POST', '/api/webhooks/5/deliveries/77/resend')).toHaveLength(1));
    await user.keyboard('{Escape}');

    await user.click(within(section).getByRole('button', { name: 'New secret' }));
    await confirmDialog(user, 'New secret', 'New secret');
    expect(await within(section).findByTestId('webhook-secret')).toHaveTextContent('whsec_ROTATED');
    expect(requests(calls, 'PUT', '/api/webhooks/5').at(-1)!.body).toEqual({ rotate_secret: true });
  });
});
