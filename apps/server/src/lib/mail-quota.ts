import { sql, type SQL } from 'drizzle-orm';
import { LIMITS } from '../plugins/rate-limit.ts';
import { sha256 } from './tokens.ts';

/**
 * Mail quotas (issue 20 item 5, decision 009): a mail an anonymous caller causes (an order's
 * confirmation to the address typed in the checkout, a waiting-list sign-up, a customer account's
 * link, a customer password reset) counts against its recipient address (normalized, across
 * teams) and against its team, per hour (`LIMITS.mailsPerRecipient`, `LIMITS.mailsPerTeam`).
 *
 * The counting is part of the ONE statement that writes the mail (writeMail): two CTEs upsert the
 * counters with `ON CONFLICT DO UPDATE … WHERE used < limit`, which PostgreSQL evaluates on the
 * locked, newest row version, so parallel writers never pass a full quota; the team's counter is
 * counted only when the recipient's passed. The counters live in PostgreSQL because jobs (the
 * jobs thread, any instance) write some of these mails. A mail past a quota is still archived,
 * as `skipped`, with no send job: whatever caused it (an order) goes on; staff see it in the
 * archive and may resend it. Nothing tells the caller (the answer stays the same either way).
 */

/** The normalized address's counter key: its hash, so this table keeps no address. */
export const recipientQuotaKey = (address: string) => `to:${sha256(address.trim().toLowerCase())}`;
export const teamQuotaKey = (teamId: number) => `team:${teamId}`;

const perHour = (ms: number) => {
  if (ms !== 3600_000) throw new Error('mail quotas count in hourly windows');
  return ms;
};

function hit(key: string, limit: number, when: SQL): SQL {
  return sql`INSERT INTO mail_quotas (key, window_start, used)
      SELECT ${key}::text, date_trunc('hour', now(), 'UTC'), 1 WHERE ${when}
    ON CONFLICT (key) DO UPDATE SET
      used = CASE WHEN mail_quotas.window_start = EXCLUDED.window_start THEN mail_quotas.used + 1 ELSE 1 END,
      window_start = EXCLUDED.window_start
    WHERE mail_quotas.window_start <> EXCLUDED.window_start OR mail_quotas.used < ${limit}::int
    RETURNING 1`;
}

/**
 * The CTEs that count one mail (`quota_to`, `quota_team`, and a small sweep of counters of past
 * windows), and the condition under which it may be sent. `when`: the write's own condition (a
 * mail that is not written counts nothing).
 */
export function mailQuotaCtes(to: string, teamId: number | null, when: SQL): { ctes: SQL; allowed: SQL } {
  const rcpt = LIMITS.mailsPerRecipient;
  const team = LIMITS.mailsPerTeam;
  perHour(rcpt.windowMs);
  perHour(team.windowMs);
  const toKey = recipientQuotaKey(to);
  const teamKey = teamId === null ? toKey : teamQuotaKey(teamId);
  const teamHit = teamId === null ? sql`SELECT 1 FROM quota_to` : hit(teamKey, team.limit, sql`EXISTS (SELECT 1 FROM quota_to)`);
  // The sweep leaves this statement's own rows alone (one statement must not change a row twice).
  const ctes = sql`quota_to AS (${hit(toKey, rcpt.limit, when)}),
    quota_team AS (${teamHit}),
    quota_sweep AS (
      DELETE FROM mail_quotas WHERE key IN (
        SELECT key FROM mail_quotas
        WHERE window_start < date_trunc('hour', now(), 'UTC') - interval '1 hour' AND key <> ${toKey}::text AND key <> ${teamKey}::text
        LIMIT 20)),`;
  return { ctes, allowed: sql`EXISTS (SELECT 1 FROM quota_team)` };
}
