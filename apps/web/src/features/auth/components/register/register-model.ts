import { registerSchema, type RegisterInput } from '@bookla/shared/auth';
import type { Language } from '@bookla/shared/i18n';
import type { Plan } from '@bookla/shared/platform';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldPath, Resolver } from 'react-hook-form';

/**
 * The registration form: one react-hook-form over the payload's own shape (`user.*`, `team.*`),
 * so the server's 422 paths land on the right fields without translation tables. Step 3's
 * fields (terms, newsletter, referral) belong to `user`, as in the spec's payload.
 */
export interface RegisterFormValues {
  user: {
    salutation: string;
    firstname: string;
    lastname: string;
    email: string;
    password: string;
    password_confirm: string;
    agb: boolean;
    newsletter: boolean;
    referral_id: string;
  };
  team: {
    name: string;
    phone_prefix: string;
    phone_number: string;
    currency: string;
    languages: string[];
    time_zone: string;
    billing_address: string;
    billing_address_line_2: string;
    billing_city: string;
    billing_state: string;
    billing_postal_code: string;
    billing_country: string;
    vat_id: string;
    /** Registered for VAT (issue 22 item 1): unchecked until the company says so. */
    vat_registered: boolean;
  };
  /** The platform plan (CONTRACT §6), beside `user` and `team` in the payload. */
  plan: Plan;
}

export type RegisterField = FieldPath<RegisterFormValues>;

/** Spec §3: a stepper step is a name and a numeric value. */
export const STEPS = [
  { name: 'user', value: 0 },
  { name: 'company', value: 1 },
  { name: 'preview', value: 2 },
] as const;
export type StepName = (typeof STEPS)[number]['name'];
const LAST_STEP = STEPS.length - 1;

/** Each step's fields in the order they are shown: the first invalid one gets the focus. */
export const STEP_FIELDS: Record<StepName, readonly RegisterField[]> = {
  user: ['user.salutation', 'user.firstname', 'user.lastname', 'user.email', 'user.password', 'user.password_confirm'],
  company: [
    'team.name',
    'team.phone_prefix',
    'team.phone_number',
    'team.billing_address',
    'team.billing_address_line_2',
    'team.billing_postal_code',
    'team.billing_city',
    'team.billing_state',
    'team.billing_country',
    'team.currency',
    'team.languages',
    'team.time_zone',
    'team.vat_id',
    'team.vat_registered',
    'plan',
  ],
  preview: ['user.agb', 'user.newsletter', 'user.referral_id'],
};

/** The step a (server) error path belongs to; unknown `team.*` paths go to the company step. */
export function stepOfPath(path: string): number {
  const step = STEPS.find((s) => (STEP_FIELDS[s.name] as readonly string[]).includes(path));
  if (step) return step.value;
  return path.startsWith('team') ? 1 : 0;
}

/** `?plan=business` (the landing page's Business button) preselects Business; anything else is Pay-As-You-Go. */
export function planOfQuery(search: string): Plan {
  return new URLSearchParams(search).get('plan') === 'business' ? 'business' : 'payg';
}

export function defaultRegisterValues(lang: Language, plan: Plan = 'payg'): RegisterFormValues {
  return {
    plan,
    user: {
      salutation: '',
      firstname: '',
      lastname: '',
      email: '',
      password: '',
      password_confirm: '',
      agb: false,
      newsletter: false,
      referral_id: '',
    },
    team: {
      name: '',
      phone_prefix: '+41',
      phone_number: '',
      currency: 'CHF',
      languages: [lang],
      time_zone: 'Europe/Zurich',
      billing_address: '',
      billing_address_line_2: '',
      billing_city: '',
      billing_state: '',
      billing_postal_code: '',
      billing_country: 'CH',
      vat_id: '',
      vat_registered: false,
    },
  };
}

export const POSTAL_CODE_DE = 'auth:postal_code_de';

/** Spec §5: a German postal code is exactly 5 characters. */
export function germanPostalCodeProblem(team: Pick<RegisterFormValues['team'], 'billing_country' | 'billing_postal_code'>): boolean {
  return (
    team.billing_country.toUpperCase() === 'DE' && team.billing_postal_code.trim() !== '' && team.billing_postal_code.trim().length !== 5
  );
}

const baseResolver = zodResolver(registerSchema) as unknown as Resolver<RegisterFormValues, unknown, RegisterInput>;
type ResolverResult = Awaited<ReturnType<typeof baseResolver>>;

/** What the resolver needs to know of the screen: the step shown (react-hook-form's `context`). */
export interface RegisterContext {
  step: number;
}

/**
 * The form's resolver: the shared schema, with
 * - only the errors of the steps up to the one shown (later steps are not filled in yet), so
 *   "Next" can be a real submit, and fields re-validate as the user corrects them afterwards;
 * - the German postal-code rule at once and with its own message: the shared schema checks it
 *   only once the rest of the company is valid (zod refines objects that are otherwise valid).
 */
export const registerResolver: Resolver<RegisterFormValues, RegisterContext, RegisterInput> = async (values, context, options) => {
  const result = await baseResolver(values, undefined, options as never);
  const step = context?.step ?? LAST_STEP;
  const errors: Record<string, Record<string, unknown>> = {};
  for (const s of STEPS.slice(0, step + 1)) {
    for (const path of STEP_FIELDS[s.name]) {
      const [group, field] = path.split('.') as [string, string | undefined];
      const all = result.errors as Record<string, Record<string, unknown> | undefined>;
      if (field === undefined) {
        // A top-level field (`plan`).
        if (all[group]) errors[group] = all[group];
        continue;
      }
      const error = all[group]?.[field];
      if (error) (errors[group] ??= {})[field] = error;
    }
  }
  if (step >= 1 && germanPostalCodeProblem(values.team)) {
    (errors.team ??= {}).billing_postal_code = { type: 'custom', message: POSTAL_CODE_DE };
  }
  if (Object.keys(errors).length) return { values: {}, errors } as ResolverResult;
  // Valid so far. Only on the last step, where nothing is left out, are these the parsed values.
  return { values: Object.keys(result.errors).length ? values : result.values, errors: {} } as ResolverResult;
};
