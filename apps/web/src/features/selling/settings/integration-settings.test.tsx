import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { setAppState } from '../../../lib/app-state';
import { owner, renderSetup, requests, resetScreen, validation } from '../../../test/backoffice';
import { appUser, loggedInState, makeTeam } from '../../../test/team-fixtures';

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
  datatrans: {
    enabled: false,
    merchant_id: null,
    password_set: false,
    hmac_key_set: false,
    sandbox: true,
    webhook_url: 'http://localhost:3000/api/webhooks/datatrans?team=1',
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
    const user = userEvent.setup({ delay: null });
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
    // A changed secret decides where the money goes: the password first.
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the payout change' });
    await user.type(within(dialog).getByLabelText(/Your current password/), 'owner-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and save' }));
    await vi.waitFor(() => expect(requests(calls, 'PUT', '/api/config/integration')).toHaveLength(2));
    const second = requests(calls, 'PUT', '/api/config/integration')[1]?.body as { stripe: Record<string, unknown> };
    expect(second).toMatchObject({ current_password: 'owner-pass' });
    expect(second).not.toHaveProperty('totp_code');
    expect(second.stripe).toEqual({
      enabled: true,
      publishable_key: 'pk_test_abc12345',
      account_id: null,
      secret_key: 'sk_test_newkey123456',
      webhook_secret: '',
    });
  });

  it('shows the server’s 422 beside its field, keeps what was typed, groups the IBAN', async () => {
    const user = userEvent.setup({ delay: null });
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
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the payout change' });
    await user.type(within(dialog).getByLabelText(/Your current password/), 'owner-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and save' }));
    // The form's own errors close the dialog and show beside their fields.
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(await screen.findByText(/This IBAN is not valid/)).toBeInTheDocument();
    expect(iban).toHaveAccessibleDescription(/check digits/);
    expect(within(stripe).getByLabelText('Secret key', { selector: 'input' })).toHaveAccessibleDescription(/A secret key starts with/);
    expect(within(stripe).getByLabelText('Secret key', { selector: 'input' })).toHaveValue('not-a-key');
    expect(within(section('Shop')).getByRole('textbox', { name: /Shop address/ })).toHaveAccessibleDescription(/already used/);
  });

  it('warns about test mode and links the shop by its saved address with copy and open', async () => {
    const user = userEvent.setup({ delay: null });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    // Test mode only while no live method is on (issue 20).
    const trying = { ...fresh, branding: stored.branding };
    const { calls } = renderSetup('/en/backend/config/integration', {
      'GET /api/config/integration': () => json({ data: trying }),
      'PUT /api/config/integration': () => json({ success: true, message: 'Saved.', data: { ...trying, test_mode: { enabled: true } } }),
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

  it('Datatrans is selectable beside Stripe: its secrets are sent only when typed, and the change asks for the password', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/config/integration', {
      'GET /api/config/integration': () => json({ data: stored }),
      'PUT /api/config/integration': () => json({ success: true, message: 'Saved.', data: stored }),
    });
    const datatrans = await screen.findByRole('region', { name: 'Datatrans' });
    expect(within(datatrans).getByText(/TWINT/, { selector: '[role="note"] *, [role="note"]' })).toBeInTheDocument();
    expect(within(datatrans).getByRole('textbox', { name: 'Webhook URL' })).toHaveValue(
      'http://localhost:3000/api/webhooks/datatrans?team=1',
    );
    await user.click(within(datatrans).getByRole('switch', { name: /Offer online payment with Datatrans/ }));
    await user.type(within(datatrans).getByRole('textbox', { name: 'Merchant id' }), '1100012345');
    await user.type(within(datatrans).getByLabelText(/API password/, { selector: 'input' }), 'Dt-Secret-1');
    await user.type(within(datatrans).getByLabelText(/Webhook signing key/, { selector: 'input' }), 'ab'.repeat(32));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the payout change' });
    expect(requests(calls, 'PUT', '/api/config/integration')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Your current password/), 'owner-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and save' }));
    await vi.waitFor(() => expect(requests(calls, 'PUT', '/api/config/integration')).toHaveLength(1));
    expect(requests(calls, 'PUT', '/api/config/integration')[0]?.body).toMatchObject({
      datatrans: { enabled: true, merchant_id: '1100012345', sandbox: true, password: 'Dt-Secret-1', hmac_key: 'ab'.repeat(32) },
      current_password: 'owner-pass',
    });
  });

  it('asks for the password only when where the money goes changes, and shows the server’s answer in the dialog', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: 'wrong' | 'ok' = 'wrong';
    const { calls } = renderSetup('/en/backend/config/integration', {
      'GET /api/config/integration': () => json({ data: stored }),
      'PUT /api/config/integration': (call) =>
        (call.body as { current_password?: string }).current_password && answer === 'wrong'
          ? validation({ current_password: ['The password is incorrect.'] })
          : json({ success: true, message: 'Saved.', data: stored }),
    });
    const shop = await screen.findByRole('region', { name: 'Shop' });
    // Terms and the IBAN written in other groups: no money change, no dialog, no password sent.
    const terms = within(shop).getByRole('textbox', { name: /terms/i });
    await user.clear(terms);
    await user.type(terms, 'https://example.com/terms');
    const iban = within(section('Invoice')).getByRole('textbox', { name: /^IBAN/ });
    await user.clear(iban);
    await user.type(iban, 'ch9300762011623852957');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(requests(calls, 'PUT', '/api/config/integration')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests(calls, 'PUT', '/api/config/integration')[0]?.body).not.toHaveProperty('current_password');

    // Another IBAN: the dialog asks first (no code field without two-factor), nothing is sent yet.
    await user.clear(iban);
    await user.type(iban, 'CH56 0483 5012 3456 7800 9');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the payout change' });
    expect(requests(calls, 'PUT', '/api/config/integration')).toHaveLength(1);
    expect(within(dialog).queryByLabelText(/Two-factor code/)).not.toBeInTheDocument();
    const password = within(dialog).getByLabelText(/Your current password/);
    await user.type(password, 'not-it');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and save' }));
    // The server's 422 on the password stays in the dialog.
    expect(await within(dialog).findByText('The password is incorrect.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Confirm the payout change' })).toBeInTheDocument();
    expect(requests(calls, 'PUT', '/api/config/integration')[1]?.body).toMatchObject({
      invoice: { iban: 'CH56 0483 5012 3456 7800 9' },
      current_password: 'not-it',
    });

    answer = 'ok';
    await user.clear(password);
    await user.type(password, 'owner-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests(calls, 'PUT', '/api/config/integration')[2]?.body).toMatchObject({ current_password: 'owner-pass' });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it('asks for the two-factor code too when the user has two-factor on', async () => {
    const user = userEvent.setup({ delay: null });
    setAppState({ user: appUser({ two_factor_enabled: true }) });
    const { calls } = renderSetup('/en/backend/config/integration', {
      'GET /api/config/integration': () => json({ data: stored }),
      'PUT /api/config/integration': () => json({ success: true, message: 'Saved.', data: stored }),
    });
    const stripe = await screen.findByRole('region', { name: 'Stripe' });
    await user.type(within(stripe).getByRole('textbox', { name: /Connected account id/ }), 'acct_123456');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the payout change' });
    await user.type(within(dialog).getByLabelText(/Your current password/), 'owner-pass');
    await user.type(within(dialog).getByLabelText(/Two-factor code/), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and save' }));
    await vi.waitFor(() => expect(requests(calls, 'PUT', '/api/config/integration')).toHaveLength(1));
    expect(requests(calls, 'PUT', '/api/config/integration')[0]?.body).toMatchObject({
      stripe: { account_id: 'acct_123456' },
      current_password: 'owner-pass',
      totp_code: '123456',
    });
  });

  it('shows the IBAN and Stripe values read-only and test mode locked to an editor without team.manage', async () => {
    const user = userEvent.setup({ delay: null });
    setAppState(loggedInState(makeTeam(3, 'Yoga Zürich', 'editor')));
    const { calls } = renderSetup('/en/backend/config/integration', {
      'GET /api/config/integration': () => json({ data: stored }),
      'PUT /api/config/integration': () => json({ success: true, message: 'Saved.', data: stored }),
    });
    const invoice = await screen.findByRole('region', { name: 'Invoice' });
    expect(within(invoice).getByRole('textbox', { name: /^IBAN/ })).toHaveAttribute('readonly');
    expect(within(invoice).getByRole('textbox', { name: /^QR-IBAN/ })).toHaveAttribute('readonly');
    expect(within(invoice).getByRole('note')).toHaveTextContent('Only people who may manage the company');
    const stripe = section('Stripe');
    expect(within(stripe).getByRole('textbox', { name: 'Publishable key' })).toHaveAttribute('readonly');
    expect(within(stripe).getByRole('textbox', { name: /Connected account id/ })).toHaveAttribute('readonly');
    expect(within(stripe).getByRole('group', { name: 'Secret key' })).toHaveTextContent('Stored');
    expect(within(stripe).queryByRole('button', { name: /Replace|Remove/ })).not.toBeInTheDocument();
    const testMode = section('Test mode');
    const toggle = within(testMode).getByRole('switch', { name: /Offer the test payment/ });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(/Only people who may manage the company can switch test mode/);

    // The rest is still theirs to save, without a password.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(requests(calls, 'PUT', '/api/config/integration')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps test mode off while invoice or Stripe is on, and says why; the Stripe webhook address names the team', async () => {
    const user = userEvent.setup({ delay: null });
    const own = { ...stored, stripe: { ...stored.stripe, webhook_url: `http://localhost:3000/api/webhooks/stripe?team=${owner.id}` } };
    renderSetup('/en/backend/config/integration', { 'GET /api/config/integration': () => json({ data: own }) });
    const testMode = await screen.findByRole('region', { name: 'Test mode' });
    const toggle = within(testMode).getByRole('switch', { name: /Offer the test payment/ });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(/only be turned on while invoice and the online payment providers are off/);
    expect(within(section('Stripe')).getByRole('textbox', { name: 'Webhook URL' })).toHaveValue(
      `http://localhost:3000/api/webhooks/stripe?team=${owner.id}`,
    );
    // Both live methods off: the switch may be turned on.
    await user.click(within(section('Invoice')).getByRole('switch', { name: /Offer payment by invoice/ }));
    await user.click(within(section('Stripe')).getByRole('switch', { name: /Offer online payment with Stripe/ }));
    expect(toggle).toBeEnabled();
  });
});
