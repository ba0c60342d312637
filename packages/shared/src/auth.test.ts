import { beforeAll, describe, expect, it } from 'vitest';
import { inviteRegistrationSchema, loginSchema, registerPreviewSchema, registerUserSchema, resetSchema } from './auth.ts';
import { installValidationMessages } from './validation.ts';

beforeAll(() => installValidationMessages());

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const step1 = {
  salutation: 'mx',
  firstname: 'Sam',
  lastname: 'Keller',
  email: 'sam.keller@example.com',
  password: 'Sonnenblume-42',
  password_confirm: 'Sonnenblume-42',
};

describe('registration step 1', () => {
  it('accepts a valid user and strips unknown keys', () => {
    const r = registerUserSchema.safeParse({ ...step1, email: ' sam.keller@example.com ', role: 'owner', id: 7 });
    expect(r.success).toBe(true);
    expect(r.data).toEqual(step1);
  });

  it('reports every field at once, including the confirmation while other fields fail', () => {
    const r = registerUserSchema.safeParse({ salutation: '', firstname: '', email: 'x', password: 'short', password_confirm: 'other' });
    expect(issues(r)).toEqual({
      salutation: 'required',
      firstname: 'required',
      lastname: 'required',
      email: 'email',
      password: 'min_string|{"min":8}',
      password_confirm: 'auth:password_mismatch',
    });
  });

  it('refuses common passwords and passwords containing the e-mail address', () => {
    expect(issues(registerUserSchema.safeParse({ ...step1, password: 'password1', password_confirm: 'password1' }))).toEqual({
      password: 'auth:password_common',
    });
    const mine = { ...step1, password: 'my-sam.keller-pw', password_confirm: 'my-sam.keller-pw' };
    expect(issues(registerUserSchema.safeParse(mine))).toEqual({ password: 'auth:password_contains_email' });
    const long = 'ab1'.repeat(43);
    expect(issues(registerUserSchema.safeParse({ ...step1, password: long, password_confirm: long }))).toEqual({
      password: 'max_string|{"max":128}',
    });
  });
});

describe('other forms', () => {
  it('step 3 needs the terms and a referral source', () => {
    expect(issues(registerPreviewSchema.safeParse({ agb: false }))).toEqual({ agb: 'auth:agb_required', referral_id: 'required' });
    expect(registerPreviewSchema.parse({ agb: true, referral_id: 'search' })).toEqual({
      agb: true,
      referral_id: 'search',
      newsletter: false,
    });
  });

  it('login needs a valid e-mail and a password', () => {
    expect(issues(loginSchema.safeParse({ email: '', password: '' }))).toEqual({ email: 'required', password: 'required' });
  });

  it('reset checks password_confirmation', () => {
    const r = resetSchema.safeParse({ token: 'abc', email: 'a@example.com', password: 'Sonnenblume-42', password_confirmation: 'x' });
    expect(issues(r)).toEqual({ password_confirmation: 'auth:password_mismatch' });
  });

  it('invite registration applies the same rules', () => {
    const r = inviteRegistrationSchema.safeParse({
      salutation: 'mr',
      firstname: 'A',
      lastname: 'B',
      password: '12345678',
      password_confirm: '12345678',
      agb: true,
    });
    expect(issues(r)).toEqual({ password: 'auth:password_common' });
  });
});
