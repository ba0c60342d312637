import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { PASSWORD, unique } from '../support/accounts.ts';
import { api, ownerWithCompany } from '../support/catalogue.ts';
import { tr, type Lang } from '../support/i18n.ts';
import { expectNoSidewaysScroll, IBAN } from '../support/selling.ts';

/**
 * Issue 11 on a 390 px phone, in German: a provider with real orders (set up through the API, the
 * back-office flows themselves are tested on the desktop) opens the dashboard, the orders, an
 * order's edit page, the statistics, the participants, the e-mail archive and the scanner. Every
 * screen fits the phone (no sideways scrolling) and is saved as a screenshot for a person to look at.
 */
test.use({ viewport: { width: 390, height: 844 }, locale: 'de-CH' });

const LANG: Lang = 'de';

async function screen(page: Page, info: TestInfo, name: string) {
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
}

test('[de] on a phone the operations screens show real orders and fit the screen', async ({ page, request }, info) => {
  test.setTimeout(120_000);
  await ownerWithCompany(page, LANG, [LANG]);
  const client = api(page);
  await client.put('/api/config/integration', {
    invoice: { enabled: true, iban: IBAN, qr_iban: null, due_days: 14 },
    // Where the money goes needs the owner's password; test mode may not be on beside invoices (issue 20).
    current_password: PASSWORD,
  });
  const { data: typeSets } = await client.get<{ data: { id: number }[] }>('/api/course/type_sets');
  const { course_id: id } = await client.post<{ course_id: number }>('/api/course/store', {
    type_set_id: typeSets[0]!.id,
    name: { de: 'Töpfern für Fortgeschrittene am Donnerstagabend' },
  });
  await client.post(`/api/courses/${id}/sessions`, { starts_at: '2027-04-01T18:00', ends_at: '2027-04-01T21:00' });
  await client.post(`/api/courses/${id}/tickets`, { name: { de: 'Ganzer Kurs' }, price: '320', stock: 12 });
  await client.put(`/api/courses/${id}`, { status: 'published' });
  const { team } = await client.get<{ team: { id: number } }>('/api/srl/team');
  const published = await request.get(`/api/public/teams/${team.id}/activities/${id}`);
  expect(published.status(), await published.text()).toBe(200);
  const { data: activity } = (await published.json()) as { data: { tickets: { id: number }[] } };
  const ticket = activity.tickets[0]!.id;
  const people = [
    ['Léa', 'Zimmermann-Oberholzer'],
    ['Jonas', 'Bühler'],
  ];
  let orderNumber = 0;
  for (const [firstname, lastname] of people) {
    const customer = { firstname: firstname!, lastname: lastname!, email: `${unique('kunde')}@example.com`, phone: '+41 79 123 45 67' };
    const res = await request.post(`/api/public/teams/${team.id}/orders`, {
      data: {
        items: [{ ticket_id: ticket, quantity: 2 }],
        customer,
        participants: [
          { ticket_id: ticket, firstname, lastname, answers: {} },
          { ticket_id: ticket, firstname: 'Mia', lastname, answers: {} },
        ],
        answers: {},
        payment_method: 'invoice',
        language: LANG,
        accept_terms: true,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    orderNumber = ((await res.json()) as { order: { number: number } }).order.number;
  }

  await page.goto(`/${LANG}/backend`);
  await expect(page.getByRole('region', { name: tr(LANG, 'backend:dashboard.stats.title') })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: tr(LANG, 'backend:dashboard.charts.sales') })
      .getByRole('img')
      .first(),
  ).toBeVisible();
  await screen(page, info, '1-dashboard');

  await page.goto(`/${LANG}/backend/orders`);
  await expect(page.getByText('Zimmermann-Oberholzer').first()).toBeVisible();
  await screen(page, info, '2-orders');

  // Public replies carry the order's public id; the back office opens it from the list by number.
  await page.goto(`/${LANG}/backend/orders`);
  await page.getByRole('link', { name: tr(LANG, 'orders:list.openLabel', { number: String(orderNumber) }) }).click();
  await expect(page).toHaveURL(new RegExp(`/${LANG}/backend/orders/edit/\\d+$`));
  await expect(page.getByRole('region', { name: tr(LANG, 'orders:edit.history.title') })).toBeVisible();
  await screen(page, info, '3-order-edit');

  await page.goto(`/${LANG}/backend/statistics`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: tr(LANG, 'statistics:page.totalsTitle') })).toBeVisible();
  await screen(page, info, '4-statistics');

  await page.goto(`/${LANG}/backend/customers/participant`);
  await expect(page.getByText('Bühler').first()).toBeVisible();
  await screen(page, info, '5-participants');

  await page.goto(`/${LANG}/backend/archive/team`);
  await expect(page.getByRole('heading', { level: 1, name: tr(LANG, 'archive:title') })).toBeVisible();
  await screen(page, info, '6-archive');

  await page.goto(`/${LANG}/ticket/checkin`);
  await expect(page.getByLabel(tr(LANG, 'checkin:scanner.code'))).toBeVisible();
  await screen(page, info, '7-scanner');
});
