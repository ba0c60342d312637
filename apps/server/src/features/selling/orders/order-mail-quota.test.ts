import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, orders } from '../../../db/schema/index.ts';
import { recipientQuotaKey } from '../../../lib/mail-quota.ts';
import { LIMITS } from '../../../plugins/rate-limit.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeShop, orderBody } from './checkout-fixtures.ts';

/**
 * Issue 20 item 5 at the checkout: an order to an address whose hourly mail quota is used up
 * still succeeds (201, the order page works); its confirmation is archived as `skipped`, unsent.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('order confirmations and the mail quota', () => {
  it('places the order, and archives the confirmation as skipped once the address had its mails this hour', async () => {
    const shop = await makeShop(t.app.deps.db);
    const body = orderBody(shop.ticket.id, 1);
    const to = body.customer.email;
    await t.app.deps.db.execute(
      sql`INSERT INTO mail_quotas (key, window_start, used) VALUES (${recipientQuotaKey(to)}, date_trunc('hour', now()), ${LIMITS.mailsPerRecipient.limit})`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/public/teams/${shop.teamId}/orders`,
      payload: body,
      remoteAddress: '10.92.0.1',
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.deps.jobs.runDue();
    const mails = await t.app.deps.db.select().from(emails).where(eq(emails.toAddress, to));
    expect(mails.map((m) => [m.kind, m.status])).toEqual([['order_invoice', 'skipped']]);
    const [order] = await t.app.deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.teamId, shop.teamId), eq(orders.email, to)));
    expect(order).toBeDefined();

    // Another address of the same shop gets its confirmation.
    const other = orderBody(shop.ticket.id, 1);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/public/teams/${shop.teamId}/orders`, payload: other, remoteAddress: '10.92.0.2' }))
        .statusCode,
    ).toBe(201);
    await t.app.deps.jobs.runDue();
    const sent = await t.app.deps.db.select().from(emails).where(eq(emails.toAddress, other.customer.email));
    expect(sent.map((m) => m.status)).not.toContain('skipped');
    expect(sent).toHaveLength(1);
  });
});
