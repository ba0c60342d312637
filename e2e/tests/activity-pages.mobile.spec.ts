import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, BASE_DAY, addDays, ownerWithCompany, showRange } from '../support/catalogue.ts';
import { tr, type Lang } from '../support/i18n.ts';

/**
 * Issue 9 item 14 and its "Done when": on a 390 px phone the activity list, the activity's page,
 * its dates, tickets and resources, and the staff page fit the screen (no sideways scrolling),
 * badges are whole, no text touches the screen's edge and every row action is on screen and works.
 */
test.use({ viewport: { width: 390, height: 844 } });

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

/** The first of `keys` the app has a text for (texts move between namespaces as the app grows). */
function text(lang: Lang, keys: string[], params: Record<string, string> = {}): string {
  for (const key of keys) {
    try {
      return tr(lang, key, params);
    } catch {
      // try the next place
    }
  }
  throw new Error(`missing text ${lang}:${keys.join(' | ')}`);
}
const ticketText = (lang: Lang, key: string, params: Record<string, string> = {}) =>
  text(lang, [`tickets:tickets.${key}`, `timetable:tickets.${key}`], params);

/** The page is exactly as wide as the screen: nothing needs sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(sizes.scroll, `page is ${sizes.scroll}px wide on a ${sizes.inner}px screen`).toBeLessThanOrEqual(sizes.inner);
}

/**
 * No visible text of the page's main area reaches into the outer 8 px of the screen (a label
 * that touches the edge, a cut word), and no element of it is wider than the screen.
 */
async function expectClearOfEdges(page: Page) {
  const offenders = await page.getByRole('main').evaluate((main) => {
    const margin = 8;
    const width = window.innerWidth;
    const found: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const content = node.textContent?.trim();
      const parent = node.parentElement;
      if (!content || !parent || parent.closest('[aria-hidden="true"], .mantine-VisuallyHidden-root')) continue;
      const style = getComputedStyle(parent);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (rect.width === 0 || rect.height === 0) continue;
        if (rect.left < margin || rect.right > width - margin)
          found.push(`"${content}" at ${Math.round(rect.left)}–${Math.round(rect.right)}`);
      }
      // A truncated word ("SCHED…"): the element clips its own text.
      if (style.textOverflow === 'ellipsis' && parent.scrollWidth > parent.clientWidth + 1) found.push(`"${content}" is cut`);
    }
    return found;
  });
  expect(offenders, 'texts touching the screen edge or cut').toEqual([]);
}

/** Each of `actions` can be brought on screen by scrolling down, never sideways. */
async function expectOnScreen(page: Page, actions: Locator) {
  const count = await actions.count();
  expect(count).toBeGreaterThan(0);
  const width = page.viewportSize()!.width;
  for (let i = 0; i < count; i++) {
    const action = actions.nth(i);
    await action.scrollIntoViewIfNeeded();
    await expect(action).toBeInViewport({ ratio: 0.9 });
    const box = (await action.boundingBox())!;
    expect(box.x, `${await action.getAttribute('aria-label')} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${await action.getAttribute('aria-label')} ends on screen`).toBeLessThanOrEqual(width);
    await expectNoSidewaysScroll(page);
    // …without a box around it having been scrolled sideways to show it.
    const scrolled = await action.evaluate((el) => {
      for (let box = el.parentElement; box; box = box.parentElement) if (box.scrollLeft > 0) return box.className || box.tagName;
      return null;
    });
    expect(scrolled, `${await action.getAttribute('aria-label')} needs sideways scrolling`).toBeNull();
  }
}

async function checkPage(page: Page, lang: Lang, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoSidewaysScroll(page);
  await expectClearOfEdges(page);
  await page.screenshot({ path: `${SHOTS}/h9c-${lang}-${name}.png`, fullPage: true });
}

const tab = (page: Page, lang: Lang, key: string) => page.getByRole('tab', { name: tr(lang, `activities:tabs.${key}`), exact: true });

for (const lang of ['de', 'fr'] as const) {
  test(`[${lang}] on a 390 px phone the activity list, activity, dates, tickets, resources and staff fit the screen with every row action reachable`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await ownerWithCompany(page, lang, [lang]);
    const client = api(page);
    const sets = await client.get<{ data: { id: number }[] }>('/api/course/type_sets');
    const name = lang === 'de' ? 'Yoga am Morgen für Fortgeschrittene' : 'Yoga du matin pour avancés';
    const { course_id: id } = await client.post<{ course_id: number }>('/api/course/store', {
      type_set_id: sets.data[0]!.id,
      name: { [lang]: name },
    });
    await client.post<{ course_id: number }>('/api/course/store', { type_set_id: sets.data[0]!.id, name: { [lang]: 'Pilates' } });
    const days = [0, 7, 14].map((n) => addDays(BASE_DAY, n));
    const sessionIds: number[] = [];
    for (const day of days) {
      const reply = await client.post<{ data: { id: number } }>(`/api/courses/${id}/sessions`, {
        starts_at: `${day}T18:30`,
        ends_at: `${day}T20:00`,
      });
      sessionIds.push(reply.data.id);
    }
    const tickets = lang === 'de' ? ['Ganzer Kurs', 'Einzelstunde'] : ['Cours complet', 'Séance unique'];
    await client.post(`/api/courses/${id}/tickets`, { name: { [lang]: tickets[0] }, price: '240.00', stock: 12 });
    await client.post(`/api/courses/${id}/tickets`, { name: { [lang]: tickets[1] }, price: '28.00', stock: 4, session_id: sessionIds[0] });

    await test.step('activity list', async () => {
      await page.goto(`/${lang}/backend/courses`);
      await expect(page.getByRole('link', { name: tr(lang, 'activities:list.editLabel', { name }) })).toBeVisible();
      await checkPage(page, lang, 'list');
      await expectOnScreen(page, page.getByRole('table').getByRole('link'));
      await page.getByRole('link', { name: tr(lang, 'activities:list.editLabel', { name }) }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/backend/courses/edit/${id}/basic$`));
    });

    await test.step('activity page: header, publish switch and tabs', async () => {
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      const publish = page.getByRole('switch', { name: tr(lang, 'activities:edit.publish') });
      await expect(publish).toBeVisible();
      await checkPage(page, lang, 'edit');
      // Every tab can be reached without sideways scrolling of the page.
      for (const key of ['basic', 'dates', 'tickets', 'fields', 'products', 'resources', 'settings']) {
        await expectOnScreen(page, tab(page, lang, key));
      }
      await tab(page, lang, 'dates').click();
      await expect(page).toHaveURL(new RegExp(`/edit/${id}/dates$`));
    });

    await test.step('dates: cards with whole status badges and reachable move, cancel and delete', async () => {
      const first = showRange(lang, days[0]!, '18:30', '20:00');
      const move = page.getByRole('button', { name: tr(lang, 'timetable:dates.moveLabel', { when: first }) });
      await expect(move).toBeVisible();
      const badge = page.getByRole('table').getByText(tr(lang, 'timetable:status.scheduled'), { exact: true }).first();
      await expect(badge).toBeVisible();
      await checkPage(page, lang, 'dates');
      for (const day of days) {
        const when = showRange(lang, day, '18:30', '20:00');
        for (const key of ['moveLabel', 'cancelLabel', 'deleteLabel']) {
          await expectOnScreen(page, page.getByRole('button', { name: tr(lang, `timetable:dates.${key}`, { when }) }));
        }
      }
      // The actions work: open the move dialog and leave it again.
      await move.click();
      const dialog = page.getByRole('dialog', { name: tr(lang, 'timetable:dates.moveTitle') });
      await expect(dialog).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/h9c-${lang}-move.png`, animations: 'disabled' });
      await dialog.getByRole('button', { name: tr(lang, 'timetable:cancel'), exact: true }).click();
      await expect(dialog).toBeHidden();
      await tab(page, lang, 'tickets').scrollIntoViewIfNeeded();
      await tab(page, lang, 'tickets').click();
      await expect(page).toHaveURL(new RegExp(`/edit/${id}/tickets$`));
    });

    await test.step('tickets: reachable edit and delete for the whole-activity and the drop-in ticket', async () => {
      for (const ticket of tickets) await expect(page.getByText(ticket, { exact: true })).toBeVisible();
      await checkPage(page, lang, 'tickets');
      for (const ticket of tickets) {
        for (const key of ['editLabel', 'deleteLabel']) {
          await expectOnScreen(page, page.getByRole('button', { name: ticketText(lang, key, { name: ticket }) }));
        }
      }
      await page.getByRole('button', { name: ticketText(lang, 'editLabel', { name: tickets[1]! }) }).click();
      const dialog = page.getByRole('dialog', { name: ticketText(lang, 'editTitle') });
      await expect(dialog).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/h9c-${lang}-ticket-edit.png`, animations: 'disabled' });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    await test.step('resources: each date keeps its button on the card', async () => {
      await tab(page, lang, 'resources').scrollIntoViewIfNeeded();
      await tab(page, lang, 'resources').click();
      await expect(page).toHaveURL(new RegExp(`/edit/${id}/resources$`));
      const label = (when: string) => text(lang, ['resources:resources.editLabel', 'timetable:resources.editLabel'], { when });
      const first = page.getByRole('button', { name: label(showRange(lang, days[0]!, '18:30', '20:00')) });
      await expect(first).toBeVisible();
      await checkPage(page, lang, 'resources');
      for (const day of days) await expectOnScreen(page, page.getByRole('button', { name: label(showRange(lang, day, '18:30', '20:00')) }));
      await first.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    });

    await test.step('staff: the invitations keep resend and revoke on screen', async () => {
      const email = `trainer-${lang}-${Date.now().toString(36)}@example.com`;
      await client.post('/api/team/invitations', { email, role: 'instructor' });
      await page.goto(`/${lang}/backend/config/team/staff`);
      const resend = page.getByRole('button', { name: tr(lang, 'settings:invitations.resendLabel', { email }) });
      await expect(resend).toBeVisible();
      await checkPage(page, lang, 'staff');
      await expectOnScreen(page, resend);
      await expectOnScreen(page, page.getByRole('button', { name: tr(lang, 'settings:invitations.revokeLabel', { email }) }));
    });
  });
}
