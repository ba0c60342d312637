import { expect, test } from '@playwright/test';
import { api, ownerWithCompany } from '../support/catalogue.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** Issue 9 item 14: on a 390 px phone the activity list fits the screen, badges are whole, row actions reachable. */
test('the activity list fits a 390 px phone: cards, whole status badges, visible row actions', async ({ page }) => {
  test.setTimeout(120_000);
  await ownerWithCompany(page, 'de', ['de']);
  const client = api(page);
  const sets = await client.get<{ data: { id: number }[] }>('/api/course/type_sets');
  const ids: number[] = [];
  for (const name of ['Yoga am Morgen mit einem sehr langen Namen', 'Pilates']) {
    const reply = await client.post<{ course_id: number }>('/api/course/store', { type_set_id: sets.data[0]!.id, name: { de: name } });
    ids.push(reply.course_id);
  }

  await page.goto('/de/backend/courses');
  const table = page.getByRole('table');
  await expect(table.getByText('Pilates', { exact: true })).toBeVisible();

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Every badge shows its whole word inside the screen.
  const badge = table.getByText('Entwurf').first();
  await expect(badge).toBeVisible();
  const fits = await badge.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return el.scrollWidth <= el.clientWidth + 1 && r.right <= window.innerWidth;
  });
  expect(fits).toBe(true);

  // Each row's actions are on screen and work.
  const edit = page.getByRole('link', { name: 'Pilates bearbeiten' });
  await expect(edit).toBeInViewport();
  const box = (await edit.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expect(page.getByRole('link', { name: 'Termine von Pilates' })).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/activities-390.png', fullPage: true });
  await edit.click();
  await expect(page).toHaveURL(new RegExp(`/de/backend/courses/edit/${ids[1]}/basic$`));
});
