import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { addResources, addSession, makeActivity, makeTicket, owner, uid, type Staff } from '../../test/factories.ts';

/**
 * Strict route schemas (issue 8): a value of the wrong type is a 422 naming its dotted path,
 * never a 500 and never silently converted ("3" is not an id, "1" is not a boolean). Each route
 * first takes its valid body (so a 422 below comes from the one wrong value). Every catalogue body
 * is strict: the wrong id is the right record's id as a string, so only its type is wrong.
 */

let t: TestApp;
let a: Staff;
let activityId: number;
let ticketId: number;
let productId: number;
let typeSetId: number;
let otherActivityId: number;
let attributeId: number;
let fieldId: number;
/** A field in no type set: an activity's extra field. */
let extraFieldId: number;
let locationId: number;
let holidayId: number;
let sessionId: number;
let groupId: number;
let resourceId: number;
const db = () => t.app.deps.db;
/** Shown in a case's title where the wrong value is the record's id as a string. */
const ID_TEXT = '<the id as a string>';
const fresh = () => ({ de: `Name ${uid()}`, en: `Name ${uid()}` });

beforeAll(async () => {
  t = await buildTestApp();
  a = await owner(t.app);
  activityId = (await makeActivity(db(), a.team.id)).id;
  ticketId = (await makeTicket(db(), a.team.id, activityId)).id;
  typeSetId = (await a.client.get('/api/course/type_sets')).json().data[0].id;
  const product = await a.client.post('/api/course/options', { name: { de: 'Matte', en: 'Mat' }, price: '5.00' });
  productId = product.json().data.id;
  otherActivityId = (await makeActivity(db(), a.team.id, { status: 'draft' })).id;
  attributeId = (await a.client.post('/api/course/attributes', { type: 'text', label: fresh() })).json().data.id;
  fieldId = (await a.client.post('/api/course/fields', { type: 'text', label: fresh() })).json().data.id;
  extraFieldId = (await a.client.post('/api/course/fields', { type: 'text', label: fresh() })).json().data.id;
  locationId = (await a.client.post('/api/course/locations', { name, postal_code: '8001', city: 'Zürich', country: 'CH' })).json().data.id;
  holidayId = (await a.client.post('/api/config/holidays', { name, starts_on: '2030-12-24', ends_on: '2030-12-26' })).json().data.id;
  sessionId = await addSession(a.client, activityId, '2030-03-01T18:00:00+01:00', '2030-03-01T19:00:00+01:00');
  ({
    groupId,
    ids: [resourceId],
  } = await addResources(a.client, [4]).then((r) => ({ groupId: r.groupId, ids: r.ids as [number] })));
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
/** The valid body with one key replaced. */
const withKey = (body: () => Record<string, unknown>, key: string) => (bad: unknown) => ({ ...body(), [key]: bad });

const defaults = () => ({ tax_rate: '8.1', reservation_minutes: 15, booking_closes_minutes: 0, waiting_list: false, session_minutes: 60 });
const session = () => ({ starts_at: '2030-04-01T18:00:00+02:00', ends_at: '2030-04-01T19:00:00+02:00' });
const generator = () => ({
  frequency: 'weekly',
  first_date: '2030-05-06',
  start_time: '18:00',
  end_time: '19:00',
  count: 2,
  preview: true,
});
const location = () => ({ name, postal_code: '8001', city: 'Zürich', country: 'CH', latitude: 47.37, longitude: 8.54 });
const check = () => ({ starts_at: '2030-03-01T18:00', ends_at: '2030-03-01T19:00', items: [{ resource_id: resourceId, quantity: 1 }] });

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
  'PUT /api/courses/:id': {
    method: 'PUT',
    url: () => `/api/courses/${activityId}`,
    valid: () => ({ capacity: 5, waiting_list: true, location_id: locationId, instructor_ids: [a.user.id] }),
    wrong: [
      ['type_set_id', ID_TEXT, () => ({ type_set_id: String(typeSetId) })],
      ['location_id', ID_TEXT, () => ({ location_id: String(locationId) })],
      ['instructor_ids.0', ID_TEXT, () => ({ instructor_ids: [String(a.user.id)] })],
      ['parent_id', '1', at('parent_id')],
      ['waiting_list', 'true', at('waiting_list')],
      ['waiting_list', 1, at('waiting_list')],
      ['capacity', '5', at('capacity')],
      ['booking_closes_minutes', '60', at('booking_closes_minutes')],
      ['reservation_minutes', '15', at('reservation_minutes')],
      ['status', 'live', at('status')],
    ],
  },
  'POST /api/courses/mass': {
    method: 'POST',
    url: () => '/api/courses/mass',
    valid: () => ({ action: 'unpublish', ids: [otherActivityId] }),
    wrong: [
      ['ids.0', ID_TEXT, () => ({ action: 'unpublish', ids: [String(otherActivityId)] })],
      ['action', 'archive', (bad) => ({ action: bad, ids: [otherActivityId] })],
    ],
  },
  'POST /api/course/type_sets': {
    method: 'POST',
    url: () => '/api/course/type_sets',
    valid: () => ({ name: fresh(), kind: 'course', attributes: [{ attribute_id: attributeId, required: true }], fields: [fieldId] }),
    wrong: [
      ['fields.0', ID_TEXT, () => ({ name: fresh(), kind: 'course', fields: [String(fieldId)] })],
      [
        'attributes.0.attribute_id',
        ID_TEXT,
        () => ({ name: fresh(), kind: 'course', attributes: [{ attribute_id: String(attributeId) }] }),
      ],
      [
        'attributes.0.required',
        1,
        (bad) => ({ name: fresh(), kind: 'course', attributes: [{ attribute_id: attributeId, required: bad }] }),
      ],
    ],
  },
  'PUT /api/course/type_sets/:id': {
    method: 'PUT',
    url: () => `/api/course/type_sets/${typeSetId}`,
    valid: () => ({ name: { de: 'Kurs', en: 'Course' }, attributes: [{ attribute_id: attributeId, required: false }], fields: [fieldId] }),
    wrong: [
      ['fields.0', ID_TEXT, () => ({ name, fields: [String(fieldId)] })],
      ['attributes.0.required', 'true', (bad) => ({ name, attributes: [{ attribute_id: attributeId, required: bad }] })],
    ],
  },
  'POST /api/course/attributes': {
    method: 'POST',
    url: () => '/api/course/attributes',
    valid: () => ({ type: 'text', label: fresh(), filterable: true }),
    wrong: [
      ['filterable', 1, (bad) => ({ type: 'text', label: fresh(), filterable: bad })],
      ['filterable', 'true', (bad) => ({ type: 'text', label: fresh(), filterable: bad })],
    ],
  },
  'PUT /api/course/attributes/:id': {
    method: 'PUT',
    url: () => `/api/course/attributes/${attributeId}`,
    valid: () => ({ type: 'text', label: { de: 'Farbe', en: 'Colour' }, filterable: false }),
    wrong: [['filterable', '0', (bad) => ({ type: 'text', label: name, filterable: bad })]],
  },
  'POST /api/course/fields': {
    method: 'POST',
    url: () => '/api/course/fields',
    valid: () => ({ type: 'text', label: fresh(), required: true }),
    wrong: [
      ['required', 1, (bad) => ({ type: 'text', label: fresh(), required: bad })],
      ['visible_if.field_id', ID_TEXT, () => ({ type: 'text', label: fresh(), visible_if: { field_id: String(fieldId), values: [] } })],
    ],
  },
  'PUT /api/course/fields/:id': {
    method: 'PUT',
    url: () => `/api/course/fields/${fieldId}`,
    valid: () => ({ type: 'text', label: { de: 'Notiz', en: 'Note' }, required: false }),
    wrong: [['required', 'false', (bad) => ({ type: 'text', label: name, required: bad })]],
  },
  'PUT /api/courses/:id/attributes': {
    method: 'PUT',
    url: () => `/api/courses/${activityId}/attributes`,
    valid: () => ({ values: [] }),
    wrong: [['values.0.attribute_id', ID_TEXT, () => ({ values: [{ attribute_id: String(attributeId), value: 'x' }] })]],
  },
  'PUT /api/courses/:id/fields': {
    method: 'PUT',
    url: () => `/api/courses/${activityId}/fields`,
    valid: () => ({ field_ids: [extraFieldId] }),
    wrong: [['field_ids.0', ID_TEXT, () => ({ field_ids: [String(extraFieldId)] })]],
  },
  'PUT /api/config/course/defaults': {
    method: 'PUT',
    url: () => '/api/config/course/defaults',
    valid: () => ({ ...defaults(), location_id: locationId, capacity: 12 }),
    wrong: [
      ['waiting_list', 1, withKey(defaults, 'waiting_list')],
      ['waiting_list', 'false', withKey(defaults, 'waiting_list')],
      ['reservation_minutes', '15', withKey(defaults, 'reservation_minutes')],
      ['booking_closes_minutes', '0', withKey(defaults, 'booking_closes_minutes')],
      ['session_minutes', '60', withKey(defaults, 'session_minutes')],
      ['capacity', '12', withKey(defaults, 'capacity')],
      ['location_id', ID_TEXT, () => ({ ...defaults(), location_id: String(locationId) })],
    ],
  },
  'POST /api/courses/:id/sessions': {
    method: 'POST',
    url: () => `/api/courses/${activityId}/sessions`,
    valid: session,
    wrong: [
      ['ends_next_day', 'true', withKey(session, 'ends_next_day')],
      ['note.de', 5, (bad) => ({ ...session(), note: { de: bad } })],
    ],
  },
  'PUT /api/courses/:id/sessions/:sessionId': {
    method: 'PUT',
    url: () => `/api/courses/${activityId}/sessions/${sessionId}`,
    valid: () => ({ starts_at: '2030-03-02T18:00:00+01:00', ends_at: '2030-03-02T19:00:00+01:00' }),
    wrong: [['confirm', 1, withKey(session, 'confirm')]],
  },
  'POST /api/courses/:id/sessions/generate': {
    method: 'POST',
    url: () => `/api/courses/${activityId}/sessions/generate`,
    valid: generator,
    wrong: [
      ['count', '2', withKey(generator, 'count')],
      ['skip_holidays', 1, withKey(generator, 'skip_holidays')],
      ['frequency', 'daily', withKey(generator, 'frequency')],
    ],
  },
  'PUT /api/courses/:id/sessions/:sessionId/resources': {
    method: 'PUT',
    url: () => `/api/courses/${activityId}/sessions/${sessionId}/resources`,
    valid: () => ({ items: [{ resource_id: resourceId, quantity: 1 }] }),
    wrong: [
      ['items.0.resource_id', ID_TEXT, () => ({ items: [{ resource_id: String(resourceId), quantity: 1 }] })],
      ['items.0.quantity', '1', (bad) => ({ items: [{ resource_id: resourceId, quantity: bad }] })],
    ],
  },
  'PUT /api/courses/:id/sessions/resources': {
    method: 'PUT',
    url: () => `/api/courses/${activityId}/sessions/resources`,
    valid: () => ({ session_ids: [sessionId], items: [{ resource_id: resourceId, quantity: 1 }] }),
    wrong: [
      ['session_ids.0', ID_TEXT, () => ({ session_ids: [String(sessionId)], items: [] })],
      ['items.0.resource_id', ID_TEXT, () => ({ session_ids: [sessionId], items: [{ resource_id: String(resourceId) }] })],
    ],
  },
  'POST /api/sa/conflicts/check': {
    method: 'POST',
    url: () => '/api/sa/conflicts/check',
    valid: () => ({ ...check(), session_id: sessionId }),
    wrong: [
      ['session_id', ID_TEXT, () => ({ ...check(), session_id: String(sessionId) })],
      ['items.0.resource_id', ID_TEXT, () => ({ ...check(), items: [{ resource_id: String(resourceId), quantity: 1 }] })],
    ],
  },
  'POST /api/course/locations': {
    method: 'POST',
    url: () => '/api/course/locations',
    valid: location,
    wrong: [
      ['latitude', '47.37', withKey(location, 'latitude')],
      ['longitude', '8,54', withKey(location, 'longitude')],
    ],
  },
  'PUT /api/course/locations/:id': {
    method: 'PUT',
    url: () => `/api/course/locations/${locationId}`,
    valid: location,
    wrong: [['latitude', '1', withKey(location, 'latitude')]],
  },
  'POST /api/config/holidays': {
    method: 'POST',
    url: () => '/api/config/holidays',
    valid: () => ({ name, starts_on: '2031-01-01', ends_on: '2031-01-01' }),
    wrong: [['starts_on', 20310101, (bad) => ({ name, starts_on: bad, ends_on: '2031-01-01' })]],
  },
  'PUT /api/config/holidays/:id': {
    method: 'PUT',
    url: () => `/api/config/holidays/${holidayId}`,
    valid: () => ({ name, starts_on: '2030-12-24', ends_on: '2030-12-25' }),
    wrong: [['name.en', true, (bad) => ({ name: { de: 'Weihnachten', en: bad }, starts_on: '2030-12-24', ends_on: '2030-12-25' })]],
  },
  'PUT /api/sa/resources/:id': {
    method: 'PUT',
    url: () => `/api/sa/resources/${groupId}`,
    valid: () => ({ name, kind: 'room', resources: [{ id: resourceId, name, capacity: 4 }] }),
    wrong: [
      ['resources.0.id', ID_TEXT, () => ({ name, kind: 'room', resources: [{ id: String(resourceId), name, capacity: 4 }] })],
      ['resources.0.capacity', '4', (bad) => ({ name, kind: 'room', resources: [{ id: resourceId, name, capacity: bad }] })],
    ],
  },
  'POST /api/customer/password/reset/mail': {
    method: 'POST',
    url: () => '/api/customer/password/reset/mail',
    valid: () => ({ email: 'nobody@example.com', team_id: a.team.id }),
    wrong: [['team_id', ID_TEXT, () => ({ email: 'nobody@example.com', team_id: String(a.team.id) })]],
  },
};

/**
 * Keys a body does not have are refused (422 on the object holding them, `_` for the body
 * itself) instead of being dropped silently, so a typo never passes for a saved value.
 */
const unknownKeys: [string, Method, () => string, () => Record<string, unknown>, string][] = [
  ['POST /api/course/store', 'POST', () => '/api/course/store', () => ({ type_set_id: typeSetId, name, status: 'published' }), '_'],
  ['PUT /api/courses/:id', 'PUT', () => `/api/courses/${activityId}`, () => ({ capacity: 3, colour: 'red' }), '_'],
  ['POST /api/courses/mass', 'POST', () => '/api/courses/mass', () => ({ action: 'delete', ids: [otherActivityId], all: true }), '_'],
  ['PUT /api/config/course/defaults', 'PUT', () => '/api/config/course/defaults', () => ({ ...defaults(), currency: 'EUR' }), '_'],
  ['POST /api/course/type_sets', 'POST', () => '/api/course/type_sets', () => ({ name: fresh(), kind: 'course', sort: 1 }), '_'],
  [
    'PUT /api/course/type_sets/:id',
    'PUT',
    () => `/api/course/type_sets/${typeSetId}`,
    () => ({ name, attributes: [{ attribute_id: attributeId, sort: 2 }] }),
    'attributes.0',
  ],
  ['POST /api/course/attributes', 'POST', () => '/api/course/attributes', () => ({ type: 'text', label: fresh(), sort: 1 }), '_'],
  [
    'PUT /api/course/attributes/:id',
    'PUT',
    () => `/api/course/attributes/${attributeId}`,
    () => ({ type: 'select', label: name, options: [{ value: 'a', label: name, colour: 'red' }] }),
    'options.0',
  ],
  ['POST /api/course/fields', 'POST', () => '/api/course/fields', () => ({ type: 'text', label: fresh(), hint: name }), '_'],
  [
    'PUT /api/course/fields/:id',
    'PUT',
    () => `/api/course/fields/${fieldId}`,
    () => ({ type: 'text', label: name, visible_if: { field_id: fieldId, values: [], negate: true } }),
    'visible_if',
  ],
  [
    'PUT /api/courses/:id/attributes',
    'PUT',
    () => `/api/courses/${activityId}/attributes`,
    () => ({ values: [{ attribute_id: attributeId, value: 'x', lang: 'de' }] }),
    'values.0',
  ],
  ['PUT /api/courses/:id/fields', 'PUT', () => `/api/courses/${activityId}/fields`, () => ({ field_ids: [], type_set: [] }), '_'],
  [
    'POST /api/courses/:id/sessions',
    'POST',
    () => `/api/courses/${activityId}/sessions`,
    () => ({ ...session(), status: 'cancelled' }),
    '_',
  ],
  [
    'PUT /api/courses/:id/sessions/:sessionId',
    'PUT',
    () => `/api/courses/${activityId}/sessions/${sessionId}`,
    () => ({ ...session(), id: 1 }),
    '_',
  ],
  [
    'POST /api/courses/:id/sessions/generate',
    'POST',
    () => `/api/courses/${activityId}/sessions/generate`,
    () => ({ ...generator(), interval: 2 }),
    '_',
  ],
  [
    'PUT /api/courses/:id/sessions/:sessionId/resources',
    'PUT',
    () => `/api/courses/${activityId}/sessions/${sessionId}/resources`,
    () => ({ items: [{ resource_id: resourceId, quantity: 1, name: 'x' }] }),
    'items.0',
  ],
  [
    'PUT /api/courses/:id/sessions/resources',
    'PUT',
    () => `/api/courses/${activityId}/sessions/resources`,
    () => ({ session_ids: [sessionId], items: [], replace: true }),
    '_',
  ],
  ['POST /api/sa/conflicts/check', 'POST', () => '/api/sa/conflicts/check', () => ({ ...check(), activity_id: activityId }), '_'],
  ['POST /api/course/locations', 'POST', () => '/api/course/locations', () => ({ ...location(), lat: 1 }), '_'],
  [
    'POST /api/config/holidays',
    'POST',
    () => '/api/config/holidays',
    () => ({ name, starts_on: '2031-02-01', ends_on: '2031-02-01', yearly: true }),
    '_',
  ],
  [
    'PUT /api/config/holidays/:id',
    'PUT',
    () => `/api/config/holidays/${holidayId}`,
    () => ({ name, starts_on: '2030-12-24', ends_on: '2030-12-26', team_id: 1 }),
    '_',
  ],
  ['POST /api/sa/resources', 'POST', () => '/api/sa/resources', () => ({ name, kind: 'room', team_id: 1 }), '_'],
  [
    'PUT /api/sa/resources/:id',
    'PUT',
    () => `/api/sa/resources/${groupId}`,
    () => ({ name, kind: 'room', resources: [{ id: resourceId, name, capacity: 4, team_id: 1 }] }),
    'resources.0',
  ],
];

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

  it.each(unknownKeys)('%s refuses a key it does not have', async (_title, method, url, body, path) => {
    const res = await a.client.request(method, url(), body());
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors), res.body).toContain(path);
  });

  it('a refused course update changes nothing, not even its valid keys', async () => {
    const before = (await a.client.get(`/api/courses/${activityId}`)).json().data;
    const res = await a.client.request('PUT', `/api/courses/${activityId}`, { status: 'archived', capacity: 99, waiting_list: 'false' });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['waiting_list']);
    const after = (await a.client.get(`/api/courses/${activityId}`)).json().data;
    expect({ status: after.status, capacity: after.capacity, waiting_list: after.waiting_list }).toEqual({
      status: before.status,
      capacity: before.capacity,
      waiting_list: before.waiting_list,
    });
  });

  it('a refused holiday or defaults body stores nothing', async () => {
    const count = async () => (await a.client.get('/api/config/holidays?perPage=100')).json().meta.total;
    const holidays = await count();
    const res = await a.client.post('/api/config/holidays', { name, starts_on: '2032-01-01', ends_on: '2032-01-01', yearly: 1 });
    expect(res.statusCode, res.body).toBe(422);
    expect(await count()).toBe(holidays);
    const stored = (await a.client.get('/api/config/course/defaults')).json().data;
    const refused = await a.client.request('PUT', '/api/config/course/defaults', {
      ...defaults(),
      reservation_minutes: 45,
      waiting_list: 'true',
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect((await a.client.get('/api/config/course/defaults')).json().data).toEqual(stored);
  });

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
