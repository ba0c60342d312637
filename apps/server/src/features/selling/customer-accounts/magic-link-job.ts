import { LANGUAGES, type Language } from '@bookla/shared';
import type { Config } from '../../../config/env.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { enqueueJob, type JobRunner } from '../../../lib/jobs.ts';
import { randomToken, sha256 } from '../../../lib/tokens.ts';
import * as repo from './customer-accounts.repo.ts';
import { MAGIC_LINK_TTL_MS, queueAccountMail } from './customer-mails.ts';

/**
 * "E-mail me a log-in link" (issue 20 item 11): the request only enqueues this job, for a known
 * and an unknown address alike (one INSERT either way), so neither its answer nor its time tells
 * whether the address has an account in the shop. The job looks the address up and, when there
 * is an account, writes the link's token and its mail in one transaction; otherwise it does
 * nothing. The address rides in the job's payload (no token: the job makes it).
 */
export const MAGIC_LINK_JOB = 'customer.magic_link';

const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

export function queueMagicLinkJob(db: DbOrTx, teamId: number, email: string, language: Language): Promise<number> {
  return enqueueJob(db, MAGIC_LINK_JOB, { teamId, email, language }, { maxAttempts: 5 });
}

export function registerMagicLinkJob(runner: JobRunner, deps: { db: Db; config: Config }): void {
  runner.register(MAGIC_LINK_JOB, async (payload) => {
    const teamId = Number(payload.teamId);
    const { email, language } = payload;
    if (!Number.isSafeInteger(teamId) || typeof email !== 'string' || !isLanguage(language)) return;
    const team = await repo.findTeam(deps.db, teamId);
    const customer = team ? await repo.findCustomerByEmail(deps.db, teamId, email) : undefined;
    if (!team || !customer) return;
    const token = randomToken(32);
    await deps.db.transaction(async (tx) => {
      await repo.replaceToken(tx, 'customer_magic_link', customer.id, sha256(token), new Date(Date.now() + MAGIC_LINK_TTL_MS));
      await queueAccountMail(
        tx,
        deps.config,
        'customer_magic_link',
        team,
        { email: customer.email, firstname: customer.firstname, language },
        token,
      );
    });
  });
}
