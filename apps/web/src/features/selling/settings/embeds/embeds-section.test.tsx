import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../../test/fake-fetch';
import { owner, pick, renderSetup, resetScreen } from '../../../../test/backoffice';

const settings = {
  invoice: { enabled: true, iban: 'CH93 0076 2011 6238 5295 7', qr_iban: null, due_days: 14 },
  stripe: {
    enabled: false,
    publishable_key: null,
    secret_key_set: false,
    webhook_secret_set: false,
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
  terms_url: null,
  branding: { primary_color: null, slug: 'yoga-zuerich' },
  tier: 'payg' as const,
};
const filters = (lang: string) => ({
  data: {
    type_sets: [
      { id: 1, name: lang === 'de' ? 'Kurse' : 'Courses' },
      { id: 2, name: 'Events' },
    ],
    locations: [{ id: 9, name: 'Studio', city: 'Zürich' }],
    attributes: [],
  },
});
const activities = (lang: string) => ({
  data: [
    { id: 12, name: lang === 'de' ? 'Tag der offenen Tür' : 'Open day' },
    { id: 13, name: 'Yoga' },
  ],
  meta: { current_page: 1, last_page: 1, per_page: 100, from: 1, to: 2, total: 2 },
});

function render() {
  return renderSetup('/en/backend/config/integration', {
    'GET /api/config/integration': () => json({ data: settings }),
    [`GET /api/public/teams/${owner.id}/filters`]: (c) => json(filters(new URL(c.url, 'http://x').searchParams.get('lang') ?? '')),
    [`GET /api/public/teams/${owner.id}/activities`]: (c) => json(activities(new URL(c.url, 'http://x').searchParams.get('lang') ?? '')),
  });
}

const origin = () => window.location.origin;
const code = () => screen.getByRole('textbox', { name: /Code for your website/ });
const codeText = () => (code() as HTMLTextAreaElement).value;

describe('embeds on the integration settings page', () => {
  beforeAll(async () => {
    await import('../../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('builds the snippet from the choices, copies it with the spec’s confirmation, and offers the plain link', async () => {
    const user = userEvent.setup({ delay: null });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const { calls } = render();
    const section = await screen.findByRole('region', { name: 'Embeds on your website' });
    expect(code()).toHaveValue(
      [
        `<script src="${origin()}/embed.js" async></script>`,
        `<div data-bookla-team="${owner.id}" data-view="list" data-lang="en">`,
        `  <a href="${origin()}/en/shop/yoga-zuerich">Book online</a>`,
        '</div>',
      ].join('\n'),
    );

    await pick(user, 'Show', 'Calendar');
    await waitFor(() => expect(calls.some((c) => c.url.includes(`/api/public/teams/${owner.id}/filters`))).toBe(true));
    await pick(user, 'Type', 'Courses');
    await pick(user, 'Location', 'Studio, Zürich');
    await pick(user, 'Checkout', 'In a new tab');
    expect(codeText()).toContain(`data-view="calendar" data-type-set="1" data-location="9" data-lang="en" data-checkout="tab"`);

    await user.click(within(section).getByRole('button', { name: 'Copy: Code for your website' }));
    expect(writeText).toHaveBeenCalledWith(codeText());
    expect(await screen.findByText('Copy to clipboard')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();

    // The WordPress way: the HTML block, no plugin.
    expect(within(section).getByRole('note', { name: 'WordPress' })).toHaveTextContent(/“Custom HTML” block/);

    const link = `${origin()}/en/shop/yoga-zuerich?view=calendar&type=1&location=9`;
    expect(within(section).getByRole('link', { name: link })).toHaveAttribute('href', link);
    await user.click(within(section).getByRole('button', { name: 'Copy: Link instead of an embed' }));
    expect(writeText).toHaveBeenLastCalledWith(link);
  });

  it('writes the embed in its own language and needs the activity for a one-activity embed', async () => {
    const user = userEvent.setup({ delay: null });
    render();
    await screen.findByRole('region', { name: 'Embeds on your website' });
    await pick(user, 'Language', 'Deutsch');
    expect(codeText()).toContain('data-lang="de"');
    expect(codeText()).toContain(`<a href="${origin()}/de/shop/yoga-zuerich">Online buchen</a>`);

    await pick(user, 'Show', 'One activity');
    expect(screen.queryByRole('textbox', { name: /Code for your website/ })).not.toBeInTheDocument();
    expect(screen.getByText('Choose the activity to show.')).toBeInTheDocument();
    await pick(user, /^Activity/, 'Tag der offenen Tür');
    expect(codeText()).toContain('data-view="activity" data-activity="12" data-lang="de"');
  });

  it('previews the embed page on request, sized by its own height messages only', async () => {
    const user = userEvent.setup({ delay: null });
    render();
    await screen.findByRole('region', { name: 'Embeds on your website' });
    expect(screen.queryByTitle('Preview of the embed')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show preview' }));
    const frame = screen.getByTitle('Preview of the embed') as HTMLIFrameElement;
    expect(frame.src).toBe(`${origin()}/en/embed/${owner.id}?origin=${encodeURIComponent(origin())}`);
    expect(frame.style.height).toBe('400px');

    const source = {} as Window;
    Object.defineProperty(frame, 'contentWindow', { configurable: true, value: source });
    const post = (data: unknown, from: string = origin(), src: unknown = source) =>
      window.dispatchEvent(new MessageEvent('message', { data, origin: from, source: src as Window }));
    post({ type: 'bookla:height', height: 900.5 });
    await waitFor(() => expect(frame.style.height).toBe('901px'));
    post({ type: 'bookla:height', height: 50 }, 'https://evil.test');
    post({ type: 'bookla:height', height: 50 }, origin(), {});
    post({ type: 'bookla:height', height: '50' });
    expect(frame.style.height).toBe('901px');
    await user.click(screen.getByRole('button', { name: 'Hide preview' }));
    expect(screen.queryByTitle('Preview of the embed')).not.toBeInTheDocument();
  });
});
