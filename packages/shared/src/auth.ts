import { z } from 'zod';
import { passwordProblem, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type PasswordProblem } from './password.ts';
import { successSchema } from './replies.ts';
import { SALUTATIONS, teamCreateSchema } from './teams.ts';
import { encodeMessage, singleLine } from './validation.ts';

/**
 * Registration, login and password-reset schemas, shared by the server's routes and the web
 * client's forms (spec §5). No English here: messages are validation keys, or `auth:*` keys
 * for the rules of this area (both sides translate `ns:key` messages). Unknown keys are
 * stripped, so `id`, `role`, `team_id` or `email_verified_at` never reach the database.
 *
 * What only the server can know is checked there as well: unique e-mail and company name,
 * country, currency, time zone, referral source and the VAT ID against the billing country.
 */

/** Message of each password rule (see `passwordProblem`). */
export const PASSWORD_MESSAGES: Record<PasswordProblem, string> = {
  min: encodeMessage('min_string', { min: PASSWORD_MIN_LENGTH }),
  max: encodeMessage('max_string', { max: PASSWORD_MAX_LENGTH }),
  common: 'auth:password_common',
  contains_email: 'auth:password_contains_email',
};
/** The confirmation error names the field Password (spec §5). */
export const PASSWORD_MISMATCH = 'auth:password_mismatch';

const text = (max: number) => singleLine(z.string().trim().min(1).max(max));
/** An empty choice is "required", not "not allowed". */
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? 'required' : 'invalid_value'),
  });
const email = z.string().trim().min(1, { abort: true }).max(254).pipe(z.email());

/** A new password: required, then the rules that need no context (length, common passwords). */
const newPassword = z
  .string()
  .min(1, { abort: true })
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES[problem] });
  });
const confirmation = z.string().min(1);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Object-level password rules, run even when other fields of the form are invalid: the rules
 * that need the e-mail or the name (only on a password that passed its own checks, so no
 * second message), and the confirmation (`confirmField`) equal to the password.
 */
function withPasswordRules<T extends z.ZodObject>(schema: T, confirmField: string) {
  return schema.superRefine(
    (value, ctx) => {
      const v = value as Record<string, unknown>;
      const password = v.password;
      if (typeof password !== 'string') return;
      if (passwordProblem(password) === null) {
        const mail = typeof v.email === 'string' ? v.email : undefined;
        const name = [v.firstname, v.lastname].filter((s): s is string => typeof s === 'string').join('');
        const problem = passwordProblem(password, { email: mail, name });
        if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_MESSAGES[problem] });
      }
      const confirm = v[confirmField];
      if (typeof confirm === 'string' && confirm !== '' && confirm !== password) {
        ctx.addIssue({ code: 'custom', path: [confirmField], message: PASSWORD_MISMATCH });
      }
    },
    { when: (payload) => isObject(payload.value) },
  );
}

// ------------------------------------------------------------------------------ registration

/** Step 1 "User". */
export const registerUserShape = {
  salutation: choice(SALUTATIONS),
  firstname: text(100),
  lastname: text(100),
  email,
  password: newPassword,
  password_confirm: confirmation,
};
export const registerUserSchema = withPasswordRules(z.object(registerUserShape), 'password_confirm');
export type RegisterUserInput = z.infer<typeof registerUserSchema>;

/** Step 2 "Company": the company-creation schema (German postal code exactly 5 characters). */
export const registerTeamSchema = teamCreateSchema;
export type RegisterTeamInput = z.infer<typeof registerTeamSchema>;

/** Step 3 "Preview": terms accepted, where the user heard of us, newsletter optional. */
export const registerPreviewShape = {
  agb: z.literal(true, { message: 'auth:agb_required' }),
  referral_id: text(32),
  newsletter: z.boolean().optional().default(false),
};
export const registerPreviewSchema = z.object(registerPreviewShape);
export type RegisterPreviewInput = z.infer<typeof registerPreviewSchema>;

/** `POST /api/srl/register`: steps 1 and 3 under `user`, step 2 under `team`, the platform plan beside them (CONTRACT §6). */
export const registerSchema = z.object({
  user: withPasswordRules(z.object({ ...registerUserShape, ...registerPreviewShape }), 'password_confirm'),
  team: registerTeamSchema,
  // PLANS of platform.ts, written out: the sign-up forms do not load the platform's (and selling's) schemas.
  plan: z.enum(['payg', 'business']).optional().default('payg'),
});
export type RegisterInput = z.infer<typeof registerSchema>;

// ------------------------------------------------------------------------------ login, resets

export const loginSchema = z.object({
  email,
  password: z.string().min(1).max(1000),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Forgot-password mode of the login screen. */
export const forgotSchema = z.object({ email });
export type ForgotInput = z.infer<typeof forgotSchema>;

/** Staff and customer password reset (`password_confirmation`, as the spec's payload). */
export const resetSchema = withPasswordRules(
  z.object({
    token: z.string().trim().min(1).max(200),
    email,
    password: newPassword,
    password_confirmation: confirmation,
  }),
  'password_confirmation',
);
export type ResetInput = z.infer<typeof resetSchema>;

/** `POST /api/customer/password/reset/mail`: the shop's forgot-password form (`team_id` a JSON number). */
export const customerForgotSchema = z.object({ email, team_id: z.number().int().positive().max(2_147_483_647) });
export type CustomerForgotInput = z.infer<typeof customerForgotSchema>;

/**
 * Invite registration (spec §5): the invitation carries the e-mail address, so the server
 * also checks that the password does not contain it.
 */
export const inviteRegistrationSchema = withPasswordRules(
  z.object({
    salutation: choice(SALUTATIONS),
    firstname: text(100),
    lastname: text(100),
    password: newPassword,
    password_confirm: confirmation,
    agb: registerPreviewShape.agb,
    newsletter: registerPreviewShape.newsletter,
  }),
  'password_confirm',
);
export type InviteRegistrationInput = z.infer<typeof inviteRegistrationSchema>;

// ------------------------------------------------------------------------------ two-factor

/** A 6-digit TOTP code or a recovery code (`xxxxx-xxxxx`). */
export const twoFactorCodeSchema = z.object({ code: z.string().trim().min(1).max(32) });
/** Turning 2FA off needs the password and a current TOTP code or a recovery code. */
export const twoFactorDisableSchema = z.object({ password: z.string().min(1).max(1000), code: twoFactorCodeSchema.shape.code });
export type TwoFactorDisableInput = z.infer<typeof twoFactorDisableSchema>;

// ------------------------------------------------------------------------------ replies

export const authUserSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  salutation: z.string(),
  language: z.string(),
  two_factor_enabled: z.boolean(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** The live checks of the registration (`POST /api/srl/validator/...`): `message` says why not. */
export const validityReplySchema = z.object({ valid: z.boolean(), message: z.string().optional() });
export type ValidityReply = z.infer<typeof validityReplySchema>;
/** The bodies of the live checks (the lengths bound what a caller can make the server read). */
export const vatIdCheckSchema = z.object({ vat_id: z.string().max(100), country: z.string().max(3).optional() });
export const countryCheckSchema = z.object({ country: z.string().max(10) });
export const teamNameCheckSchema = z.object({ name: z.string().max(500) });
export const emailCheckSchema = z.object({ email: z.string().max(500) });

/** Accepting an invitation: `{user: {...}}` registers the invited address; nothing (or `{}`) when it has an account. */
export const acceptInvitationSchema = z.object({ user: inviteRegistrationSchema.optional() }).nullish();
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;

/** `POST /api/srl/register` → the new user's id (for "send the e-mail again"). */
export const registerReplySchema = successSchema.extend({ user_id: z.number().int() });

/** `POST /api/srl/login`: logged in, or `two_factor` (then `success` is false). Refusals are 422. */
export const loginReplySchema = z.object({ success: z.boolean(), message: z.string(), two_factor: z.literal(true).optional() });
export type LoginReply = z.infer<typeof loginReplySchema>;

/** `POST /api/srl/two-factor/setup`: the secret to scan, not active until confirmed. */
export const twoFactorSetupReplySchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupReplySchema>;

/** `POST /api/srl/two-factor/confirm`: 2FA is on; the recovery codes are shown once. */
export const twoFactorConfirmReplySchema = successSchema.extend({ recovery_codes: z.array(z.string()) });
export type RegisterReply = z.infer<typeof registerReplySchema>;
export type TwoFactorConfirmReply = z.infer<typeof twoFactorConfirmReplySchema>;

/** `GET /api/srl/user`: the logged-in user. */
export const userReplySchema = z.object({ user: authUserSchema });
export type UserReply = z.infer<typeof userReplySchema>;
