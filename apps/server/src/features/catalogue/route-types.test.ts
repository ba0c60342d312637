import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeActivity, makeTicket, owner, type Staff } from '../../test/factories.ts';

/**
 * Strict route schemas (issue 8): a value of the wrong type is a 422 naming its dotted path,
 * never a 500 and never silently converted ("3" is not an id, "1" is not a boolean). Each route
 * first takes its valid body (so a 422 below comes from the one wrong value).
 */

let t: TestApp;
let a: Staff;
let activityId: number;
let ticketId: number;
let productId: number;
let typeSetId: number;
const db = () => t.app.deps.db;

beforeAll(async () => {
  t = await buildTestApp();
  a = await owner(t.app);
  activityId = (await makeActivity(db(), a.team.id)).id;
  ticketId = (await makeTicket(db(), a.team.id, activityId)).id;
  typeSetId = (await a.client.get('/api/course/type_sets')).json().data[0].id;
  const product = await a.client.post('/api/course/options', { name: { de: 'Matte', en: 'Mat' }, price: '5.00' });
  productId = product.json().data.id;
});
afterAll(() => t.close());

type Method = 'POST' | 'PUT';
interface Route {
  method: Method;
  url: () => string;
  valid: () => Record<string, unknown>;
  /** [dotted path, a value of the wrong type (a numeric string is not an id), the body with it]. */
  wrong: [string, unknown, (bad: unknown) => Record<string, unknown>][];
}

const name = { de: 'Name', en: 'Name' };
const at = (key: string) => (bad: unknown) => ({ [key]: bad });

const routes: Record<string, Route> = {
  'POST /api/course/store': {
    method: 'POST',
    url: () => '/api/course/store',
    valid: () => ({ type_set_id: typeSetId, name }),
    wrong: [
      ['type_set_id', '1', (bad) => ({ type_set_id: bad, name })],
      ['type_set_id', true, (bad) => ({ type_set_id: bad, name })],
      ['type_set_id', 1.5, (bad) => ({ type_set_id: bad, name })],
      ['name.de', 5, (bad) => ({ type_set_id: typeSetId, name: { de: bad, en: 'Name' } })],
    ],
  },
  'POST /api/courses/:id/tickets': {
    method: 'POST',
    url: () => `/api/courses/${activityId}/tickets`,
    valid: () => ({ name, price: '10.00', stock: 5 }),
    wrong: [
      ['stock', '5', (bad) => ({ name, price: '10.00', stock: bad })],
      ['session_id', '1', (bad) => ({ name, price: '10.00', stock: 5, session_id: bad })],
      ['visibility', 'secret', (bad) => ({ name, price: '10.00', stock: 5, visibility: bad })],
      ['min_per_order', true, (bad) => ({ name, price: '10.00', stock: 5, min_per_order: bad })],
      ['price', false, (bad) => ({ name, price: bad, stock: 5 })],
    ],
  },
  'PUT /api/courses/:id/tickets/:ticketId': {
    method: 'PUT',
    url: () => `/api/courses/${activityId}/tickets/${ticketId}`,
    valid: () => ({ stock: 7 }),
    wrong: [
      ['stock', '7', at('stock')],
      ['max_per_order', '2', at('max_per_order')],
      ['name.en', ['x'], (bad) => ({ name: { de: 'A', en: bad } })],
    ],
  },
  'POST /api/course/options': {
    method: 'POST',
    url: () => '/api/course/options',
    valid: () => ({ name, price: '3.00' }),
    wrong: [
      ['active', '1', (bad) => ({ name, price: '3.00', active: bad })],
      ['scope', 'team', (bad) => ({ name, price: '3.00', scope: bad })],
      ['stock', '10', (bad) => ({ name, price: '3.00', stock: bad })],
    ],
  },
  'PUT /api/course/options/:id': {
    method: 'PUT',
    url: () => `/api/course/options/${productId}`,
    valid: () => ({ name, price: '4.00', active: false }),
    wrong: [
      ['active', 'false', (bad) => ({ name, price: '4.00', active: bad })],
      ['min_per_order', '0', (bad) => ({ name, price: '4.00', min_per_order: bad })],
    ],
  },
  'PUT /api/courses/:id/products': {
    method: 'PUT',
    url: () => `/api/courses/${activityId}/products`,
    valid: () => ({ items: [{ product_id: productId, ticket_ids: [ticketId] }] }),
    wrong: [
      ['items.0.product_id', '1', (bad) => ({ items: [{ product_id: bad, ticket_ids: [] }] })],
      ['items.0.ticket_ids.0', '1', (bad) => ({ items: [{ product_id: productId, ticket_ids: [bad] }] })],
    ],
  },
};

describe('strict route schemas: wrong types answer 422 with their path', () => {
  for (const [title, route] of Object.entries(routes)) {
    it(`${title} takes its valid body`, async () => {
      const res = await a.client.request(route.method, route.url(), route.valid());
      expect(res.statusCode, res.body).toBe(200);
    });

    it.each(route.wrong)(`${title}: %s = %j → 422 on that path`, async (path, bad, body) => {
      const res = await a.client.request(route.method, route.url(), body(bad));
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors), res.body).toContain(path);
    });
  }

  it('refuses keys a ticket or product does not have (so "constructor" never reaches a service)', async () => {
    const ticket = await a.client.post(`/api/courses/${activityId}/tickets`, { name, price: '1.00', stock: 1, constructor: 'x' });
    expect(ticket.statusCode, ticket.body).toBe(422);
    const product = await a.client.post('/api/course/options', { name, price: '1.00', colour: 'red' });
    expect(product.statusCode, product.body).toBe(422);
  });

  it('still names a missing type set together with the empty names (CONTRACT §3)', async () => {
    const res = await a.client.post('/api/course/store', { name: { de: '' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['name.de', 'name.en', 'type_set_id']);
  });
});
