import { expect, test } from '@playwright/test';

test('the landing page fits a phone screen without sideways scrolling', async ({ page }) => {
  await page.goto('/en/provider');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
