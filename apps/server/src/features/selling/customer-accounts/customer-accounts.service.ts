import {
  passwordProblem,
  PASSWORD_MESSAGES,
  type CustomerLoginInput,
  type CustomerMagicLinkInput,
  type CustomerMe,
  type CustomerPasswordInput,
  type CustomerRegisterInput,
  type Language,
} from '@bookla/shared';
import type { AppDeps } from '../../../types.ts';
import { AppError, notFound, validationError } from '../../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../../lib/passwords.ts';
import { randomToken, sha256 } from '../../../lib/tokens.ts';
import { takeAttempt } from '../../../plugins/rate-limit.ts';
import * as repo from './customer-accounts.repo.ts';
import { MAGIC_LINK_TTL_MS, queueAccountMail, VERIFY_LINK_TTL_MS, type AccountMailKind } from './customer-mails.ts';
import { clearCustomerLoginFailures, consumeCustomerLimit, customerLoginLimits } from './limits.ts';
import { queueMagicLinkJob } from './magic-link-job.ts';
import { clientKey } from '../../../lib/client-key.ts';

/**
 * Customer accounts of a team's shop: registration, log-in by password or mailed link, the
 * address confirmation, and setting a password. An account shows bookings only once its address
 * is confirmed (a mailed link was opened): otherwise anyone could register someone else's
 * address and read their orders.
 *
 * A password set before the address is confirmed is unproven (anyone may have registered the
 * address): registering again replaces it, and a log-in link that confirms the address drops it
 * (the customer sets one in the account). Registering an address whose account is confirmed never
 * touches it: that address gets a log-in link instead ("you already have an account"). Every
 * answer is the same whether or not an address has an account.
 */
type Deps = Pick<AppDeps, 'db' | 'config' | 'limiter'>;

export function toMe(c: repo.CustomerRow): CustomerMe {
  return {
    id: c.id,
    email: c.email,
    firstname: c.firstname,
    lastname: c.lastname,
    company: c.company,
    language: c.language,
    email_verified: c.emailVerifiedAt !== null,
    has_password: c.passwordHash !== null,
  };
}

async function teamOf(deps: Deps, teamId: number) {
  const team = await repo.findTeam(deps.db, teamId);
  if (!team) throw notFound();
  return team;
}

const normal = (email: string) => email.trim().toLowerCase();

/** A link mail: a new token of its kind (older ones of the kind stop working) and the mail, together. */
async function sendLink(deps: Deps, team: { id: number; name: string }, customer: repo.CustomerRow, kind: AccountMailKind, lang: Language) {
  const token = randomToken(32);
  const tokenKind = kind === 'customer_verify_email' ? 'customer_verify_email' : 'customer_magic_link';
  const ttl = kind === 'customer_verify_email' ? VERIFY_LINK_TTL_MS : MAGIC_LINK_TTL_MS;
  await deps.db.transaction(async (tx) => {
    await repo.replaceToken(tx, tokenKind, customer.id, sha256(token), new Date(Date.now() + ttl));
    await queueAccountMail(tx, deps.config, kind, team, { email: customer.email, firstname: customer.firstname, language: lang }, token);
  });
}

/**
 * Registration (at checkout after the order, or in the shop): confirmed account → a log-in link
 * instead; otherwise the (new) password is stored and a confirmation link is mailed. The password
 * is hashed in every case, so the answer takes as long whatever the address.
 */
export async function register(deps: Deps, teamId: number, input: CustomerRegisterInput, ip: string, lang: Language): Promise<void> {
  const team = await teamOf(deps, teamId);
  await consumeCustomerLimit(deps.limiter, 'registrationsPerIp', clientKey(ip));
  await consumeCustomerLimit(deps.limiter, 'linkMailsPerEmail', `${teamId}:${normal(input.email)}`);
  const passwordHash = await hashPassword(input.password);
  const language = input.language ?? lang;
  const customer = await repo.ensureCustomer(deps.db, teamId, {
    email: input.email,
    firstname: input.firstname,
    lastname: input.lastname,
    language,
  });
  if (customer.emailVerifiedAt) {
    await sendLink(deps, team, customer, 'customer_account_exists', language);
    return;
  }
  await repo.setPassword(deps.db, teamId, customer.id, passwordHash, language);
  await sendLink(deps, team, customer, 'customer_verify_email', language);
}

const loginFailed = () => new AppError('VALIDATION_FAILED', 'customer-accounts:login_failed', { extra: { success: false } });

/** Log-in with a password: failures counted before the check, as staff log-ins (per address and IP, per IP). */
export async function login(deps: Deps, teamId: number, input: CustomerLoginInput, ip: string): Promise<repo.CustomerRow> {
  const attempt = await takeAttempt(deps.limiter, customerLoginLimits(teamId, input.email, ip));
  const customer = await repo.findCustomerByEmail(deps.db, teamId, input.email);
  const ok = await verifyPassword(customer?.passwordHash, input.password);
  if (!customer || !ok) throw loginFailed();
  await attempt.refund();
  await clearCustomerLoginFailures(deps.limiter, teamId, input.email, ip);
  return customer;
}

/**
 * "E-mail me a link": limited per address and per client; then the same work whether or not the
 * address has an account (one job enqueued, which looks it up and mails the link or does nothing:
 * magic-link-job.ts), so neither the answer nor its time tells the two apart.
 */
export async function requestMagicLink(deps: Deps, teamId: number, input: CustomerMagicLinkInput, ip: string, lang: Language) {
  await teamOf(deps, teamId);
  await consumeCustomerLimit(deps.limiter, 'linkMailsPerIp', clientKey(ip));
  await consumeCustomerLimit(deps.limiter, 'linkMailsPerEmail', `${teamId}:${normal(input.email)}`);
  await queueMagicLinkJob(deps.db, teamId, input.email, input.language ?? lang);
}

/** A new confirmation link for a logged-in customer whose address is not confirmed yet. */
export async function resendVerification(deps: Deps, teamId: number, customer: repo.CustomerRow, lang: Language): Promise<void> {
  if (customer.emailVerifiedAt) return;
  const team = await teamOf(deps, teamId);
  await consumeCustomerLimit(deps.limiter, 'linkMailsPerEmail', `${teamId}:${normal(customer.email)}`);
  await sendLink(deps, team, customer, 'customer_verify_email', lang);
}

/**
 * The landing of a mailed link: the token is used up (single use, expiring, this team's only),
 * the address is confirmed, and the caller logs the customer in. A log-in link drops a password
 * that was set while the address was unproven.
 */
export async function landLink(deps: Deps, teamId: number, token: string, ip: string): Promise<repo.CustomerRow> {
  await consumeCustomerLimit(deps.limiter, 'linkLandingsPerIp', clientKey(ip));
  const used = await deps.db.transaction(async (tx) => {
    const row = await repo.consumeToken(tx, teamId, sha256(token));
    if (!row) return undefined;
    const customer = await repo.findCustomer(tx, teamId, row.customerId);
    if (!customer) return undefined;
    if (row.kind === 'customer_magic_link' && !customer.emailVerifiedAt && customer.passwordHash)
      await repo.setPassword(tx, teamId, customer.id, null);
    await repo.markVerified(tx, teamId, customer.id);
    return repo.findCustomer(tx, teamId, customer.id);
  });
  if (!used) throw new AppError('VALIDATION_FAILED', 'customer-accounts:link_invalid', { extra: { success: false } });
  return used;
}

/**
 * A logged-in customer sets a password; the current one is needed when there is one (a wrong one
 * counts as a failed log-in). The customer's other sessions end.
 */
export async function changePassword(
  deps: Deps,
  teamId: number,
  principal: { sessionId: string; customer: repo.CustomerRow },
  input: CustomerPasswordInput,
  ip: string,
): Promise<void> {
  const { customer } = principal;
  const problem = passwordProblem(input.password, { email: customer.email, name: `${customer.firstname}${customer.lastname}` });
  if (problem) throw validationError({ password: [PASSWORD_MESSAGES[problem]] });
  if (customer.passwordHash) {
    const attempt = await takeAttempt(deps.limiter, customerLoginLimits(teamId, customer.email, ip));
    if (!input.current_password || !(await verifyPassword(customer.passwordHash, input.current_password)))
      throw validationError({ current_password: ['customer-accounts:current_password_wrong'] });
    await attempt.refund();
  }
  const passwordHash = await hashPassword(input.password);
  await repo.setPassword(deps.db, teamId, customer.id, passwordHash);
  await repo.deleteCustomerSessions(deps.db, customer.id, principal.sessionId);
}
