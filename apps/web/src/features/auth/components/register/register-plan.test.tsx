import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RegisterPage } from '../../../../routes/public/register-page';
import { setXsrfCookie, withOptions } from '../../../../test/auth-fixtures';
import { fakeFetch, json } from '../../../../test/fake-fetch';
import { renderRoutes } from '../../../../test/render';

/** The plan at sign-up (CONTRACT §6): radio cards with their fees, `?plan=business` preselects, the preview shows it. */

type User = ReturnType<typeof userEvent.setup>;

const renderRegister = (path: string) =>
  renderRoutes(
    [
      { path: '/:lang/register', Component: RegisterPage },
      { path: '/:lang/login/:status?', Component: () => <p>Login page</p> },
    ],
    path,
  );
const field = (name: string) => screen.getByRole('textbox', { name });

async function pick(user: User, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

async function toCompanyStep(user: User) {
  await pick(user, 'Salutation', 'Mrs');
  await user.type(field('First name'), 'Anna');
  await user.type(field('Last name'), 'Muster');
  await user.type(field('E-mail address'), 'anna@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'Kursplatz-2026!');
  await user.type(screen.getByLabelText(/^Confirm password/), 'Kursplatz-2026!');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: 'Step 2 of 3: Company' });
  await user.type(field('Company name'), 'Yoga Zürich');
  await user.type(field('Phone number'), '44 123 45 67');
  await user.type(field('Street and number'), 'Bahnhofstrasse 1');
  await user.type(field('Postal code'), '8001');
  await user.type(field('City'), 'Zürich');
}

async function submit(user: User) {
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: 'Step 3 of 3: Preview' });
  const summary = screen.getByRole('heading', { name: 'Your plan' }).closest('div')!.parentElement!;
  await user.click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
  await pick(user, 'How did you hear about us?', 'Search engine');
  return summary;
}

function serve() {
  return fakeFetch(
    withOptions((_call, path) => {
      if (path.startsWith('/api/srl/validator/')) return json({ valid: true });
      if (path === '/api/srl/register') return json({ success: true, user_id: 7, message: 'ok' });
      return json({ message: 'Not Found' }, 404);
    }),
  );
}

describe('the plan at sign-up', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setXsrfCookie();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers both plans with their fees, Pay-As-You-Go chosen; Business chosen is shown in the preview and sent', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = serve();
    renderRegister('/en/register');
    await screen.findByRole('heading', { level: 2, name: 'Step 1 of 3: User' });
    await toCompanyStep(user);
    const group = screen.getByRole('radiogroup', { name: 'Plan' });
    const payg = within(group).getByRole('radio', { name: 'Pay-As-You-Go' });
    const business = within(group).getByRole('radio', { name: 'Business' });
    expect(payg).toBeChecked();
    expect(business).not.toBeChecked();
    expect(within(group).getByText('CHF 139.00 per month')).toBeInTheDocument();
    expect(within(group).getByText('CHF 0.00 per month')).toBeInTheDocument();
    expect(within(group).getByText('3.9% plus CHF 0.49 per sale')).toBeInTheDocument();
    expect(within(group).getByText('7.9% plus CHF 0.49 per sale')).toBeInTheDocument();
    await user.click(business);
    expect(business).toBeChecked();

    const summary = await submit(user);
    expect(within(summary).getByText('Business')).toBeInTheDocument();
    expect(within(summary).getByText('CHF 139.00 per month')).toBeInTheDocument();
    expect(within(summary).getByText('3.9% plus CHF 0.49 per sale')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(calls.find((c) => c.url.startsWith('/api/srl/register'))).toBeDefined());
    expect(calls.find((c) => c.url.startsWith('/api/srl/register'))?.body).toMatchObject({ plan: 'business' });
  });

  it('preselects Business from ?plan=business (the landing page’s button); the preview can go back to change it', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = serve();
    renderRegister('/en/register?plan=business');
    await screen.findByRole('heading', { level: 2, name: 'Step 1 of 3: User' });
    await toCompanyStep(user);
    expect(screen.getByRole('radio', { name: 'Business' })).toBeChecked();
    let summary = await submit(user);
    expect(within(summary).getByText('Business')).toBeInTheDocument();

    await user.click(within(summary).getByRole('button', { name: 'Change your plan' }));
    await screen.findByRole('heading', { level: 2, name: 'Step 2 of 3: Company' });
    await user.click(screen.getByRole('radio', { name: 'Pay-As-You-Go' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Step 3 of 3: Preview' });
    summary = screen.getByRole('heading', { name: 'Your plan' }).closest('div')!.parentElement!;
    expect(within(summary).getByText('Pay-As-You-Go')).toBeInTheDocument();
    expect(within(summary).getByText('7.9% plus CHF 0.49 per sale')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(calls.find((c) => c.url.startsWith('/api/srl/register'))).toBeDefined());
    expect(calls.find((c) => c.url.startsWith('/api/srl/register'))?.body).toMatchObject({ plan: 'payg' });
  });
});
