import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppState } from '../../../lib/app-state';
import { json } from '../../../test/fake-fetch';
import { owner, renderSetup, requests, resetScreen, validation } from '../../../test/backoffice';
import { loggedInState, makeTeam } from '../../../test/team-fixtures';

const settings = {
  charges_vat: true,
  vat_number: 'CHE-123.456.788 MWST',
  rates: [
    { rate: 8.1, label: { de: 'Normalsatz', en: 'Standard rate', fr: 'Taux normal' } },
    { rate: 2.6, label: { de: 'Reduzierter Satz', en: 'Reduced rate' } },
    { rate: 0, label: { de: 'Steuerfrei', en: 'Tax exempt' } },
  ],
  default_rate: 8.1,
};

const rateCard = (position: number) => screen.getByRole('group', { name: `VAT rate ${position}` });

describe('tax settings page', () => {
  beforeAll(async () => {
    await import('../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('loads the settings, changes rates and the default, and saves them', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/config/tax', {
      'GET /api/config/tax': () => json({ data: settings }),
      'PUT /api/config/tax': (call) => {
        const body = call.body as Omit<typeof settings, 'rates' | 'default_rate'> & {
          rates: { rate: string; label: object }[];
          default_rate: string;
        };
        return json({
          success: true,
          message: 'The tax settings have been saved.',
          // The server reads decimals with a comma or a dot ('3,8' is 3.8).
          data: {
            ...body,
            rates: body.rates.map((r) => ({ ...r, rate: Number(r.rate.replace(',', '.')) })),
            default_rate: Number(body.default_rate.replace(',', '.')),
          },
        });
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tax' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Tax | Bookla'));
    expect(await screen.findByRole('switch', { name: /Registered for VAT/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /VAT number/ })).toHaveValue('CHE-123.456.788 MWST');
    expect(within(rateCard(1)).getByRole('textbox', { name: /^VAT rate/ })).toHaveValue('8.1');
    expect(within(rateCard(1)).getByRole('radio', { name: 'Default' })).toBeChecked();

    // Add 3.8 %, make it the default, remove the 0 % rate.
    await user.click(screen.getByRole('button', { name: 'Add VAT rate' }));
    await user.type(within(rateCard(4)).getByRole('textbox', { name: /^VAT rate/ }), '3,8');
    await user.type(within(rateCard(4)).getByRole('textbox', { name: /^Label/ }), 'Beherbergung');
    await user.click(within(rateCard(4)).getByRole('radio', { name: 'Default' }));
    await user.click(screen.getByRole('button', { name: 'Remove VAT rate 3' }));
    expect(within(rateCard(3)).getByRole('radio', { name: 'Default' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The tax settings have been saved.')).toBeInTheDocument();
    expect(requests(calls, 'PUT', '/api/config/tax')[0]?.body).toEqual({
      charges_vat: true,
      vat_number: 'CHE-123.456.788 MWST',
      rates: [
        // Labels of languages the team does not use (fr) are kept as they were.
        { rate: '8.1', label: { de: 'Normalsatz', en: 'Standard rate', fr: 'Taux normal' } },
        { rate: '2.6', label: { de: 'Reduzierter Satz', en: 'Reduced rate', fr: '' } },
        { rate: '3,8', label: { de: 'Beherbergung', en: '', fr: '' } },
      ],
      default_rate: '3,8',
    });
  });

  it('shows the server’s 422 beside the rate, the default and the VAT number, and keeps the input', async () => {
    const user = userEvent.setup({ delay: null });
    renderSetup('/en/backend/config/tax', {
      'GET /api/config/tax': () => json({ data: settings }),
      'PUT /api/config/tax': () =>
        validation({
          'rates.1.rate': ['This rate is listed twice.'],
          default_rate: ['The default rate must be one of the rates.'],
          vat_number: ['This VAT number is not valid (check digit).'],
        }),
    });
    const vat = await screen.findByRole('textbox', { name: /VAT number/ });
    await user.clear(vat);
    await user.type(vat, 'CHE-123.456.789');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This rate is listed twice.')).toBeInTheDocument();
    expect(within(rateCard(2)).getByRole('textbox', { name: /^VAT rate/ })).toHaveAccessibleDescription(/listed twice/);
    expect(screen.getByRole('textbox', { name: /VAT number/ })).toHaveAccessibleDescription(/check digit/);
    expect(screen.getByRole('textbox', { name: /VAT number/ })).toHaveValue('CHE-123.456.789');
    expect(screen.getByText('The default rate must be one of the rates.')).toBeInTheDocument();
  });

  it('says whether the company is registered for VAT; registering asks for the VAT number (issue 22 item 1)', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/config/tax', {
      'GET /api/config/tax': () => json({ data: { ...settings, charges_vat: false, vat_number: null } }),
      'PUT /api/config/tax': () => validation({ vat_number: ['Please enter your VAT number, or turn off “Registered for VAT”.'] }),
    });
    const registered = await screen.findByRole('switch', { name: /Registered for VAT/ });
    expect(registered).not.toBeChecked();
    expect(registered).toHaveAccessibleDescription(/Turn this on only if your company is registered for VAT/);
    expect(screen.getByRole('textbox', { name: /VAT number/ })).not.toBeRequired();
    await user.click(registered);
    expect(screen.getByRole('textbox', { name: /VAT number/ })).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter your VAT number, or turn off “Registered for VAT”.')).toBeInTheDocument();
    expect(requests(calls, 'PUT', '/api/config/tax')[0]?.body).toMatchObject({ charges_vat: true, vat_number: null });
  });

  it('checks the rates before sending: no rate left empty', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/config/tax', {
      'GET /api/config/tax': () => json({ data: settings }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add VAT rate' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(rateCard(4)).findByText('This field is required.')).toBeInTheDocument();
    expect(requests(calls, 'PUT', '/api/config/tax')).toHaveLength(0);
  });

  it('is not shown to an instructor', async () => {
    setAppState(loggedInState(makeTeam(owner.id, owner.name, 'instructor')));
    const { calls } = renderSetup('/en/backend/config/tax', { 'GET /api/config/tax': () => json({ data: settings }) });
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Tax');
    expect(requests(calls, 'GET', '/api/config/tax')).toHaveLength(0);
  });
});
