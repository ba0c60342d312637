import { and, eq, sql } from 'drizzle-orm';
import { translate } from '../../../lib/i18n.ts';
import { notFound } from '../../../lib/app-error.ts';
import { renderMail } from '../../../lib/mail-layout.ts';
import { queueMail } from '../../../lib/mailer.ts';
import type { RateLimiter } from '../../../lib/rate-limit.ts';
import { orders, teams } from '../../../db/schema/index.ts';
import { consumeLimit } from '../../../plugins/rate-limit.ts';
import { FRESH_LINK_HOURS, freshOrderToken, orderByLink, orderPageUrl } from './order-links.ts';
import { recordOrderEvent, type SellingDeps } from './order-state.service.ts';

/**
 * Order links' lifetimes (issue 20 item 12, order-links.ts): the customer asks for a fresh link
 * (mailed to the order's address only, so having the old link is not enough to change the order),
 * staff revoke every link sent so far.
 */

/**
 * `POST /api/public/orders/{publicId}/fresh-link?token=…`: mails a fresh, short-lived link to the
 * order's address. Needs the order's (view) link; counted per order before the mail
 * (`freshOrderLinksPerOrder`) and, like every mail an anonymous caller causes, against the mail
 * quotas of the address and the team. The answer never says whether the mail went out.
 */
export async function mailFreshOrderLink(
  deps: SellingDeps & { limiter: RateLimiter },
  publicId: string,
  token: string | undefined,
  now = new Date(),
): Promise<void> {
  const row = await orderByLink(deps, publicId, token, 'view');
  await consumeLimit(deps.limiter, 'freshOrderLinksPerOrder', String(row.id));
  const [team] = await deps.db.select({ name: teams.name }).from(teams).where(eq(teams.id, row.teamId));
  const teamName = team?.name ?? deps.config.appName;
  const lang = row.language;
  const params = { number: row.number, team: teamName, hours: FRESH_LINK_HOURS };
  const t = (key: string) => translate(lang, `orders:link.mail.${key}`, params);
  const { html, text } = renderMail({
    lang,
    appName: teamName,
    greeting: row.firstname.trim()
      ? translate(lang, 'mail:greeting', { name: row.firstname.trim() })
      : translate(lang, 'mail:greeting_anonymous'),
    paragraphs: [t('intro'), t('text')],
    action: { label: t('action'), url: orderPageUrl(deps.config, lang, row.teamId, row, freshOrderToken(deps.config, row, now)) },
    footnote: t('footnote'),
  });
  await queueMail(deps.db, deps.config, {
    to: row.email,
    subject: t('subject'),
    text,
    html,
    kind: 'order_fresh_link',
    language: lang,
    teamId: row.teamId,
    fromName: translate(lang, 'order-mails:from', { team: teamName, app: deps.config.appName }),
    anonymous: true,
  });
}

/**
 * `POST /api/orders/{id}/revoke-links` (staff): every link sent so far for the order stops working
 * (404), fresh ones included; the order's history records who did it. Sending the confirmation
 * again (`/resend`) then gives the customer a working link.
 */
export async function revokeOrderLinks(deps: SellingDeps, teamId: number, orderId: number, userId: number | null): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ linkVersion: sql`${orders.linkVersion} + 1` })
      .where(and(eq(orders.teamId, teamId), eq(orders.id, orderId)))
      .returning({ linkVersion: orders.linkVersion });
    if (!row) throw notFound();
    await recordOrderEvent(tx, teamId, orderId, 'links_revoked', { actor: 'staff', userId }, { link_version: row.linkVersion });
  });
}
