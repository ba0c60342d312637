import type { EmailArchiveDetail, EmailArchiveItem } from '@bookla/shared/email-archive';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { confirmDialog, listOf, pick, renderSetup, requests, resetScreen } from '../../../test/backoffice';

const paid: EmailArchiveItem = {
  id: 41,
  kind: 'order_paid',
  language: 'de',
  recipient: 'anna@example.com',
  subject: 'Ihre Tickets für Bestellung 1042',
  status: 'sent',
  attempts: 1,
  failure_reason: null,
  created_at: '2026-03-05T11:00:00+01:00',
  sent_at: '2026-03-05T11:00:05+01:00',
  attachments: [{ kind: 'tickets', name: 'tickets-1042.pdf', order_id: 7 }],
  resendable: true,
};
const failed: EmailArchiveItem = {
  ...paid,
  id: 42,
  kind: 'order_invoice',
  recipient: 'bruno@example.com',
  subject: 'Rechnung 1043',
  status: 'failed',
  attempts: 10,
  failure_reason: 'recipient_rejected',
  sent_at: null,
  attachments: [],
};
const invitation: EmailArchiveItem = {
  ...paid,
  id: 43,
  kind: 'team_invitation',
  recipient: 'carla@example.com',
  subject: 'Einladung',
  status: 'kept',
  sent_at: null,
  attachments: [],
  resendable: false,
};
const HTML =
  '<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src \'none\'"></head><body><p>Hallo Anna</p><span class="bookla-link">Bestellung ansehen</span></body></html>';
const detail: EmailArchiveDetail = {
  ...paid,
  from: '"Yoga Zürich via Bookla" <noreply@bookla.test>',
  last_error: null,
  order: { id: 7, number: 1042 },
  text: 'Hallo Anna\n\nBestellung ansehen: http://localhost:3000/de/shop/3/order/7?token=•••',
  html: HTML,
};

describe('email archive', () => {
  beforeAll(async () => {
    await import('../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('lists the mails with their type, status in words and the reason a mail failed', async () => {
    renderSetup('/en/backend/archive/team', { 'GET /api/archive/emails': () => json(listOf([paid, failed, invitation])) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Email archive' })).toBeInTheDocument();
    const sentRow = (await screen.findByRole('button', { name: 'Ihre Tickets für Bestellung 1042' })).closest('tr')!;
    expect(sentRow).toHaveTextContent('anna@example.com');
    expect(sentRow).toHaveTextContent('Payment confirmation');
    expect(within(sentRow).getByText('Sent')).toBeInTheDocument();
    // In the team's zone and the UI language's format.
    expect(sentRow).toHaveTextContent('05/03/2026 11:00');
    const failedRow = screen.getByRole('button', { name: 'Rechnung 1043' }).closest('tr')!;
    expect(within(failedRow).getByText('Failed')).toBeInTheDocument();
    expect(failedRow).toHaveTextContent('The recipient’s address was rejected. Attempts: 10');
    const keptRow = screen.getByRole('button', { name: 'Einladung' }).closest('tr')!;
    expect(within(keptRow).getByText('Kept, not sent')).toBeInTheDocument();
    // A mail with a one-time link cannot be sent again.
    expect(within(keptRow).getByRole('button', { name: 'Resend e-mail to carla@example.com: Einladung' })).toBeDisabled();
    expect(within(sentRow).getByRole('button', { name: /^Resend e-mail to anna@example.com/ })).toBeEnabled();
  });

  it('searches by recipient through the column filters and sorts by a header', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/archive/team', { 'GET /api/archive/emails': () => json(listOf([paid])) });
    await screen.findByRole('button', { name: 'Ihre Tickets für Bestellung 1042' });
    const last = () => decodeURIComponent(requests(calls, 'GET', '/api/archive/emails').at(-1)!.url);
    expect(last()).toContain('sort[field]=created_at&sort[type]=desc');
    await user.type(screen.getByRole('searchbox', { name: 'Search recipient' }), 'anna{Enter}');
    await waitFor(() => expect(last()).toContain('columnFilters[recipient]=anna'));
    await user.click(screen.getByRole('button', { name: 'Recipient' }));
    await waitFor(() => expect(last()).toContain('sort[field]=recipient&sort[type]=asc'));
  });

  it('filters by status, type and first day', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/archive/team', { 'GET /api/archive/emails': () => json(listOf([paid])) });
    await screen.findByRole('button', { name: 'Ihre Tickets für Bestellung 1042' });
    const last = () => decodeURIComponent(requests(calls, 'GET', '/api/archive/emails').at(-1)!.url);
    await pick(user, 'Status', 'Failed');
    await waitFor(() => expect(last()).toContain('columnFilters[status]=failed'));
    await pick(user, 'Type', 'Invoice');
    await waitFor(() => expect(last()).toContain('columnFilters[kind]=order_invoice'));
    const from = screen.getByRole('textbox', { name: 'From' });
    fireEvent.change(from, { target: { value: '01/03/2026' } });
    fireEvent.blur(from);
    await waitFor(() => expect(last()).toContain('columnFilters[from]=2026-03-01'));
  }, 20_000);

  it('opens a mail: its data, the HTML in a sandbox without permissions, the text, and the order', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderSetup('/en/backend/archive/team', {
      'GET /api/archive/emails': () => json(listOf([paid])),
      'GET /api/archive/emails/41': () => json({ data: detail }),
    });
    await user.click(await screen.findByRole('button', { name: 'View e-mail to anna@example.com: Ihre Tickets für Bestellung 1042' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ihre Tickets für Bestellung 1042' });
    expect(await within(dialog).findByText('"Yoga Zürich via Bookla" <noreply@bookla.test>')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('tickets-1042.pdf');
    expect(within(dialog).getByRole('link', { name: 'Order 1042' })).toHaveAttribute('href', '/en/backend/orders/edit/7');
    const frame = within(dialog).getByTitle('Content of the e-mail “Ihre Tickets für Bestellung 1042”');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(HTML);
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
    await user.click(within(dialog).getByRole('tab', { name: 'Plain text' }));
    expect(await within(dialog).findByText(/token=•••/)).toBeInTheDocument();
    // The open mail is in the address (a reload shows it again); closing removes it.
    expect(router.state.location.search).toBe('?mail=41');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('resends after a confirmation and shows the server’s message; a refusal shows its reason', async () => {
    const user = userEvent.setup({ delay: null });
    let resends = 0;
    const { calls } = renderSetup('/en/backend/archive/team', {
      'GET /api/archive/emails': () => json(listOf([paid, failed])),
      'POST /api/archive/emails/41/resend': () => {
        resends++;
        return json({
          success: true,
          message: 'A new copy to anna@example.com has been queued.',
          data: { ...paid, id: 99, status: 'queued', sent_at: null },
        });
      },
      'POST /api/archive/emails/42/resend': () => json({ message: 'Too many attempts. Please try again in 3000 seconds.' }, 429),
    });
    await screen.findByRole('button', { name: 'Ihre Tickets für Bestellung 1042' });
    const listCalls = requests(calls, 'GET', '/api/archive/emails').length;
    await user.click(screen.getByRole('button', { name: 'Resend e-mail to anna@example.com: Ihre Tickets für Bestellung 1042' }));
    const dialog = await confirmDialog(user, 'Send this e-mail again?', 'Send again');
    expect(dialog).toHaveTextContent('A new copy goes to anna@example.com. The original stays in the archive as it is.');
    expect(await screen.findByText('A new copy to anna@example.com has been queued.')).toBeInTheDocument();
    expect(resends).toBe(1);
    // The list is loaded again (it now holds the copy).
    await waitFor(() => expect(requests(calls, 'GET', '/api/archive/emails').length).toBeGreaterThan(listCalls));

    await user.click(screen.getByRole('button', { name: 'Resend e-mail to bruno@example.com: Rechnung 1043' }));
    await confirmDialog(user, 'Send this e-mail again?', 'Send again');
    expect(await screen.findByText('Too many attempts. Please try again in 3000 seconds.')).toBeInTheDocument();
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/archive/team', { 'GET /api/archive/emails': () => json(listOf([paid])) });
    await user.click(await screen.findByRole('button', { name: /^Resend e-mail to anna@example.com/ }));
    await confirmDialog(user, 'Send this e-mail again?', 'Cancel');
    expect(requests(calls, 'POST', '/api/archive/emails/41/resend')).toEqual([]);
  });

  it('tells an instructor that the role has no access, without loading anything', async () => {
    const { setAppState } = await import('../../../lib/app-state');
    const { loggedInState, makeTeam } = await import('../../../test/team-fixtures');
    setAppState(loggedInState(makeTeam(3, 'Yoga Zürich', 'instructor')));
    const { calls } = renderSetup('/en/backend/archive/team', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(requests(calls, 'GET', '/api/archive/emails')).toEqual([]);
  });

  it('speaks German', async () => {
    const { applyLanguage } = await import('../../../lib/language');
    await applyLanguage('de');
    renderSetup('/de/backend/archive/team', { 'GET /api/archive/emails': () => json(listOf([failed])) });
    expect(await screen.findByRole('heading', { level: 1, name: 'E-Mail-Archiv' })).toBeInTheDocument();
    expect(await screen.findByText('Fehlgeschlagen')).toBeInTheDocument();
    expect(screen.getByText(/Die Adresse der Empfängerin oder des Empfängers wurde abgelehnt/)).toBeInTheDocument();
  });
});

describe('mail kinds', () => {
  it('has a label for every kind a company’s archive holds (the provider’s notifications too), in each language', async () => {
    const { TEAM_MAIL_KINDS } = await import('@bookla/shared/email-archive');
    const { i18n } = await import('../../../lib/i18n');
    expect(TEAM_MAIL_KINDS).toContain('notice_digest');
    for (const lng of ['de', 'en', 'fr'])
      for (const kind of TEAM_MAIL_KINDS) expect(i18n.exists(`archive:kinds.${kind}`, { lng }), `${lng} ${kind}`).toBe(true);
  });
});
