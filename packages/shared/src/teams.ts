import { z } from 'zod';
import { encodeMessage, singleLine } from './validation.ts';
import { DATE_FORMAT_PREFERENCES, LANGUAGES } from './i18n.ts';
import { passwordProblem, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type PasswordProblem } from './password.ts';
import { ROLES } from './permissions.ts';
import { okReplySchema, successSchema } from './replies.ts';

/**
 * Company (team), staff, invitation and profile schemas, shared by the server's routes and the
 * web client's forms. No English here: messages are validation keys (see validation.ts).
 * Unknown keys are stripped, so `id`, `team_id`, `owner_id` or `role` in a body never reach
 * the database (mass assignment).
 */

/** Every text of these forms is a single line (names reach sender names and mail headers). */
const text = (max: number) => singleLine(z.string().trim().min(1).max(max));
const optionalText = (max: number) =>
  singleLine(z.string().trim().max(max))
    .nullish()
    .transform((v) => (v ? v : null));

/** An empty choice is "required", not "not allowed". */
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? 'required' : 'invalid_value'),
  });

export const SALUTATIONS = ['mrs', 'mr', 'mx'] as const;
export type Salutation = (typeof SALUTATIONS)[number];

/** Roles an owner or admin may hand out; `owner` is only ever the company's creator. */
export const ASSIGNABLE_ROLES = ['admin', 'editor', 'instructor'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const TEAM_FEATURES = ['subscriptions', 'waiting_list', 'resources', 'embeds'] as const;
export type TeamFeature = (typeof TEAM_FEATURES)[number];

/** A language list: at least one of de/en/fr, each at most once. */
export const teamLanguagesSchema = z
  .array(z.enum(LANGUAGES))
  .min(1)
  .max(LANGUAGES.length)
  .refine((list) => new Set(list).size === list.length, { message: 'invalid_value' });

/** Company settings, "general" tab (spec §5 step 2 limits). */
export const teamGeneralShape = {
  name: text(120),
  phone_prefix: text(5),
  phone_number: text(50),
  currency: z.string().trim().length(3).toUpperCase(),
  languages: teamLanguagesSchema,
  time_zone: text(64),
};

/** Company settings, "billing" tab. */
export const teamBillingShape = {
  billing_address: text(200),
  billing_address_line_2: optionalText(200),
  billing_city: text(100),
  billing_state: optionalText(100),
  billing_postal_code: text(20),
  billing_country: z.string().trim().length(2).toUpperCase(),
  vat_id: optionalText(40),
};

/** A German postal code has exactly 5 characters (spec §5). */
function germanPostalCode(v: { billing_country: string; billing_postal_code: string }, ctx: z.RefinementCtx) {
  if (v.billing_country !== 'DE') return;
  const len = v.billing_postal_code.length;
  if (len === 5) return;
  ctx.addIssue({
    code: 'custom',
    path: ['billing_postal_code'],
    message: len < 5 ? encodeMessage('min_string', { min: 5 }) : encodeMessage('max_string', { max: 5 }),
  });
}

export const teamGeneralSchema = z.object(teamGeneralShape);
export type TeamGeneralInput = z.infer<typeof teamGeneralSchema>;

export const teamBillingSchema = z.object(teamBillingShape).superRefine(germanPostalCode);
export type TeamBillingInput = z.infer<typeof teamBillingSchema>;

/**
 * Whether a new company is registered for VAT (issue 22 item 1): its explicit choice, else whether
 * it gave a VAT ID. A registered company charges VAT (tax settings `charges_vat`) and its documents
 * carry the VAT ID; an unregistered one shows no VAT anywhere.
 */
export const isVatRegistered = (team: { vat_registered?: boolean | undefined; vat_id?: string | null | undefined }): boolean =>
  team.vat_registered ?? !!team.vat_id;

/** A company registered for VAT names its VAT ID: its documents carry it. */
function vatIdWhenRegistered(v: { vat_registered?: boolean | undefined; vat_id: string | null }, ctx: z.RefinementCtx) {
  if (v.vat_registered && !v.vat_id) ctx.addIssue({ code: 'custom', path: ['vat_id'], message: 'required' });
}

/**
 * The registration's company step and "create company" (`POST /api/team`). Country, currency,
 * time zone, VAT ID and the name's uniqueness are checked on the server as well. `vat_registered`
 * (optional; default: registered when a VAT ID is given) needs the VAT ID.
 */
export const teamCreateSchema = z
  .object({ ...teamGeneralShape, ...teamBillingShape, vat_registered: z.boolean().optional() })
  .superRefine(germanPostalCode)
  .superRefine(vatIdWhenRegistered);
export type TeamCreateInput = z.infer<typeof teamCreateSchema>;

export const teamFeaturesSchema = z.object({
  subscriptions: z.boolean(),
  waiting_list: z.boolean(),
  resources: z.boolean(),
  embeds: z.boolean(),
});
export type TeamFeatures = z.infer<typeof teamFeaturesSchema>;
/** `PUT /api/config/features`: any subset of the switches. */
export const teamFeaturesUpdateSchema = teamFeaturesSchema.partial();

export const teamSecuritySchema = z.object({ require_2fa: z.boolean() });

/** Logo upload: a data URL of a PNG, JPEG or WebP image of at most 2 MB. */
export const LOGO_MAX_BYTES = 2_000_000;
export const teamLogoSchema = z.object({ data_url: z.string().min(1).max(3_000_000) });

export const inviteSchema = z.object({
  email: z.string().trim().min(1, { abort: true }).max(254).pipe(z.email()),
  role: choice(ASSIGNABLE_ROLES),
});
export type InviteInput = z.infer<typeof inviteSchema>;

export const roleChangeSchema = z.object({ role: choice(ASSIGNABLE_ROLES) });
export type RoleChangeInput = z.infer<typeof roleChangeSchema>;

export const profileSchema = z.object({
  salutation: choice(SALUTATIONS),
  firstname: text(100),
  lastname: text(100),
  language: choice(LANGUAGES),
  /** English dates (`auto`: the team's country decides). Absent: unchanged (older clients). */
  date_format: choice(DATE_FORMAT_PREFERENCES).optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** The rules of a new password (see `passwordProblem`); the same messages as the auth schemas. */
const PASSWORD_RULE_MESSAGES: Record<PasswordProblem, string> = {
  min: encodeMessage('min_string', { min: PASSWORD_MIN_LENGTH }),
  max: encodeMessage('max_string', { max: PASSWORD_MAX_LENGTH }),
  common: 'auth:password_common',
  contains_email: 'auth:password_contains_email',
};

/**
 * Profile → change password. The server also checks the rules that need the user's e-mail
 * and name, and the current password.
 */
export const passwordChangeSchema = z
  .object({
    current_password: z.string().min(1).max(1000),
    password: z
      .string()
      .min(1, { abort: true })
      .superRefine((value, ctx) => {
        const problem = passwordProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: PASSWORD_RULE_MESSAGES[problem] });
      }),
    password_confirm: z.string().min(1),
  })
  .refine((v) => v.password === v.password_confirm, { path: ['password_confirm'], message: 'auth:password_mismatch' });
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

export function passwordRuleMessage(problem: PasswordProblem): string {
  return PASSWORD_RULE_MESSAGES[problem];
}

// ------------------------------------------------------------------------------ replies

/** Team as the API shows it (spec §3), with the caller's role and the logo (or avatar) URL. */
/** A company with its billing address and VAT ID: what owners and admins (`team.manage`) see. */
export const teamWithBillingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone_prefix: z.string(),
  phone_number: z.string(),
  currency: z.string(),
  languages: z.array(z.enum(LANGUAGES)),
  time_zone: z.string(),
  billing_address: z.string(),
  billing_address_line_2: z.string().nullable(),
  billing_city: z.string(),
  billing_state: z.string().nullable(),
  billing_postal_code: z.string(),
  billing_country: z.string(),
  vat_id: z.string().nullable(),
  checklist_completed: z.boolean(),
  logo_url: z.string(),
  has_logo: z.boolean(),
  role: z.enum(ROLES),
});
export type TeamWithBilling = z.infer<typeof teamWithBillingSchema>;

/** The fields only `team.manage` sees (the country stays: it is the default of new locations). */
export const TEAM_BILLING_FIELDS = [
  'billing_address',
  'billing_address_line_2',
  'billing_city',
  'billing_state',
  'billing_postal_code',
  'vat_id',
] as const;

/**
 * A company as its members see it (`/api/srl/team`, `/api/srl/teams`, the app state): the billing
 * address and VAT ID are only there for users with `team.manage`.
 */
export const teamSchema = teamWithBillingSchema.partial({
  billing_address: true,
  billing_address_line_2: true,
  billing_city: true,
  billing_state: true,
  billing_postal_code: true,
  vat_id: true,
});
export type Team = z.infer<typeof teamSchema>;

/** `GET /api/team/general` → data: the "general" tab's fields. */
export const teamGeneralReplySchema = teamWithBillingSchema.pick({
  name: true,
  phone_prefix: true,
  phone_number: true,
  currency: true,
  languages: true,
  time_zone: true,
});
export type TeamGeneral = z.infer<typeof teamGeneralReplySchema>;

/** `GET /api/team/billing` → data: the "billing" tab's fields. */
export const teamBillingReplySchema = teamWithBillingSchema.pick({
  billing_address: true,
  billing_address_line_2: true,
  billing_city: true,
  billing_state: true,
  billing_postal_code: true,
  billing_country: true,
  vat_id: true,
});
export type TeamBilling = z.infer<typeof teamBillingReplySchema>;

/** `POST /api/team` → the new company's id. */
export const teamCreateReplySchema = successSchema.extend({ team_id: z.number().int() });

/** `POST/DELETE /api/team/logo` → the logo (or the avatar) URL now. */
export const teamLogoReplySchema = successSchema.extend({ logo_url: z.string() });

/** `GET /api/team/{id}/additional/settings` → data. */
export const teamSettingsSchema = z.object({
  require_2fa: z.boolean(),
  languages: z.array(z.enum(LANGUAGES)),
  currency: z.string(),
  time_zone: z.string(),
  checklist_completed: z.boolean(),
  features: teamFeaturesSchema,
});
export type TeamSettings = z.infer<typeof teamSettingsSchema>;

export const memberSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  two_factor_enabled: z.boolean(),
  joined_at: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(ROLES),
  language: z.enum(LANGUAGES),
  status: z.enum(['pending', 'expired']),
  expires_at: z.string(),
  created_at: z.string(),
  invited_by: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const profileReplySchema = z.object({
  id: z.number().int(),
  email: z.string(),
  salutation: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  language: z.enum(LANGUAGES),
  two_factor_enabled: z.boolean(),
  date_format: z.enum(DATE_FORMAT_PREFERENCES),
});
export type Profile = z.infer<typeof profileReplySchema>;

export const sessionInfoSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** `GET /api/srl/team/{teamid}/invite/{invitationid}/validate/{hash}`. */
export const invitationCheckReplySchema = z.object({ valid: z.boolean(), user_found: z.boolean(), team_name: z.string().nullable() });
export type InvitationCheck = z.infer<typeof invitationCheckReplySchema>;

/** `POST /api/srl/team/switch/{teamId}` → the company now current. */
export const teamSwitchReplySchema = z.object({ success: z.literal(true), team: teamSchema });

export type TeamSwitchReply = z.infer<typeof teamSwitchReplySchema>;
export type TeamCreateReply = z.infer<typeof teamCreateReplySchema>;
export type TeamLogoReply = z.infer<typeof teamLogoReplySchema>;

/** `GET /api/srl/team`: the current company of the session, or null. */
export const currentTeamReplySchema = z.object({ team: teamSchema.nullable() });
export type CurrentTeamReply = z.infer<typeof currentTeamReplySchema>;

/** `GET /api/srl/teams`: the companies of the user. */
export const teamsReplySchema = z.object({ teams: z.array(teamSchema) });
export type TeamsReply = z.infer<typeof teamsReplySchema>;

/** `GET /api/srl/permission/{name}`: 200 `{success: true}` when granted … */
export const permissionReplySchema = okReplySchema;
export type PermissionReply = z.infer<typeof permissionReplySchema>;
/** … else 403 `{success: false}` (unknown names too). */
export const permissionDeniedReplySchema = z.object({ success: z.literal(false) });
export type PermissionDeniedReply = z.infer<typeof permissionDeniedReplySchema>;
