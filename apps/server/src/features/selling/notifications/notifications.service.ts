import type { NotificationSettings, NotificationSettingsBody } from '@bookla/shared';
import type { Db } from '../../../db/client.ts';
import { validationError } from '../../../lib/app-error.ts';
import * as repo from './notifications.repo.ts';

/**
 * The provider notification settings of a team (`/backend/config/notifications`, decision 020):
 * recipients (members who see orders; the owners while nobody chosen is left), events, and
 * immediate mails or a daily digest. No row: the defaults.
 */
export async function getNotificationSettings(db: Db, teamId: number): Promise<NotificationSettings> {
  const [settings, members] = await Promise.all([repo.findSettings(db, teamId), repo.listMembers(db, teamId)]);
  return {
    recipients: repo.recipientsOf(members).map((m) => m.id),
    events: settings?.events ?? [...repo.DEFAULT_EVENTS],
    delivery: settings?.delivery ?? 'immediate',
    members: members.map((m) => ({ id: m.id, firstname: m.firstname, lastname: m.lastname, email: m.email, role: m.role })),
  };
}

/** Saves them; a recipient who is not a member of this team (or whose role sees no orders): 422 at `recipients.<i>`. */
export async function saveNotificationSettings(
  db: Db,
  team: { id: number; timeZone: string },
  body: NotificationSettingsBody,
): Promise<NotificationSettings> {
  const members = new Set((await repo.listMembers(db, team.id)).map((m) => m.id));
  const fields: Record<string, string[]> = {};
  body.recipients.forEach((id, i) => {
    if (!members.has(id)) fields[`recipients.${i}`] = ['provider-notifications:validation.not_member'];
  });
  if (Object.keys(fields).length) throw validationError(fields);
  const recipients = [...new Set(body.recipients)];
  // Events in their canonical order, each once.
  const events = repo.DEFAULT_EVENTS.filter((e) => body.events.includes(e));
  // A switch to the digest: its first one covers the day of the switch (team time zone).
  const digestFrom = body.delivery === 'digest' ? await repo.localDate(db, team.timeZone, new Date(), -1) : null;
  await db.transaction((tx) => repo.saveSettings(tx, team.id, { events, delivery: body.delivery, recipients, digestFrom }));
  return getNotificationSettings(db, team.id);
}
