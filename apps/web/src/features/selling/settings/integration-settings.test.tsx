import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { owner, renderSetup, requests, resetScreen, validation } from '../../../test/backoffice';

const stored = {
  invoice: { enabled: true, iban: 'CH93 0076 2011 6238 5295 7', qr_iban: null, due_days: 14 },
  stripe: {
    enabled: true,
    publishable_key: 'pk_test_abc12345',
    secret_key_set: true,
    webhook_secret_set: true,
    account_id: null,
    webhook_url: 'http://localhost:3000/api/webhooks/stripe',
  },
  test_mode: { enabled: false },
  terms_url: 'https://example.com/agb',
  branding: { primary_color: '#2f6fde', slug: 'yoga-zuerich' },
  tier: 'payg' as const,
};
const fresh = {
  ...stored,
  invoice: { enabled: false, iban: null, qr_iban: null, due_days: 14 },
  stripe: { ...stored.stripe, enabled: false, publishable_key: null, secret_key_set: false, webhook_secret_set: false },
  terms_url: null,
  branding: { primary_color: null, slug: null },
};

const section = (name: string) => screen.getByRole('region', { name });

describe('integration settings page', () => {
  beforeAll(async () => {
    await import('../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('shows stored secrets as "Stored" only, never pre-filled, and sends them only when replaced or removed', async () => {
    const user = userEvent.setup();
    const { calls } = renderSetup('/en/backend/config/integration', {
      'GET /api/config/integration': () => json({ data: stored }),
      'PUT /api/config/integration': () => json({ success: true, message: 'The integration settings have been saved.', data: stored }),
    });
    const stripe = await screen.findByRole('region', { name: 'Stripe' });
    // No input holds a secret; the stored ones read "Stored" with their actions.
    expect(within(stripe).queryByLabelText('Secret key', { selector: 'input' })).not.toBeInTheDocument();
    expect(within(stripe).getByRole('group', { name: 'Secret key' })).toHaveTextContent('Stored');
    for (const input of document.querySelectorAll('input')) expect(input.value).not.toMatch(/^(sk|rk)_|^whsec_/);
    expect(within(stripe).getByRole('textbox', { name: 'Webhook URL' })).toHaveValue('http://localhost:3000/api/webhooks/stripe');
    expect(within(stripe).getByText(/hosted checkout page/)).toBeInTheDocument();
    expect(screen.getByText('Your plan: Pay-As-You-Go (7.9 % + CHF 0.49 per sale)')).toBeInTheDocument();

    // Saved untouched: no secret in the body.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The integration settings have been saved.')).toBeInTheDocument();
    const first = requests(calls, 'PUT', '/api/config/integration')[0]?.body as { stripe: Record<string, unknown> };
    expect(first.stripe).toEqual({ enabled: true, publishable_key: 'pk_test_abc12345', account_id: null });
    expect(first).toMatchObject({
      invoice: { enabled: true, iban: 'CH93 0076 2011 6238 5295 7', qr_iban: null, due_days: 14 },
      test_mode: { enabled: false },
      terms_url: 'https://example.com/agb',
      branding: { primary_color: '#2f6fde', slug: 'yoga-zuerich' },
    });

    // Replace the secret key (an empty password input), remove the webhook secret (undo-able).
    await user.click(within(stripe).getByRole('button', { name: 'Replace: Secret key' }));
    const secret = within(stripe).getByLabelText('Secret key', { selector: 'input' });
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('type', 'password');
    await user.type(secret, 'sk_test_newkey123456');
    await user.click(within(stripe).getByRole('button', { name: 'Remove: Webhook signing secret' }));
    expect(within(stripe).getByText('Will be removed when you save.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(requests(calls, 'PUT', '/api/config/integration')).toHaveLength(2));
    const second = requests(calls, 'PUT', '/api/config/integration')[1]?.body as { stripe: Record<string, unknown> };
    expect(second.stripe).toEqual({
      enabled: true,
      publishable_key: 'pk_test_abc12345',
      account_id: null,
      secret_key: 'sk_test_newkey123456',
      webhook_secret: '',
    });
  });

  it('shows the server’s 422 beside its field, keeps what was typed, groups the IBAN', async () => {
    const user = userEvent.setup();
    renderSetup('/en/backend/config/integration', {
      'GET /api/config/integration': () => json({ data: fresh }),
      'PUT /api/config/integration': () =>
        validation({
          'invoice.iban': ['This IBAN is not valid (check digits). Please check it for typing errors.'],
          'stripe.secret_key': ['A secret key starts with sk_test_, sk_live_, rk_test_ or rk_live_.'],
          'branding.slug': ['This shop address is already used by another company.'],
        }),
    });
    const invoice = await screen.findByRole('region', { name: 'Invoice' });
    await user.click(within(invoice).getByRole('switch', { name: /Offer payment by invoice/ }));
    const iban = within(invoice).getByRole('textbox', { name: /^IBAN/ });
    await user.type(iban, 'ch9400762011623852957');
    await user.tab();
    expect(iban).toHaveValue('CH94 0076 2011 6238 5295 7');
    const stripe = section('Stripe');
    // Nothing stored: the secret inputs are there, empty.
    const secret = within(stripe).getByLabelText('Secret key', { selector: 'input' });
    expect(secret).toHaveValue('');
    await user.type(secret, 'not-a-key');
    await user.type(within(section('Shop')).getByRole('textbox', { name: /Shop address/ }), 'Yoga-Studio');
    expect(within(section('Shop')).getByRole('textbox', { name: /Shop address/ })).toHaveValue('yoga-studio');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(/This IBAN is not valid/)).toBeInTheDocument();
    expect(iban).toHaveAccessibleDescription(/check digits/);
    expect(within(stripe).getByLabelText('Secret key', { selector: 'input' })).toHaveAccessibleDescription(/A secret key starts with/);
    expect(within(stripe).getByLabelText('Secret key', { selector: 'input' })).toHaveValue('not-a-key');
    expect(within(section('Shop')).getByRole('textbox', { name: /Shop address/ })).toHaveAccessibleDescription(/already used/);
  });

  it('warns about test mode and links the shop by its saved address with copy and open', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const { calls } = renderSetup('/en/backend/config/integration', {
      'GET /api/config/integration': () => json({ data: stored }),
      'PUT /api/config/integration': () => json({ success: true, message: 'Saved.', data: { ...stored, test_mode: { enabled: true } } }),
    });
    const testMode = await screen.findByRole('region', { name: 'Test mode' });
    expect(within(testMode).getByRole('note')).toHaveTextContent(/takes no real money/);
    await user.click(within(testMode).getByRole('switch', { name: 'Offer the test payment' }));

    const shop = section('Shop');
    const url = `${window.location.origin}/en/shop/yoga-zuerich`;
    expect(within(shop).getByRole('link', { name: url })).toHaveAttribute('href', url);
    expect(within(shop).getByRole('link', { name: 'Open shop' })).toHaveAttribute('target', '_blank');
    await user.click(within(shop).getByRole('button', { name: 'Copy: Link to your shop' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await screen.findByText('Copy to clipboard')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(requests(calls, 'PUT', '/api/config/integration')).toHaveLength(1));
    expect(requests(calls, 'PUT', '/api/config/integration')[0]?.body).toMatchObject({ test_mode: { enabled: true } });
  });

  it('links the shop by company id while no address is saved', async () => {
    renderSetup('/en/backend/config/integration', { 'GET /api/config/integration': () => json({ data: fresh }) });
    const shop = await screen.findByRole('region', { name: 'Shop' });
    expect(within(shop).getByRole('link', { name: 'Open shop' })).toHaveAttribute('href', `${window.location.origin}/en/shop/${owner.id}`);
  });
});
