import { SEAT_HOLDING_STATUSES } from '@bookla/shared';
import type { Config } from '../../../config/env.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { AttachmentRenderers } from '../../../lib/mailer.ts';
import { orderCalendarFile, type OrderFileDate } from '../calendar/index.ts';
import { memoizedDocumentContext } from './document-context.ts';

/**
 * The order mails' `calendar` attachment (CONTRACT §8, "add to calendar"): the order's dates as an
 * iCalendar file, from the context the mail was just composed from (the memo: no statement of its
 * own in the order's background work), or read once when a retry sends the mail. An order without
 * dates (any more) gets none.
 */
export function calendarAttachmentRenderers(deps: { db: DbOrTx; config: Pick<Config, 'appUrl' | 'appName'> }): AttachmentRenderers {
  return {
    calendar: async (spec, mail) => {
      if (spec.orderId === undefined) throw new Error('attachment calendar: no order');
      if (mail.teamId === null) throw new Error(`attachment calendar of order ${spec.orderId}: the mail has no team`);
      const ctx = await memoizedDocumentContext(mail.memo, deps.db, mail.teamId, spec.orderId);
      if (!ctx) throw new Error(`attachment calendar: order ${spec.orderId} of team ${mail.teamId} not found`);
      const { order, team } = ctx;
      const dates: OrderFileDate[] = order.order_items.flatMap((item) => {
        const schedule = ctx.schedules.get(item.id);
        const location = schedule?.location?.join(', ');
        return (schedule?.sessions ?? []).flatMap((s) =>
          s.id === undefined
            ? []
            : [
                {
                  sessionId: s.id,
                  activityId: item.activity_id,
                  name: item.activity_name,
                  start: s.startsAt,
                  end: s.endsAt,
                  ...(location ? { location } : {}),
                  // It was on sale when the order was placed: the event links to its shop page.
                  published: true,
                },
              ],
        );
      });
      if (!dates.length) return null;
      const file = orderCalendarFile(deps.config, {
        lang: order.language,
        team,
        number: order.number,
        ended: !SEAT_HOLDING_STATUSES.includes(order.payment_status),
        dates,
      });
      return { filename: file.filename, content: Buffer.from(file.content, 'utf8'), contentType: 'text/calendar; charset=utf-8' };
    },
  };
}
