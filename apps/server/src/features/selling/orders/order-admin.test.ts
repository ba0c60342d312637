import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, orderEvents, orderParticipants, orders } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeTicket, owner, staff, type Staff } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';
import { makeField } from './checkout-fixtures.ts';

/**
 * The back office's orders (operations): the list's filters and sort whitelist, the edit page
 * (customer, participants, booking answers checked as at checkout, the history), sending the
 * confirmation again, mass actions, the CSV export of selected orders and the permissions.
 */

let t: TestApp;
let boss: Staff;
let teamId: number;
let yoga: { id: number; typeSetId: number };
let pottery: { id: number };
let yogaTicket: number;
let potteryTicket: number;
const db = () => t.app.deps.db;

type OrderRef = Awaited<ReturnType<typeof makeOrder>>;
const made = new Map<string, OrderRef>();
const ref = (name: string) => made.get(name)!;

const listOf = async (query = '') => {
  const res = await boss.client.get(`/api/orders${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const numbers = async (query = '') => (await listOf(query)).data.map((o: { number: number }) => o.number);
const numberOf = (name: string) => ref(name).order.number;

async function eventsOf(orderId: number, type?: string) {
  const rows = await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);
  return type ? rows.filter((r) => r.type === type) : rows;
}

beforeAll(async () => {
  t = await buildTestApp();
  boss = await owner(t.app, { firstname: 'Olivia' });
  teamId = boss.team.id;
  yoga = await makeActivity(db(), teamId, { name: { de: 'Yoga am Morgen', en: 'Morning yoga' } });
  pottery = await makeActivity(db(), teamId, { name: { de: 'Töpfern', en: 'Pottery' } });
  yogaTicket = (await makeTicket(db(), teamId, yoga.id, { priceMinor: 3000, stock: 50 })).id;
  potteryTicket = (await makeTicket(db(), teamId, pottery.id, { priceMinor: 4500, stock: 50 })).id;
  const add = async (name: string, opts: Partial<Parameters<typeof makeOrder>[2]> = {}, set: Partial<typeof orders.$inferInsert> = {}) => {
    const o = await makeOrder(db(), teamId, { ticketId: yogaTicket, email: `${name}@example.com`, ...opts });
    if (Object.keys(set).length) await db().update(orders).set(set).where(eq(orders.id, o.order.id));
    made.set(name, o);
  };
  // Created the evening of 1 March (Zurich) and just after midnight on 2 March (Zurich).
  await add('march1', {}, { createdAt: new Date('2026-03-01T22:30:00Z'), lastname: 'Ammann' });
  await add('march2', { paymentStatus: 'waiting' }, { createdAt: new Date('2026-03-01T23:30:00Z') });
  await add('pottery', {
    ticketId: potteryTicket,
    participants: [{ firstname: 'Petra', lastname: 'Keller', email: 'petra.k@example.net' }],
  });
  await add('free', { paymentStatus: 'free', paymentType: 'free' }, { totalMinor: 0 });
  await add('stripeWaiting', { paymentStatus: 'waiting', paymentType: 'stripe' });
  await add('company', {}, { company: '=HYPERLINK("evil")', firstname: 'Zora', lastname: 'Zünd' });
  for (let i = 0; i < 6; i++) await add(`filler${i}`);
});
afterAll(() => t.close());

describe('GET /api/orders', () => {
  it('lists 10 per page, newest first; the names in the requested language', async () => {
    const body = await listOf();
    expect(body.meta).toMatchObject({ per_page: 10, total: 12, current_page: 1, last_page: 2 });
    expect(body.data[0].number).toBe(numberOf('filler5'));
    expect(body.data.map((o: { id: number }) => o.id)).toEqual([...body.data.map((o: { id: number }) => o.id)].sort((a, b) => b - a));
    const en = await listOf(`?language=en&columnFilters[number]=${numberOf('pottery')}`);
    expect(en.data[0].order_items[0].name).toBe('Pottery – Admission');
    const de = await listOf(`?language=de&columnFilters[number]=${numberOf('pottery')}`);
    expect(de.data[0].order_items[0].name).toBe('Töpfern – Eintritt');
  });

  it('filters by number, name, e-mail, activity, payment status and type, and date range (team time zone)', async () => {
    expect(await numbers(`?columnFilters[number]=%23${numberOf('free')}`)).toEqual([numberOf('free')]);
    // Customer, participant and company names.
    expect(await numbers('?columnFilters[name]=ammann')).toEqual([numberOf('march1')]);
    expect(await numbers('?columnFilters[name]=petra%20kel')).toEqual([numberOf('pottery')]);
    expect(await numbers('?columnFilters[name]=hyperlink')).toEqual([numberOf('company')]);
    expect(await numbers('?columnFilters[name]=Zora%20Z%C3%BCnd')).toEqual([numberOf('company')]);
    // Customer and participant e-mails.
    expect(await numbers('?columnFilters[email]=petra.k@')).toEqual([numberOf('pottery')]);
    expect(await numbers('?columnFilters[email]=march2@')).toEqual([numberOf('march2')]);
    expect(await numbers(`?columnFilters[activity_id]=${pottery.id}`)).toEqual([numberOf('pottery')]);
    expect(await numbers('?columnFilters[payment_status]=waiting')).toEqual([numberOf('stripeWaiting'), numberOf('march2')]);
    expect(await numbers('?columnFilters[payment_type]=stripe')).toEqual([numberOf('stripeWaiting')]);
    expect(await numbers('?columnFilters[payment_type]=free,stripe')).toEqual([numberOf('stripeWaiting'), numberOf('free')]);
    expect(await numbers('?columnFilters[payment_type]=bitcoin')).toEqual([]);
    expect(await numbers('?columnFilters[created_from]=2026-03-01&columnFilters[created_to]=2026-03-01')).toEqual([numberOf('march1')]);
    expect(await numbers('?columnFilters[created_from]=2026-03-02&columnFilters[created_to]=2026-03-02')).toEqual([numberOf('march2')]);
    // Combined: every filter must match.
    expect(await numbers('?columnFilters[payment_status]=paid&columnFilters[name]=ammann')).toEqual([numberOf('march1')]);
    expect(await numbers('?columnFilters[payment_status]=waiting&columnFilters[name]=ammann')).toEqual([]);
  });

  it('sorts by the whitelisted fields; any other field or direction answers 422 in the request language', async () => {
    const asc = await numbers('?sort[field]=number&sort[type]=asc&perPage=2');
    expect(asc).toEqual([numberOf('march1'), numberOf('march2')]);
    expect((await numbers('?sort[field]=created_at&sort[type]=asc&perPage=1'))[0]).toBe(numberOf('march1'));
    expect((await numbers('?sort[field]=total&sort[type]=desc&perPage=1'))[0]).toBe(numberOf('pottery'));
    expect((await numbers('?sort[field]=lastname&sort[type]=asc&perPage=1'))[0]).toBe(numberOf('march1'));
    expect((await numbers('?sort[field]=payment_type&sort[type]=asc&perPage=1'))[0]).toBe(numberOf('free'));
    for (const field of ['paid_at', 'email', 'payment_status', 'id']) {
      const res = await boss.client.get(`/api/orders?sort[field]=${field}&sort[type]=desc`);
      expect(res.statusCode, field).toBe(200);
    }
    const bad = await boss.client.get('/api/orders?sort[field]=email;drop&language=en');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'sort.field': ['This value is not allowed.'] });
    const badDe = await boss.client.get('/api/orders?sort[field]=platform_fee&sort[type]=sideways&language=de');
    expect(badDe.statusCode).toBe(422);
    expect(Object.keys(badDe.json().errors).sort()).toEqual(['sort.field', 'sort.type']);
    expect(badDe.json().errors['sort.field'][0]).not.toBe('This value is not allowed.');
  });

  it('answers 422 for a malformed number, activity or date range, never 500', async () => {
    const errorsOf = async (q: string) => {
      const res = await boss.client.get(`/api/orders?${q}&language=en`);
      expect(res.statusCode, q).toBe(422);
      return res.json().errors;
    };
    expect(await errorsOf('columnFilters[number]=12a')).toEqual({ 'columnFilters.number': ['Please enter a number.'] });
    expect(Object.keys(await errorsOf('columnFilters[activity_id]=-1'))).toEqual(['columnFilters.activity_id']);
    expect(await errorsOf('columnFilters[created_from]=2026-02-30')).toEqual({
      'columnFilters.created_from': ['Please enter a valid date.'],
    });
    expect(Object.keys(await errorsOf('columnFilters[created_from]=2026-03-05&columnFilters[created_to]=2026-03-01'))).toEqual([
      'columnFilters.created_to',
    ]);
    for (const q of ['?page=abc&perPage=-4', '?sort=x', '?columnFilters=x', '?columnFilters[__proto__]=1', '?columnFilters[name]=%25_']) {
      expect((await boss.client.get(`/api/orders${q}`)).statusCode, q).toBe(200);
    }
  });
});

describe('the order edit page', () => {
  let orderAnswer: number;
  let diet: number;
  let allergy: number;
  let order: OrderRef;

  beforeAll(async () => {
    // An order field of the type set, a participant choice of the activity and a field shown only for one choice.
    orderAnswer = (await makeField(db(), teamId, { type: 'text', scope: 'order', required: true }, { typeSetId: yoga.typeSetId })).id;
    diet = (await makeField(db(), teamId, { type: 'select', scope: 'participant', options: ['vegan', 'none'] }, { activityId: yoga.id }))
      .id;
    allergy = (
      await makeField(
        db(),
        teamId,
        { type: 'text', scope: 'participant', required: true, visibleIf: { field_id: diet, values: ['vegan'] } },
        { activityId: yoga.id },
      )
    ).id;
    order = await makeOrder(db(), teamId, {
      ticketId: yogaTicket,
      email: 'edit@example.com',
      participants: [
        { firstname: 'Ida', lastname: 'Eins' },
        { firstname: 'Jon', lastname: 'Zwei' },
      ],
    });
    // An answer to a field no longer asked stays in the record.
    await db()
      .update(orders)
      .set({ answers: { [String(orderAnswer)]: 'Erst', 999999: 'alt' } })
      .where(eq(orders.id, order.order.id));
  });

  const body = (over: Record<string, unknown> = {}, people?: unknown[]) => ({
    customer: {
      salutation: 'mrs',
      firstname: 'Anna',
      lastname: 'Neu',
      email: 'anna.neu@example.com',
      phone: '+41 79 000 00 00',
      company: null,
    },
    answers: { [orderAnswer]: 'Geändert' },
    participants: people ?? [
      { id: order.participants[0]!.id, firstname: 'Ida', lastname: 'Eins', email: '', answers: { [diet]: 'vegan', [allergy]: 'Nüsse' } },
      {
        id: order.participants[1]!.id,
        firstname: 'Jonas',
        lastname: 'Zwei',
        email: 'jonas@example.com',
        answers: { [diet]: 'none', [allergy]: 'hidden' },
      },
    ],
    ...over,
  });

  it('shows the booking forms with the fields asked now (labels in the language), answers, money and actions', async () => {
    const res = await boss.client.get(`/api/orders/${order.order.id}?language=en`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id: order.order.id,
      payment_status: 'paid',
      refunded: 0,
      refundable: 30 * 2,
      refundable_minor: 6000,
      refund_method: 'record',
      actions: { mark_paid: false, cancel: true, refund: true, resend: true, tickets_pdf: true, invoice_pdf: true, receipt_pdf: true },
    });
    expect(data.booking.order_fields).toEqual([
      expect.objectContaining({ id: orderAnswer, label: 'Question', type: 'text', required: true }),
    ]);
    expect(data.booking.answers).toEqual({ [orderAnswer]: 'Erst', 999999: 'alt' });
    expect(data.booking.participants).toHaveLength(2);
    expect(data.booking.participants[0].fields.map((f: { id: number }) => f.id)).toEqual([diet, allergy]);
    expect(data.booking.participants[0].fields[1].visible_if).toEqual({ field_id: diet, values: ['vegan'] });
  });

  it('checks the answers with the checkout’s rules: 422 at the dotted paths, in the request language', async () => {
    const [a, b] = order.participants;
    const res = await boss.client.request(
      'PUT',
      `/api/orders/${order.order.id}?language=en`,
      body({ answers: {}, customer: { firstname: '', lastname: 'Neu', email: 'not-an-email' } }, [
        { id: a!.id, firstname: 'Ida', lastname: 'Eins', answers: { [diet]: 'vegan' } },
        { id: b!.id, firstname: 'Jon', lastname: 'Zwei', answers: { [diet]: 'meat' } },
      ]),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({
      'customer.firstname': ['This field is required.'],
      'customer.email': ['Please enter a valid e-mail address.'],
    });
    const answers = await boss.client.request(
      'PUT',
      `/api/orders/${order.order.id}?language=en`,
      body({ answers: {} }, [
        { id: a!.id, firstname: 'Ida', lastname: 'Eins', answers: { [diet]: 'vegan' } },
        { id: b!.id, firstname: 'Jon', lastname: 'Zwei', answers: { [diet]: 'meat' } },
      ]),
    );
    expect(answers.statusCode).toBe(422);
    expect(answers.json().errors).toEqual({
      [`answers.${orderAnswer}`]: ['This field is required.'],
      [`participants.0.answers.${allergy}`]: ['This field is required.'],
      [`participants.1.answers.${diet}`]: ['This value is not allowed.'],
    });
    const de = await boss.client.request('PUT', `/api/orders/${order.order.id}?language=de`, body({ answers: {} }));
    expect(de.json().errors[`answers.${orderAnswer}`][0]).not.toBe('This field is required.');
    // Every participant once, only this order's.
    const other = await makeOrder(db(), teamId, { ticketId: yogaTicket });
    const people = await boss.client.request(
      'PUT',
      `/api/orders/${order.order.id}?language=en`,
      body({}, [
        { id: other.participants[0]!.id, firstname: 'X', lastname: 'Y', answers: {} },
        { id: a!.id, firstname: 'Ida', lastname: 'Eins', answers: { [diet]: 'none' } },
        { id: a!.id, firstname: 'Ida', lastname: 'Eins', answers: { [diet]: 'none' } },
      ]),
    );
    expect(people.statusCode).toBe(422);
    expect(Object.keys(people.json().errors).sort()).toEqual(['participants', 'participants.0.id', 'participants.2.id']);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.order.id));
    expect(row!.lastname).toBe('Muster');
    expect(await eventsOf(order.order.id, 'updated')).toEqual([]);
  });

  it('saves customer, participants and answers; every change is in the history with the staff member', async () => {
    const res = await boss.client.request('PUT', `/api/orders/${order.order.id}?language=en`, body());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'The order has been saved.' });
    const data = res.json().data;
    expect(data).toMatchObject({
      salutation: 'mrs',
      firstname: 'Anna',
      lastname: 'Neu',
      email: 'anna.neu@example.com',
      phone: '+41 79 000 00 00',
    });
    // The hidden field's answer is dropped (as at checkout); the answer to a field no longer asked is kept.
    expect(data.booking.answers).toEqual({ [orderAnswer]: 'Geändert', 999999: 'alt' });
    expect(data.booking.participants.map((p: { answers: unknown }) => p.answers)).toEqual([
      { [diet]: 'vegan', [allergy]: 'Nüsse' },
      { [diet]: 'none' },
    ]);
    expect(data.order_items[0].participants.map((p: { firstname: string; email: string | null }) => [p.firstname, p.email])).toEqual([
      ['Ida', null],
      ['Jonas', 'jonas@example.com'],
    ]);
    const [event] = await eventsOf(order.order.id, 'updated');
    expect(event).toMatchObject({ actor: 'staff', userId: boss.user.id });
    const changes = (event!.data as { changes: { path: string; from: unknown; to: unknown }[] }).changes;
    expect(changes).toContainEqual({ path: 'customer.lastname', from: 'Muster', to: 'Neu' });
    expect(changes).toContainEqual({ path: `answers.${orderAnswer}`, from: 'Erst', to: 'Geändert' });
    expect(changes).toContainEqual({ path: `participants.${order.participants[1]!.id}.firstname`, from: 'Jon', to: 'Jonas' });
    expect(changes).toContainEqual({ path: `participants.${order.participants[0]!.id}.answers.${allergy}`, from: null, to: 'Nüsse' });
    expect(changes.some((c) => c.path.endsWith('.salutation') && c.to === 'mrs')).toBe(true);
    expect(data.events).toContainEqual(expect.objectContaining({ type: 'updated', actor: 'staff', user_name: 'Olivia Muster' }));

    // The same again: nothing changed, no new history line.
    const again = await boss.client.request('PUT', `/api/orders/${order.order.id}?language=en`, body());
    expect(again.json().message).toBe('Nothing was changed.');
    expect(await eventsOf(order.order.id, 'updated')).toHaveLength(1);
  });
});

describe('resend and mass actions', () => {
  const mails = (to: string) => db().select().from(emails).where(eq(emails.toAddress, to));

  it('sends the confirmation the order has now again, written to the history; 409 when there is none', async () => {
    const paid = ref('filler0');
    const res = await boss.client.post(`/api/orders/${paid.order.id}/resend?language=en`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The confirmation has been sent again to filler0@example.com.');
    expect((await mails('filler0@example.com')).map((m) => m.kind)).toEqual(['order_paid']);
    expect(await eventsOf(paid.order.id, 'mail_resent')).toEqual([
      expect.objectContaining({ actor: 'staff', userId: boss.user.id, data: expect.objectContaining({ occasion: 'paid' }) }),
    ]);
    const invoice = await boss.client.post(`/api/orders/${ref('march2').order.id}/resend`);
    expect(invoice.statusCode).toBe(200);
    expect((await mails('march2@example.com')).map((m) => m.kind)).toEqual(['order_invoice']);
    const none = await boss.client.post(`/api/orders/${ref('stripeWaiting').order.id}/resend?language=en`);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(/no confirmation to send/);
    expect(await mails('stripeWaiting@example.com')).toEqual([]);
  });

  it('marks selected orders paid, one result per id; another company’s and unknown ids are not found', async () => {
    const other = await owner(t.app);
    const otherActivity = await makeActivity(db(), other.team.id);
    const foreign = await makeOrder(db(), other.team.id, {
      ticketId: (await makeTicket(db(), other.team.id, otherActivity.id)).id,
      paymentStatus: 'waiting',
    });
    const ids = [ref('march2').order.id, ref('filler1').order.id, foreign.order.id, 2_000_000_000];
    const res = await boss.client.post('/api/orders/bulk?language=en', { action: 'mark-paid', ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, done: 1, failed: 3, message: '1 done, 3 not possible.' });
    expect(res.json().results).toEqual([
      { id: ids[0], ok: true, payment_status: 'paid', message: null },
      { id: ids[1], ok: false, payment_status: 'paid', message: 'This order has already been paid.' },
      { id: ids[2], ok: false, payment_status: null, message: 'Not Found' },
      { id: ids[3], ok: false, payment_status: null, message: 'Not Found' },
    ]);
    expect(await eventsOf(ids[0]!, 'paid')).toEqual([expect.objectContaining({ actor: 'staff', userId: boss.user.id })]);
    const [untouched] = await db().select().from(orders).where(eq(orders.id, foreign.order.id));
    expect(untouched!.paymentStatus).toBe('waiting');

    const resend = await boss.client.post('/api/orders/bulk', {
      action: 'resend',
      ids: [ref('filler2').order.id, ref('filler3').order.id],
    });
    expect(resend.json()).toMatchObject({ done: 2, failed: 0 });
    expect(await mails('filler3@example.com')).toHaveLength(1);

    for (const bad of [
      { action: 'delete', ids: [1] },
      { action: 'resend', ids: [] },
      { action: 'resend', ids: Array.from({ length: 101 }, (_, i) => i + 1) },
    ])
      expect((await boss.client.post('/api/orders/bulk', bad)).statusCode).toBe(422);
  });
});

describe('GET /api/orders/export', () => {
  it('gives the selected orders of the company as CSV, formulas neutralised, other ids left out', async () => {
    const other = await owner(t.app);
    const otherActivity = await makeActivity(db(), other.team.id);
    const foreign = await makeOrder(db(), other.team.id, {
      ticketId: (await makeTicket(db(), other.team.id, otherActivity.id)).id,
      email: 'foreign-secret@example.com',
    });
    const ids = [ref('company').order.id, ref('pottery').order.id, foreign.order.id].join(',');
    const res = await boss.client.get(`/api/orders/export?ids=${ids}&format=csv&language=en`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = res.body.replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Number,Ordered at,Paid at,Payment status,Payment type,Company,First name,Last name,E-mail,Phone,Items,Participants,Discount code,Discount,VAT included,Total,Refunded,Currency',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${numberOf('company')},`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""evil"")"`);
    expect(lines[1]).toContain(',Paid,Invoice,');
    expect(lines[2]).toContain('1 × Pottery – Admission');
    expect(lines[2]).toContain('Petra Keller');
    expect(lines[2]).toContain(',45.00,0.00,CHF');
    expect(res.body).not.toContain('foreign-secret');
    const de = await boss.client.get(`/api/orders/export?ids[]=${ref('pottery').order.id}&language=de`);
    expect(de.body.split('\r\n')[0]).toContain('Nummer,Bestellt am');
    expect((await boss.client.get('/api/orders/export')).statusCode).toBe(422);
    expect((await boss.client.get('/api/orders/export?ids=1,x')).statusCode).toBe(422);
  });
});

describe('permissions and companies', () => {
  it('refuses instructors (403) and visitors (401) on every order call; another company’s order is not found', async () => {
    const instructor = await staff(t.app, boss.team, 'instructor');
    const id = ref('filler4').order.id;
    const calls: ['GET' | 'POST' | 'PUT', string, unknown?][] = [
      ['GET', '/api/orders'],
      ['GET', `/api/orders/${id}`],
      ['PUT', `/api/orders/${id}`, { customer: { firstname: 'A', lastname: 'B', email: 'a@b.ch' }, answers: {}, participants: [] }],
      ['POST', `/api/orders/${id}/refund`, {}],
      ['POST', `/api/orders/${id}/resend`, {}],
      ['POST', `/api/orders/${id}/cancel`, {}],
      ['POST', '/api/orders/bulk', { action: 'resend', ids: [id] }],
      ['GET', `/api/orders/export?ids=${id}`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await instructor.client.request(method, url, payload)).statusCode, url).toBe(403);
      expect((await new TestClient(t.app).request(method, url, payload)).statusCode, url).toBe(401);
    }
    const other = await owner(t.app);
    for (const [method, url, payload] of calls.slice(1, 6))
      expect((await other.client.request(method, url, payload)).statusCode, url).toBe(404);
    const [row] = await db()
      .select()
      .from(orderParticipants)
      .where(and(eq(orderParticipants.orderId, id)));
    expect(row!.firstname).toBe('Anna');
    const editor = await staff(t.app, boss.team, 'editor');
    expect((await editor.client.post(`/api/orders/${id}/resend`)).statusCode).toBe(200);
  });
});

describe('API description', () => {
  it('lists the order calls in the OpenAPI document', async () => {
    const res = await t.app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/orders/{id}'] ?? {})).toEqual(expect.arrayContaining(['get', 'put']));
    for (const path of [
      '/api/orders/{id}/refund',
      '/api/orders/{id}/resend',
      '/api/orders/{id}/cancel',
      '/api/orders/bulk',
      '/api/orders/export',
    ])
      expect(Object.keys(paths), path).toContain(path);
  });
});
