import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RegisterPage } from '../../../../routes/public/register-page';
import { setXsrfCookie, withOptions } from '../../../../test/auth-fixtures';
import { fakeFetch, json, type FakeCall } from '../../../../test/fake-fetch';
import { renderRoutes } from '../../../../test/render';

type User = ReturnType<typeof userEvent.setup>;

function renderRegister() {
  return renderRoutes(
    [
      { path: '/:lang/register', Component: RegisterPage },
      { path: '/:lang/login/:status?', Component: () => <p>Login page</p> },
    ],
    '/en/register',
  );
}

const stepHeading = () => screen.getByRole('heading', { level: 2 });
const field = (name: string) => screen.getByRole('textbox', { name });

/** Opens a Mantine select and clicks an option (happy-dom never ends the dropdown's transition). */
async function pick(user: User, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

async function fillUserStep(user: User) {
  await pick(user, 'Salutation', 'Mrs');
  await user.type(field('First name'), 'Anna');
  await user.type(field('Last name'), 'Muster');
  await user.type(field('E-mail address'), 'anna@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'Kursplatz-2026!');
  await user.type(screen.getByLabelText(/^Confirm password/), 'Kursplatz-2026!');
}

async function fillCompanyStep(user: User) {
  await user.type(field('Company name'), 'Yoga Zürich');
  await user.type(field('Phone number'), '44 123 45 67');
  await user.type(field('Street and number'), 'Bahnhofstrasse 1');
  await user.type(field('Postal code'), '8001');
  await user.type(field('City'), 'Zürich');
}

/** Validators say "valid" unless told otherwise; the registration answers with `register`. */
function serve(
  options: { validator?: (call: FakeCall, path: string) => Response | undefined; register?: (call: FakeCall) => Response } = {},
) {
  return fakeFetch(
    withOptions((call, path) => {
      if (path.startsWith('/api/srl/validator/')) return options.validator?.(call, path) ?? json({ valid: true });
      if (path === '/api/srl/register') return options.register?.(call) ?? json({ success: true, user_id: 7, message: 'ok' });
      return json({ message: 'Not Found' }, 404);
    }),
  );
}

describe('registration', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setXsrfCookie();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('has three steps; a step header never moves forward, only back', async () => {
    const user = userEvent.setup({ delay: null });
    serve();
    renderRegister();
    expect(await screen.findByRole('heading', { level: 2, name: 'Step 1 of 3: User' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Register | Bookla'));

    await user.click(screen.getByRole('button', { name: /Company/ }));
    await user.click(screen.getByRole('button', { name: /Preview/ }));
    expect(stepHeading()).toHaveTextContent('Step 1 of 3: User');

    await fillUserStep(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Step 2 of 3: Company' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: /Preview/ }));
    expect(stepHeading()).toHaveTextContent('Step 2 of 3: Company');

    // Back by clicking the first step: the entered values are still there.
    await user.click(screen.getByRole('button', { name: /User/ }));
    expect(stepHeading()).toHaveTextContent('Step 1 of 3: User');
    expect(field('First name')).toHaveValue('Anna');
  });

  it('Next checks the step on the client first, then asks the server whether the e-mail is free', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = serve({
      validator: (call, path) =>
        path.endsWith('/unique/user/email') ? json({ valid: false, message: 'This e-mail address is already registered.' }) : undefined,
    });
    renderRegister();
    await screen.findByRole('heading', { level: 2, name: 'Step 1 of 3: User' });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(stepHeading()).toHaveTextContent('Step 1 of 3: User');
    const firstname = field('First name');
    await waitFor(() => expect(firstname).toHaveAttribute('aria-invalid', 'true'));
    await waitFor(() => expect(firstname).toHaveAccessibleDescription('This field is required.'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Salutation' })).toHaveFocus());
    expect(calls.some((c) => c.url.includes('/validator/'))).toBe(false);

    // Once shown, an error goes away as soon as the field is corrected, not only on blur.
    await user.type(firstname, 'A');
    // The check runs after the keystroke (asynchronously): wait for it rather than assume it ran.
    await waitFor(() => expect(firstname).not.toHaveAttribute('aria-invalid'));
    await user.clear(firstname);

    await fillUserStep(user);
    await user.clear(screen.getByLabelText(/^Confirm password/));
    await user.type(screen.getByLabelText(/^Confirm password/), 'something-else');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The Password confirmation does not match.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Confirm password/));
    await user.type(screen.getByLabelText(/^Confirm password/), 'Kursplatz-2026!');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const email = field('E-mail address');
    await waitFor(() => expect(email).toHaveAccessibleDescription('This e-mail address is already registered.'));
    expect(email).toHaveFocus();
    expect(stepHeading()).toHaveTextContent('Step 1 of 3: User');
    expect(calls.find((c) => c.url.startsWith('/api/srl/validator/unique/user/email'))?.body).toEqual({ email: 'anna@example.com' });
  });

  it('selecting a country chooses its currency; a German postal code needs exactly 5 characters', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = serve();
    renderRegister();
    await fillUserStep(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Step 2 of 3: Company' });

    // Defaults: Switzerland, francs, +41, Europe/Zurich, the UI language.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('Swiss franc (CHF)'));
    expect(field('Prefix')).toHaveValue('+41');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Zurich (UTC+01:00)');

    await fillCompanyStep(user);
    await pick(user, 'Country', 'Germany');
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('Euro (EUR)');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    const postal = field('Postal code');
    await waitFor(() => expect(postal).toHaveAccessibleDescription('A German postal code has exactly 5 characters.'));
    await waitFor(() => expect(postal).toHaveFocus());
    expect(stepHeading()).toHaveTextContent('Step 2 of 3: Company');

    await user.type(postal, '0');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Step 3 of 3: Preview' })).toBeInTheDocument();
    const checked = calls.filter((c) => c.url.includes('/validator/')).map((c) => c.url.split('?')[0]);
    expect(checked).toEqual(expect.arrayContaining(['/api/srl/validator/unique/team/name', '/api/srl/validator/country']));
    expect(checked).not.toContain('/api/srl/validator/vat_id'); // empty VAT number: nothing to check
  });

  it('shows an invalid VAT number beside the field', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = serve({
      validator: (_call, path) =>
        path.endsWith('/vat_id') ? json({ valid: false, message: 'This VAT number is not valid (check digit).' }) : undefined,
    });
    renderRegister();
    await fillUserStep(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Step 2 of 3: Company' });
    await fillCompanyStep(user);
    await user.type(field('VAT number'), 'CHE-123.456.788');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(field('VAT number')).toHaveAccessibleDescription(/This VAT number is not valid \(check digit\)\./));
    expect(calls.find((c) => c.url.startsWith('/api/srl/validator/vat_id'))?.body).toEqual({ vat_id: 'CHE-123.456.788', country: 'CH' });
  });

  it('asks whether the company is registered for VAT: unchecked by default; checked, the VAT number is needed (issue 22 item 1)', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = serve();
    renderRegister();
    await fillUserStep(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Step 2 of 3: Company' });
    await fillCompanyStep(user);
    const registered = screen.getByRole('checkbox', { name: /We are registered for VAT/ });
    expect(registered).not.toBeChecked();
    await user.click(registered);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const vat = screen.getByRole('textbox', { name: /^VAT number/ });
    await waitFor(() => expect(vat).toHaveAccessibleDescription(/This field is required\./));
    await user.type(vat, 'CHE-116.281.710 MWST');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Step 3 of 3: Preview' });
    // The summary's row: "Registered for VAT", "yes".
    expect(screen.getByText('Registered for VAT').closest('div')).toHaveTextContent('Registered for VATyes');
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
    await pick(user, 'How did you hear about us?', 'Search engine');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(calls.find((c) => c.url.startsWith('/api/srl/register'))).toBeDefined());
    expect(calls.find((c) => c.url.startsWith('/api/srl/register'))?.body).toMatchObject({
      team: { vat_id: 'CHE-116.281.710 MWST', vat_registered: true },
    });
  });

  it('sends the spec payload, maps a 422 to the fields and jumps to the first step with an error', async () => {
    const user = userEvent.setup({ delay: null });
    let release: (r: Response) => void = () => {};
    const { calls } = serve({
      register: () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }) as unknown as Response,
    });
    renderRegister();
    await fillUserStep(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Step 2 of 3: Company' });
    await fillCompanyStep(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Step 3 of 3: Preview' });

    // What will be created.
    const account = screen.getByRole('heading', { name: 'Your account' }).closest('div')!.parentElement!;
    expect(within(account).getByText('Mrs Anna Muster')).toBeInTheDocument();
    expect(screen.getByText('Yoga Zürich')).toBeInTheDocument();
    expect(screen.getByText('Switzerland')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /terms and conditions/ })).toHaveAttribute('href', '/en/agb');

    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Please accept the terms and conditions.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
    await pick(user, 'How did you hear about us?', 'Search engine');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const sending = await screen.findByRole('button', { name: 'Sending…' });
    expect(sending).toBeDisabled();
    const sent = calls.find((c) => c.url.startsWith('/api/srl/register'));
    expect(sent?.body).toEqual({
      user: {
        salutation: 'mrs',
        firstname: 'Anna',
        lastname: 'Muster',
        email: 'anna@example.com',
        password: 'Kursplatz-2026!',
        password_confirm: 'Kursplatz-2026!',
        agb: true,
        newsletter: false,
        referral_id: 'search',
      },
      team: {
        name: 'Yoga Zürich',
        phone_prefix: '+41',
        phone_number: '44 123 45 67',
        currency: 'CHF',
        languages: ['en'],
        time_zone: 'Europe/Zurich',
        billing_address: 'Bahnhofstrasse 1',
        billing_address_line_2: null,
        billing_city: 'Zürich',
        billing_state: null,
        billing_postal_code: '8001',
        billing_country: 'CH',
        vat_id: null,
        vat_registered: false,
      },
      plan: 'payg',
    });

    release(
      json(
        {
          message: 'The given data was invalid.',
          errors: {
            'team.name': ['A company with this name already exists.'],
            'user.email': ['This e-mail address is already registered.'],
          },
        },
        422,
      ),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Step 1 of 3: User' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The given data was invalid.');
    const email = field('E-mail address');
    await waitFor(() => expect(email).toHaveAccessibleDescription('This e-mail address is already registered.'));
    await waitFor(() => expect(email).toHaveFocus());

    // The company step keeps its error for when the user gets there.
    await user.clear(email);
    await user.type(email, 'anna.muster@example.com');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Step 2 of 3: Company' });
    await waitFor(() => expect(field('Company name')).toHaveAccessibleDescription('A company with this name already exists.'));
  });

  it('goes to the login with the registration notice on success', async () => {
    const user = userEvent.setup({ delay: null });
    serve();
    const { router } = renderRegister();
    await fillUserStep(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Step 2 of 3: Company' });
    await fillCompanyStep(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Step 3 of 3: Preview' });
    await user.click(screen.getByRole('checkbox', { name: /I accept/ }));
    await pick(user, 'How did you hear about us?', 'Recommendation');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login/registration_success'));
  });
});
