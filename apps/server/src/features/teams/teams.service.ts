import { basename, extname } from 'node:path';
import {
  isVatRegistered,
  roleHas,
  TEAM_BILLING_FIELDS,
  validateVatId,
  type Role,
  type Team,
  type TeamWithBilling,
  type TeamBillingInput,
  type TeamCreateInput,
  type TeamFeatures,
  type TeamGeneralInput,
  type TeamSettings,
} from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notFound, validationError, type AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { mergedValidationError } from '../../lib/partial-input.ts';
import { consumeLimit } from '../../plugins/rate-limit.ts';
import { isCountry } from '../reference/index.ts';
import { createDefaultTypeSets } from '../catalogue/setup/index.ts';
import { startVatRegistration } from '../selling/settings/index.ts';
import { startTeamPlan } from '../platform/index.ts';
import * as repo from './teams.repo.ts';
import type { TeamRow } from './teams.repo.ts';

/** Companies: the API's team shape, creation, switching and settings. */

export function logoUrl(team: Pick<TeamRow, 'id' | 'logoPath'>): string {
  if (!team.logoPath) return `/avatar/team/${team.id}`;
  // The file name is random per upload, so it busts caches when the logo changes.
  const version = basename(team.logoPath, extname(team.logoPath)).replace(/^logo-/, '');
  return `/avatar/team/${team.id}?v=${encodeURIComponent(version)}`;
}

/** The user looking at a company: whether 2FA is set up decides with the company's 2FA rule. */
interface Viewer {
  totpEnabledAt: Date | null;
}

/**
 * Whether the viewer may see the company's billing address and VAT ID: `team.manage` there
 * (owners, admins), and 2FA set up when the company requires it — as `can()` decides.
 */
export function seesBilling(team: Pick<TeamRow, 'require2fa'>, role: Role, viewer: Viewer): boolean {
  return roleHas(role, 'team.manage') && (!team.require2fa || !!viewer.totpEnabledAt);
}

/** The company as a member sees it: billing address and VAT ID only when `billing` is granted. */
export function toTeam(team: TeamRow, role: Role, billing: boolean): Team {
  const full = toTeamWithBilling(team, role);
  if (billing) return full;
  const shown: Team = { ...full };
  for (const key of TEAM_BILLING_FIELDS) delete shown[key];
  return shown;
}

/** The full company record, for the settings screens behind `team.manage`. */
export function toTeamWithBilling(team: TeamRow, role: Role): TeamWithBilling {
  return {
    id: team.id,
    name: team.name,
    phone_prefix: team.phonePrefix,
    phone_number: team.phoneNumber,
    currency: team.currency,
    languages: team.languages,
    time_zone: team.timeZone,
    billing_address: team.billingAddress,
    billing_address_line_2: team.billingAddressLine2,
    billing_city: team.billingCity,
    billing_state: team.billingState,
    billing_postal_code: team.billingPostalCode,
    billing_country: team.billingCountry,
    vat_id: team.vatId,
    checklist_completed: team.checklistCompleted,
    logo_url: logoUrl(team),
    has_logo: !!team.logoPath,
    role,
  };
}

export function toTeamSettings(team: TeamRow): TeamSettings {
  return {
    require_2fa: team.require2fa,
    languages: team.languages,
    currency: team.currency,
    time_zone: team.timeZone,
    checklist_completed: team.checklistCompleted,
    features: { ...DEFAULT_FEATURES, ...team.features },
  };
}

export const DEFAULT_FEATURES: TeamFeatures = { subscriptions: false, waiting_list: true, resources: true, embeds: true };

export async function teamsOfUser(db: DbOrTx, user: Viewer & { id: number }): Promise<Team[]> {
  const rows = await repo.listTeamsOfUser(db, user.id);
  return rows.map((r) => toTeam(r.team, r.role, seesBilling(r.team, r.role, user)));
}

type TeamFields = Partial<TeamCreateInput>;

/**
 * The server-side checks of the company step (spec §5): name unique (case-insensitive),
 * country known, currency and time zone known, VAT ID valid for the billing country.
 * Returns field errors (`prefix` + field, e.g. `team.vat_id` for the registration) and the
 * normalized VAT ID. Exported for the registration's team step.
 */
export async function teamInputProblems(
  db: DbOrTx,
  input: TeamFields,
  opts: { exceptTeamId?: number; prefix?: string; country?: string } = {},
): Promise<{ fields: Record<string, string[]>; vatId: string | null | undefined }> {
  const p = opts.prefix ?? '';
  const fields: Record<string, string[]> = {};
  const add = (field: string, key: string) => (fields[p + field] ??= []).push(key);
  if (input.name !== undefined && (await repo.teamNameTaken(db, input.name, opts.exceptTeamId))) add('name', 'teams:validation.name_taken');
  if (input.currency !== undefined && !(await repo.currencyExists(db, input.currency)))
    add('currency', 'teams:validation.currency_invalid');
  if (input.time_zone !== undefined && !(await repo.timeZoneExists(db, input.time_zone)))
    add('time_zone', 'teams:validation.time_zone_invalid');
  const country = input.billing_country ?? opts.country;
  let countryOk = true;
  if (input.billing_country !== undefined && !(await isCountry(db as Db, input.billing_country))) {
    countryOk = false;
    add('billing_country', 'teams:validation.country_invalid');
  }
  let vatId = input.vat_id;
  if (input.vat_id) {
    const result = validateVatId(input.vat_id, countryOk ? country : undefined);
    if (result.valid) vatId = result.normalized ?? input.vat_id;
    else add('vat_id', `teams:validation.vat_${result.reason ?? 'format'}`);
  }
  return { fields, vatId };
}

/**
 * The 422 of a company body that failed its shape check (`attachValidation` routes): the shape
 * errors and `teamInputProblems` on the fields that parsed, in one reply (issue 9).
 */
export function invalidTeamInput(db: DbOrTx, schema: z.ZodType, body: unknown, opts: { exceptTeamId?: number } = {}): Promise<AppError> {
  return mergedValidationError(schema, body, async (partial) => (await teamInputProblems(db, partial as TeamFields, opts)).fields);
}

/** Creates a company owned by the user, who becomes its owner and switches to it. */
export async function createTeam(
  deps: Pick<FastifyInstance['deps'], 'db' | 'limiter'>,
  userId: number,
  input: TeamCreateInput,
): Promise<TeamRow> {
  const { db } = deps;
  const { fields, vatId } = await teamInputProblems(db, input);
  if (Object.keys(fields).length) throw validationError(fields);
  // Counted before the company exists (a failed form does not count; a 6th company does not happen).
  await consumeLimit(deps.limiter, 'teamCreationsPerUser', String(userId));
  try {
    return await db.transaction(async (tx) => {
      const team = await repo.insertTeam(tx, {
        name: input.name,
        ownerId: userId,
        phonePrefix: input.phone_prefix,
        phoneNumber: input.phone_number,
        currency: input.currency,
        languages: input.languages,
        timeZone: input.time_zone,
        billingAddress: input.billing_address,
        billingAddressLine2: input.billing_address_line_2,
        billingCity: input.billing_city,
        billingState: input.billing_state,
        billingPostalCode: input.billing_postal_code,
        billingCountry: input.billing_country,
        vatId: vatId ?? null,
      });
      await repo.insertMember(tx, team.id, userId, 'owner');
      await createDefaultTypeSets(tx, team.id);
      // A company made here starts on Pay-As-You-Go; its plan tab changes it (CONTRACT §6).
      await startTeamPlan(tx, team.id, 'payg', userId);
      // Registered for VAT (its choice, else a VAT ID given): VAT is charged with that number (issue 22 item 1).
      if (vatId && isVatRegistered({ vat_registered: input.vat_registered, vat_id: vatId })) await startVatRegistration(tx, team.id, vatId);
      await repo.setCurrentTeam(tx, userId, team.id);
      return team;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw validationError({ name: ['teams:validation.name_taken'] });
    throw err;
  }
}

/** Makes a team the user's current one; only teams the user belongs to (404 otherwise). */
export async function switchTeam(db: Db, user: Viewer & { id: number }, teamId: number): Promise<Team> {
  const role = await repo.findRole(db, teamId, user.id);
  const team = role ? await repo.findTeam(db, teamId) : undefined;
  if (!role || !team) throw notFound();
  await repo.setCurrentTeam(db, user.id, teamId);
  return toTeam(team, role, seesBilling(team, role, user));
}

async function saveTeam(db: Db, teamId: number, values: Parameters<typeof repo.updateTeam>[2]): Promise<TeamRow> {
  try {
    const team = await repo.updateTeam(db, teamId, values);
    if (!team) throw notFound();
    return team;
  } catch (err) {
    if (isUniqueViolation(err)) throw validationError({ name: ['teams:validation.name_taken'] });
    throw err;
  }
}

export async function updateGeneral(db: Db, teamId: number, input: TeamGeneralInput): Promise<TeamRow> {
  const { fields } = await teamInputProblems(db, input, { exceptTeamId: teamId });
  if (Object.keys(fields).length) throw validationError(fields);
  const before = await repo.findTeam(db, teamId);
  if (before && input.currency !== undefined && input.currency !== before.currency) {
    // Prices are stored in minor units of the currency they were set in: a switch would sell CHF
    // prices as EUR. Refused while anything is priced or owed; otherwise free items follow.
    if (await repo.currencyInUse(db, teamId)) throw validationError({ currency: ['teams:validation.currency_in_use'] });
    await repo.moveFreeItemsToCurrency(db, teamId, input.currency);
  }
  return saveTeam(db, teamId, {
    name: input.name,
    phonePrefix: input.phone_prefix,
    phoneNumber: input.phone_number,
    currency: input.currency,
    languages: input.languages,
    timeZone: input.time_zone,
  });
}

export async function updateBilling(db: Db, teamId: number, input: TeamBillingInput): Promise<TeamRow> {
  const { fields, vatId } = await teamInputProblems(db, input, { exceptTeamId: teamId });
  if (Object.keys(fields).length) throw validationError(fields);
  return saveTeam(db, teamId, {
    billingAddress: input.billing_address,
    billingAddressLine2: input.billing_address_line_2,
    billingCity: input.billing_city,
    billingState: input.billing_state,
    billingPostalCode: input.billing_postal_code,
    billingCountry: input.billing_country,
    vatId: vatId ?? null,
  });
}

export async function updateFeatures(db: Db, teamId: number, changes: Partial<TeamFeatures>): Promise<TeamFeatures> {
  // Own keys only: `'constructor' in DEFAULT_FEATURES` is true, `Object.hasOwn` is not.
  const known = Object.fromEntries(
    Object.entries(changes).filter(([key, value]) => Object.hasOwn(DEFAULT_FEATURES, key) && typeof value === 'boolean'),
  );
  const team = await repo.mergeFeatures(db, teamId, known);
  if (!team) throw notFound();
  return { ...DEFAULT_FEATURES, ...team.features };
}

/**
 * Turns the two-factor requirement on or off. Turning it on needs the acting user's own
 * two-factor authentication first, so nobody locks themselves out.
 */
export async function updateSecurity(db: Db, teamId: number, requireTwoFactor: boolean, actorHasTwoFactor: boolean): Promise<TeamRow> {
  if (requireTwoFactor && !actorHasTwoFactor) throw validationError({ require_2fa: ['teams:validation.own_two_factor_first'] });
  return saveTeam(db, teamId, { require2fa: requireTwoFactor });
}
