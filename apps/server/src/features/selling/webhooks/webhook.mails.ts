import type { Language } from '@bookla/shared';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../../config/env.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { teamMembers, teams, users } from '../../../db/schema/index.ts';
import { translate } from '../../../lib/i18n.ts';
import { renderMail } from '../../../lib/mail-layout.ts';
import { queueMail } from '../../../lib/mailer.ts';

/**
 * "Your webhook was switched off" to each owner of the team, in their language, written with the
 * switch-off (the same transaction). The platform's own mail to staff: no quota, no Reply-To.
 */
export async function mailEndpointDisabled(
  tx: DbOrTx,
  config: Pick<Config, 'appUrl' | 'appName' | 'mailFrom'>,
  teamId: number,
  url: string,
): Promise<void> {
  const [team] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  const owners = await tx
    .select({ id: users.id, email: users.email, firstname: users.firstname, language: users.language })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'owner')));
  for (const owner of owners) {
    const lang = owner.language as Language;
    const params = { app: config.appName, team: team?.name ?? '', name: owner.firstname ?? '', url };
    const t = (key: string) => translate(lang, `webhooks:mail.disabled.${key}`, params);
    const { html, text } = renderMail({
      lang,
      appName: config.appName,
      greeting: t('greeting'),
      paragraphs: [t('intro'), t('next')],
      action: { label: t('action'), url: `${config.appUrl}/${lang}/backend/config/integration` },
    });
    await queueMail(tx, config, {
      to: owner.email,
      subject: t('subject'),
      text,
      html,
      kind: 'webhook_disabled',
      language: lang,
      teamId,
      userId: owner.id,
    });
  }
}
