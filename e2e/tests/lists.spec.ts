import { expect, test, type Page } from '@playwright/test';
import { api, ownerWithCompany } from '../support/catalogue.ts';

/**
 * Every back-office list keeps its page, sort and filters in the address (issue 8 item 5,
 * issue 9 item 12): set them by hand, reload, and the same list is back.
 */

const N = 12; // two pages of 10
const names = Array.from({ length: N }, (_, i) => `Item ${String(i + 1).padStart(2, '0')}`);

async function seed(page: Page) {
  const client = api(page);
  const sets = await client.get<{ data: { id: number }[] }>('/api/course/type_sets');
  for (const [i, name] of names.entries()) {
    const en = { en: name };
    await client.post('/api/course/store', { type_set_id: sets.data[0]!.id, name: en });
    await client.post('/api/course/type_sets', { name: en, kind: 'course' });
    await client.post('/api/course/attributes', { type: 'text', label: en });
    await client.post('/api/course/fields', { type: 'text', label: en });
    await client.post('/api/course/options', { name: en, price: '5.00' });
    await client.post('/api/course/locations', { name: en, postal_code: '8001', city: 'Zürich', country: 'CH' });
    await client.post('/api/sa/resources', { name: en, kind: 'room' });
    const day = `2027-0${1 + (i % 9)}-${String(10 + i).padStart(2, '0')}`;
    await client.post('/api/config/holidays', { name: en, starts_on: day, ends_on: day });
  }
}

const LISTS = [
  { path: 'courses', search: true },
  { path: 'course/type_sets', search: true },
  { path: 'course/attributes', search: true },
  { path: 'course/fields', search: true },
  { path: 'course/options', search: true },
  { path: 'course/locations', search: true },
  { path: 'sa/resources', search: true },
  { path: 'config/course/defaults/holidays', search: false },
];

test('every back-office list keeps page, sort and filters in the address across a reload', async ({ page }) => {
  test.setTimeout(240_000);
  await ownerWithCompany(page, 'en', ['en']);
  await seed(page);

  for (const list of LISTS) {
    await test.step(list.path, async () => {
      await page.goto(`/en/backend/${list.path}`);
      const table = page.getByRole('table');
      await expect(table).toBeVisible();
      if (list.search) {
        await page.getByRole('searchbox').first().fill('Item');
        // The text filter writes the address after the spec's 1.5 s.
        await expect(page).toHaveURL(/[?&](name|search)=Item/);
      }
      const nameHeader = table
        .getByRole('columnheader')
        .filter({ has: page.getByRole('button') })
        .first();
      await nameHeader.getByRole('button').click();
      await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
      await nameHeader.getByRole('button').click();
      await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
      await page.getByRole('button', { name: 'Page 2', exact: true }).click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(page).toHaveURL(/[?&]order=desc/);
      // Descending by name, page 2: the two smallest names.
      await expect(table.getByText('Item 01', { exact: true })).toBeVisible();
      const before = page.url();

      await page.reload();
      await expect(page).toHaveURL(before);
      await expect(page.getByRole('table').getByText('Item 02', { exact: true })).toBeVisible();
      await expect(page.getByRole('table').getByText('Item 12', { exact: true })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(
        page
          .getByRole('table')
          .getByRole('columnheader')
          .filter({ has: page.getByRole('button') })
          .first(),
      ).toHaveAttribute('aria-sort', 'descending');
      if (list.search) await expect(page.getByRole('searchbox').first()).toHaveValue('Item');

      // Back goes to the previous state of the list (page 1), forward returns.
      await page.goBack();
      await expect(page).not.toHaveURL(/[?&]page=2/);
      await expect(page.getByRole('table').getByText('Item 12', { exact: true })).toBeVisible();
    });
  }

  await test.step('desktop screenshot of the activity list', async () => {
    await page.goto('/en/backend/courses');
    await expect(page.getByRole('table')).toBeVisible();
    await page.screenshot({ path: '/tmp/shots/activities-desktop.png', fullPage: true });
  });
});
