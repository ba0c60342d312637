import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { createMemoryRateLimiter } from '../../../lib/rate-limit.ts';
import { LIMITS } from '../../../plugins/rate-limit.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeTicket, owner, type Staff } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';
import { orderToken } from '../orders/index.ts';
import { documentErrorHtml, prefersHtml } from './document-error-page.ts';

/**
 * Issue 22 item 9: a document link that cannot serve (a cancelled order's invoice, a wrong link…)
 * answers a person's browser with a small, well-formed HTML page in the order's (or the request's)
 * language, with the same status and a way to the order — never raw JSON; API clients keep the JSON.
 */

/** What a browser sends when a link is opened (Chromium's navigation header). */
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

let t: TestApp;
let app: FastifyInstance;
let db: Db;
let boss: Staff;
let ticketId: number;
let clock = Date.now();
beforeEach(() => {
  clock += LIMITS.documentDownloadsPerIp.windowMs + 1000;
});

beforeAll(async () => {
  t = await buildTestApp({ limiter: createMemoryRateLimiter(() => clock) });
  app = t.app;
  db = app.deps.db;
  boss = await owner(app, { teamName: 'Atelier <Rot> & Co' });
  ticketId = (await makeTicket(db, boss.team.id, (await makeActivity(db, boss.team.id)).id, { priceMinor: 4000, stock: 20 })).id;
});
afterAll(() => t.close());

const VOID = new Set(['meta', 'link', 'br', 'hr', 'img', 'input']);
/** Well-formed: one doctype first, every element that is not void closed in order, nothing left open. */
function expectWellFormed(html: string) {
  expect(html.startsWith('<!doctype html>\n')).toBe(true);
  const open: string[] = [];
  for (const m of html.slice('<!doctype html>'.length).matchAll(/<(\/?)([a-z][a-z0-9]*)\b[^>]*>/g)) {
    const [, closing, name] = m;
    if (VOID.has(name!)) continue;
    if (closing) expect(open.pop(), `</${name}>`).toBe(name);
    else open.push(name!);
  }
  expect(open).toEqual([]);
  expect(html.match(/<html lang="(de|en|fr)">/)).not.toBeNull();
  expect(html).toContain('<meta charset="utf-8">');
  expect(html.match(/<title>[^<]+<\/title>/)).not.toBeNull();
}

async function cancelledInvoiceOrder(language: 'de' | 'en' | 'fr') {
  const { order } = await makeOrder(db, boss.team.id, { ticketId, paymentStatus: 'cancelled', paymentType: 'invoice', language });
  return { order, url: `/api/public/orders/${order.publicId}/invoice.pdf?token=${encodeURIComponent(orderToken(app.deps.config, order))}` };
}

describe('a document link opened in a browser that cannot serve', () => {
  it('shows a cancelled order’s invoice refusal as a page in the order’s language, with the link to the order', async () => {
    const { order, url } = await cancelledInvoiceOrder('fr');
    const res = await app.inject({ url, headers: { accept: BROWSER, 'accept-language': 'en' } });
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    // A page under /api/: the document's security headers (its inline style may apply), not the API's.
    expect(String(res.headers['content-security-policy'])).toContain("style-src 'self' 'unsafe-inline'");
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expectWellFormed(res.body);
    expect(res.body).toContain('<html lang="fr">');
    expect(res.body).toContain('<title>Ce document n’est pas disponible</title>');
    expect(res.body).toContain('Cette commande a été annulée ; sa facture n’est plus valable.');
    const token = encodeURIComponent(orderToken(app.deps.config, order));
    expect(res.body).toContain(
      `<a href="http://localhost:3000/fr/shop/${boss.team.id}/order/${order.publicId}?token=${token}">Voir votre commande</a>`,
    );
    expect(res.body).not.toContain('"message"');

    // The page's language asked for (the shop's): German.
    const de = await app.inject({ url: `${url}&lang=de`, headers: { accept: BROWSER } });
    expect(de.statusCode).toBe(409);
    expect(de.body).toContain('<html lang="de">');
    expect(de.body).toContain('Diese Bestellung wurde storniert; die Rechnung ist nicht mehr gültig.');
    expect(de.body).toContain(`/de/shop/${boss.team.id}/order/${order.publicId}`);
  });

  it('keeps the JSON for API clients (Accept: application/json, any type, or none)', async () => {
    const { url } = await cancelledInvoiceOrder('en');
    for (const accept of ['application/json', '*/*', undefined, 'application/json, text/html;q=0.5']) {
      const res = await app.inject({ url, headers: { 'accept-language': 'en', ...(accept ? { accept } : {}) } });
      expect(res.statusCode, accept).toBe(409);
      expect(res.headers['content-type'], accept).toBe('application/json; charset=utf-8');
      expect(res.json(), accept).toEqual({ message: 'This order was cancelled; its invoice is no longer valid.' });
    }
  });

  it('a wrong link: 404 as a page in the request’s language, naming no order', async () => {
    const { order } = await cancelledInvoiceOrder('fr');
    const res = await app.inject({
      url: `/api/public/orders/${order.publicId}/receipt.pdf?token=wrong`,
      headers: { accept: BROWSER, 'accept-language': 'de-CH,de;q=0.9' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expectWellFormed(res.body);
    expect(res.body).toContain('<html lang="de">');
    expect(res.body).toContain('<title>Dokument nicht gefunden</title>');
    expect(res.body).toContain('Dieses Dokument gibt es nicht, oder der Link ist nicht mehr gültig.');
    expect(res.body).not.toContain('<a ');
    const json = await app.inject({ url: `/api/public/orders/${order.publicId}/receipt.pdf?token=wrong` });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toEqual({ message: 'Not Found' });
  });

  it('staff: the refusal as a page in the request’s language, back to the order in the back office', async () => {
    const { order } = await cancelledInvoiceOrder('fr');
    const res = await boss.client.get(`/api/orders/${order.id}/tickets.pdf?language=en`, { accept: BROWSER });
    expect(res.statusCode).toBe(409);
    expectWellFormed(res.body);
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('This order was cancelled or refunded; its tickets are no longer valid.');
    expect(res.body).toContain(`<a href="http://localhost:3000/en/backend/orders/edit/${order.id}">Back to the order</a>`);
    const json = await boss.client.get(`/api/orders/${order.id}/tickets.pdf?language=en`, { accept: 'application/json' });
    expect(json.statusCode).toBe(409);
    expect(json.json()).toMatchObject({ code: 'TICKET_CANCELLED' });
  });
});

describe('the page itself', () => {
  it('escapes what it shows', () => {
    const html = documentErrorHtml('en', 409, 'Atelier <Rot> & "Co"', 'https://x.test/?a=1&b=<2>');
    expectWellFormed(html);
    expect(html).toContain('<p>Atelier &lt;Rot&gt; &amp; &quot;Co&quot;</p>');
    expect(html).toContain('href="https://x.test/?a=1&amp;b=&lt;2&gt;"');
  });

  it('prefers HTML only when the request ranks text/html at least as high as JSON', () => {
    expect(prefersHtml(BROWSER)).toBe(true);
    expect(prefersHtml('text/html')).toBe(true);
    expect(prefersHtml('application/json')).toBe(false);
    expect(prefersHtml('application/json, text/plain, */*')).toBe(false);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml(undefined)).toBe(false);
    expect(prefersHtml('text/html;q=0.5, application/json')).toBe(false);
    expect(prefersHtml('text/html;q=0')).toBe(false);
  });
});
