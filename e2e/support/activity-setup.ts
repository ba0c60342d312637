import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD } from './accounts.ts';
import { api, saved } from './catalogue.ts';
import { label, tr, type Lang } from './i18n.ts';
import { IBAN, type Customer, type PlacedOrder } from './selling.ts';

/**
 * Helpers of the waiting-list and customer-account tests (issue 12): a published course set up
 * through the API (where the set-up is not the point), the activity's settings tab as a provider
 * fills it in, orders through the public API, and the server's own texts (mails and replies).
 */

const repo = join(import.meta.dirname, '..', '..');
const cache = new Map<string, Record<string, unknown>>();

/**
 * A text of the server (`apps/server/src/locales/{lang}/{file}.json`), e.g.
 * `serverTr('en', 'waitinglist:mail.joined.subject', { activity })`. Placeholders without a value
 * stay as they are (for `pattern()`).
 */
export function serverTr(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const [file, path] = key.split(':') as [string, string];
  const at = join(repo, 'apps', 'server', 'src', 'locales', lang, `${file}.json`);
  if (!cache.has(at)) cache.set(at, JSON.parse(readFileSync(at, 'utf8')) as Record<string, unknown>);
  let node: unknown = cache.get(at);
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`missing server text ${lang}:${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, k: string) => (k in params ? String(params[k]) : all));
}

/** `YYYY-MM-DD` of today + n days (UTC calendar). */
export function daysFromToday(n: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export interface CourseSetup {
  teamId: number;
  activityId: number;
  ticketId: number;
}

/**
 * Invoice (with the owner's password: the IBAN is where the money goes) or the test payment alone
 * (test mode is refused beside invoices, issue 20), and a published course with one date (`day`, 18:00–20:00) and one
 * ticket for the whole course with `stock` seats — all through the back office's API.
 */
export async function publishedCourse(
  page: Page,
  request: APIRequestContext,
  lang: Lang,
  c: { course: string; ticket: string; day: string; price: string; stock: number; payment: 'invoice' | 'test' },
): Promise<CourseSetup> {
  const client = api(page);
  await client.put(
    '/api/config/integration',
    c.payment === 'invoice'
      ? { invoice: { enabled: true, iban: IBAN, qr_iban: null, due_days: 14 }, test_mode: { enabled: false }, current_password: PASSWORD }
      : { invoice: { enabled: false, iban: null, qr_iban: null, due_days: 14 }, test_mode: { enabled: true } },
  );
  const { data: typeSets } = await client.get<{ data: { id: number }[] }>('/api/course/type_sets');
  const { course_id: activityId } = await client.post<{ course_id: number }>('/api/course/store', {
    type_set_id: typeSets[0]!.id,
    name: { [lang]: c.course },
  });
  await client.post(`/api/courses/${activityId}/sessions`, { starts_at: `${c.day}T18:00`, ends_at: `${c.day}T20:00` });
  await client.post(`/api/courses/${activityId}/tickets`, { name: { [lang]: c.ticket }, price: c.price, stock: c.stock });
  await client.put(`/api/courses/${activityId}`, { status: 'published' });
  const { team } = await client.get<{ team: { id: number } }>('/api/srl/team');
  const published = await request.get(`/api/public/teams/${team.id}/activities/${activityId}`);
  expect(published.status(), await published.text()).toBe(200);
  const { data } = (await published.json()) as { data: { tickets: { id: number; stock_available: number }[] } };
  expect(data.tickets.map((t) => t.stock_available)).toEqual([c.stock]);
  return { teamId: team.id, activityId, ticketId: data.tickets[0]!.id };
}

export interface ActivitySettings {
  waitingList?: { offerHours: number };
  cancellation?: { freeHours: number; lateAllowed: boolean; policy: string };
}

/**
 * The activity's settings tab, as a provider fills it in: the waiting list and how long its
 * offers hold seats, or the self-service cancellation policy. Saves, reloads and checks the values
 * are kept.
 */
export async function saveActivitySettings(page: Page, lang: Lang, activityId: number, s: ActivitySettings) {
  const a = (key: string) => tr(lang, `activities:${key}`);
  await page.goto(`/${lang}/backend/courses/edit/${activityId}/basic`);
  await page.getByRole('tab', { name: a('tabs.settings'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/backend/courses/edit/${activityId}/settings$`));
  const form = page.getByRole('form', { name: a('tabs.settings') });
  const fields = {
    waitingList: form.getByLabel(label(lang, 'activities:settings.waitingList')),
    offerHours: form.getByLabel(label(lang, 'activities:settings.waitingListOfferHours')),
    freeHours: form.getByLabel(label(lang, 'activities:settings.cancelFreeHours')),
    late: form.getByLabel(label(lang, 'activities:settings.cancelLateAllowed')),
    policy: form.getByLabel(label(lang, 'activities:settings.cancellationPolicy')),
  };
  await expect(fields.waitingList).toBeVisible();
  if (s.waitingList) {
    await fields.waitingList.selectOption({ label: tr(lang, 'common:yes') });
    await fields.offerHours.fill(String(s.waitingList.offerHours));
  }
  if (s.cancellation) {
    await fields.freeHours.fill(String(s.cancellation.freeHours));
    await fields.late.selectOption({ label: tr(lang, s.cancellation.lateAllowed ? 'common:yes' : 'common:no') });
    await fields.policy.fill(s.cancellation.policy);
  }
  await saved(page, 'PUT', /^\/api\/courses\/\d+$/, () => form.getByRole('button', { name: a('save'), exact: true }).click());

  await page.reload();
  await expect(fields.waitingList).toBeVisible();
  if (s.waitingList) {
    await expect(fields.waitingList).toHaveValue('1');
    await expect(fields.offerHours).toHaveValue(String(s.waitingList.offerHours));
  }
  if (s.cancellation) {
    await expect(fields.freeHours).toHaveValue(String(s.cancellation.freeHours));
    await expect(fields.late).toHaveValue(s.cancellation.lateAllowed ? '1' : '0');
    await expect(fields.policy).toHaveValue(s.cancellation.policy);
  }
}

/** An order of one seat through the public API (CONTRACT §4), as the shop would place it. */
export async function orderThroughApi(
  request: APIRequestContext,
  teamId: number,
  lang: Lang,
  ticketId: number,
  method: 'free' | 'invoice',
  customer: Customer,
): Promise<PlacedOrder & { number: number }> {
  const res = await request.post(`/api/public/teams/${teamId}/orders`, {
    data: {
      items: [{ ticket_id: ticketId, quantity: 1 }],
      customer,
      participants: [{ ticket_id: ticketId, firstname: customer.firstname, lastname: customer.lastname, answers: {} }],
      answers: {},
      payment_method: method,
      language: lang,
      accept_terms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { order: { id: string; number: number }; order_url: string };
  return {
    id: body.order.id,
    number: body.order.number,
    token: new URL(body.order_url).searchParams.get('token')!,
    url: body.order_url,
  };
}
