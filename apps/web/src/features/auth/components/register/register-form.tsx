import type { RegisterInput } from '@bookla/shared/auth';
import { Alert, Button, Group, Stack, Stepper, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../../../lib/api-client';
import { applyApiError } from '../../../../lib/forms';
import { useLang } from '../../../../lib/language';
import { registerAccount } from '../../api/auth-api';
import { CompanyStep } from './company-step';
import { PreviewStep } from './preview-step';
import {
  defaultRegisterValues,
  planOfQuery,
  registerResolver,
  STEP_FIELDS,
  stepOfPath,
  STEPS,
  type RegisterContext,
  type RegisterField,
  type RegisterFormValues,
} from './register-model';
import classes from './register.module.css';
import { UserStep } from './user-step';
import { useServerChecks } from './use-step-check';

const LAST = STEPS.length - 1;

/** What to focus once a step is shown: its heading (moved forward) or its first error. */
type FocusTarget = { step: number; on: 'heading' | 'error' } | null;

/** Dotted paths of all errors, e.g. `{team: {name: {...}}}` → `['team.name']`. */
function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && 'message' in value && 'type' in value) return [path];
    return value && typeof value === 'object' ? errorPaths(value as FieldErrors, path) : [];
  });
}

/** `/{lang}/register`: three steps (User, Company, Preview), one request at the end. */
export function RegisterForm() {
  const { t } = useTranslation('auth');
  const lang = useLang();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [active, setActive] = useState(0);
  const [alert, setAlert] = useState<string | null>(null);
  const [focus, setFocus] = useState<FocusTarget>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const form = useForm<RegisterFormValues, RegisterContext, RegisterInput>({
    defaultValues: defaultRegisterValues(lang, planOfQuery(search)),
    resolver: registerResolver,
    context: { step: active },
    mode: 'onTouched',
    shouldFocusError: false, // the effect below knows on which step the field is
  });
  const serverChecks = useServerChecks(form);
  const mutation = useMutation({ mutationFn: registerAccount });
  // Server errors of later steps (from a 422): a submit of an earlier step would clear them,
  // so they are put back when their step is shown.
  const laterErrors = useRef<Record<string, string>>({});

  const goTo = (next: number, on: 'heading' | 'error' = 'heading') => {
    for (const [path, message] of Object.entries(laterErrors.current)) {
      if (stepOfPath(path) !== next) continue;
      form.setError(path as RegisterField, { type: 'server', message });
      delete laterErrors.current[path];
    }
    setActive(next);
    setFocus({ step: next, on });
  };

  useEffect(() => {
    if (!focus || focus.step !== active) return;
    setFocus(null);
    const name = STEPS[active]!.name;
    const first = focus.on === 'error' ? STEP_FIELDS[name].find((f) => form.getFieldState(f).invalid) : undefined;
    if (first) form.setFocus(first);
    else heading.current?.focus();
  }, [focus, active, form]);

  const submit = async (values: RegisterInput) => {
    setAlert(null);
    try {
      await mutation.mutateAsync(values);
      await navigate(`/${lang}/login/registration_success`);
    } catch (error) {
      if (applyApiError(error, form.setError) && isApiError(error)) {
        const paths = Object.keys(error.errors ?? {});
        const first = Math.min(...paths.map(stepOfPath));
        for (const path of paths) if (stepOfPath(path) > first) laterErrors.current[path] = error.errors![path]![0]!;
        goTo(first, 'error');
      }
      setAlert((isApiError(error) && error.status < 500 && error.message) || t('technicalError'));
    }
  };

  /**
   * "Next" and "Register" both submit the form (so fields re-validate while they are corrected
   * afterwards); the resolver checks the steps up to the current one, then the server its part.
   */
  const valid = async (values: RegisterInput) => {
    if (active === LAST) return submit(values);
    const invalidField = await serverChecks(STEPS[active]!.name);
    if (invalidField) form.setFocus(invalidField);
    else goTo(active + 1);
  };

  // Normally the current step; an earlier one only if it changed since (e.g. after a 422).
  const invalid = (errors: FieldErrors<RegisterFormValues>) => {
    const paths = errorPaths(errors);
    if (paths.length) goTo(Math.min(...paths.map(stepOfPath)), 'error');
  };

  const busy = form.formState.isSubmitting;
  const stepLabel = (i: number) => t(`register.steps.${STEPS[i]!.name}.label`);

  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void form.handleSubmit(valid, invalid)(e)} noValidate>
        <Stack gap="lg">
          <Stepper
            active={active}
            onStepClick={(target) => !busy && target < active && goTo(target)}
            allowNextStepsSelect={false}
            className={classes.stepper}
            classNames={{ step: classes.step, stepLabel: classes.stepLabel, stepDescription: classes.stepDescription }}
            role="group"
            aria-label={t('register.stepsLabel')}
          >
            {STEPS.map((s) => (
              <Stepper.Step
                key={s.name}
                // On a phone only the current step is labelled (register.module.css).
                label={stepLabel(s.value)}
                aria-label={stepLabel(s.value)}
                description={t(`register.steps.${s.name}.description`)}
                aria-current={s.value === active ? 'step' : undefined}
                aria-disabled={s.value > active ? true : undefined}
              />
            ))}
          </Stepper>

          {alert && (
            <Alert color="red" title={t('register.failed')}>
              {alert}
            </Alert>
          )}

          <section aria-labelledby="register-step-heading">
            <Title id="register-step-heading" order={2} size="h3" mb="md" ref={heading} tabIndex={-1}>
              {t('register.stepOf', { current: active + 1, total: STEPS.length, name: stepLabel(active) })}
            </Title>
            {active === 0 && <UserStep />}
            {active === 1 && <CompanyStep />}
            {active === 2 && <PreviewStep onEdit={(target) => goTo(target)} />}
          </section>

          <Group justify="space-between">
            {active > 0 ? (
              <Button variant="default" onClick={() => goTo(active - 1)} disabled={busy}>
                {t('register.back')}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" disabled={busy}>
              {active < LAST ? (busy ? t('register.checking') : t('register.next')) : busy ? t('sending') : t('register.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
