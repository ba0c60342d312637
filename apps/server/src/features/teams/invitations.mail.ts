import type { Language, Role } from '@bookla/shared';
import type { Config } from '../../config/env.ts';
import type { DbOrTx } from '../../db/client.ts';
import { translate } from '../../lib/i18n.ts';
import { renderMail } from '../../lib/mail-layout.ts';
import { queueMail } from '../../lib/mailer.ts';

/**
 * The invitation mail, in the invitation's language. The link carries the raw token, so it is
 * only ever written to the outbox, never logged.
 */
type MailConfig = Pick<Config, 'appUrl' | 'appName' | 'mailFrom'>;

export function acceptInviteUrl(
  config: Pick<Config, 'appUrl'>,
  lang: Language,
  teamId: number,
  invitationId: number,
  token: string,
): string {
  return `${config.appUrl}/${lang}/accept-invite/${teamId}/${invitationId}/${token}`;
}

export interface InvitationMail {
  teamId: number;
  teamName: string;
  invitationId: number;
  email: string;
  role: Role;
  language: Language;
  inviterName: string;
  token: string;
}

export function queueInvitationMail(db: DbOrTx, config: MailConfig, m: InvitationMail): Promise<number> {
  const lang = m.language;
  const params = { app: config.appName, team: m.teamName, inviter: m.inviterName, role: translate(lang, `teams:roles.${m.role}`) };
  const t = (key: string) => translate(lang, `teams:invitations.mail.${key}`, params);
  const { html, text } = renderMail({
    lang,
    appName: config.appName,
    greeting: t('greeting'),
    paragraphs: [t('intro'), t('role')],
    action: { label: t('action'), url: acceptInviteUrl(config, lang, m.teamId, m.invitationId, m.token) },
    footnote: t('footnote'),
  });
  return queueMail(db, config, {
    to: m.email,
    subject: t('subject'),
    text,
    html,
    kind: 'team_invitation',
    language: lang,
    teamId: m.teamId,
  });
}
