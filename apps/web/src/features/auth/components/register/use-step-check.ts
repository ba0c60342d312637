import type { RegisterInput, ValidityReply as Validity } from '@bookla/shared/auth';
import { useCallback } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { validators } from '../../api/auth-api';
import { STEP_FIELDS, type RegisterContext, type RegisterField, type RegisterFormValues, type StepName } from './register-model';

type RegisterForm = UseFormReturn<RegisterFormValues, RegisterContext, RegisterInput>;

/**
 * The second half of "Next" (spec §5), once the step passed the shared schema: what only the
 * server knows (e-mail and company name free, country known, VAT ID valid). A validator that
 * cannot be reached does not block: the registration call checks all of it again. Returns the
 * first field in error, in the order the step shows them.
 */
export function useServerChecks(form: RegisterForm) {
  return useCallback(
    async (step: StepName): Promise<RegisterField | undefined> => {
      const { user, team } = form.getValues();
      const checks: [RegisterField, () => Promise<Validity>][] = [];
      if (step === 'user') checks.push(['user.email', () => validators.email(user.email.trim())]);
      if (step === 'company') {
        checks.push(['team.name', () => validators.teamName(team.name.trim())]);
        checks.push(['team.billing_country', () => validators.country(team.billing_country)]);
        if (team.vat_id.trim()) checks.push(['team.vat_id', () => validators.vatId(team.vat_id.trim(), team.billing_country)]);
      }
      const results = await Promise.all(
        checks.map(async ([field, check]): Promise<[RegisterField, Validity]> => {
          try {
            return [field, await check()];
          } catch (error) {
            console.error(`Could not check ${field}`, error);
            return [field, { valid: true }];
          }
        }),
      );
      for (const [field, result] of results) {
        if (!result.valid) form.setError(field, { type: 'server', message: result.message || 'invalid' });
      }
      return STEP_FIELDS[step].find((field) => form.getFieldState(field).invalid);
    },
    [form],
  );
}
