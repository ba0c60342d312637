import { DEFAULT_LANGUAGE, type Language, type Translated } from '@bookla/shared/i18n';
import { Group, SegmentedControl, Text, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import {
  get,
  useController,
  useFormState,
  useWatch,
  type Control,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../lib/app-state';
import { translateValidation } from '../../lib/forms';

/**
 * Translatable texts (`{de?, en?, fr?}`) in forms: one input per team language behind a language
 * switcher that marks each language as filled, missing or in error.
 *
 * Usage: default values from `emptyTranslated(languages)` (new records) or
 * `toTranslatedForm(record.name, languages)` (edits); send the object as it is. Names are required
 * in every team language; an optional text left empty in a language is filled on save with the
 * first team language's text that has one (spec §5, docs/decisions/010-translations.md), so forms need not;
 * where a screen must show the filled result before saving, use `fillMissingTranslations` from
 * `@bookla/shared/i18n`.
 */

/** `{de: '', en: ''}` for a team with de and en. */
export function emptyTranslated(languages: readonly Language[]): Record<string, string> {
  return Object.fromEntries(languages.map((l) => [l, '']));
}

/** A stored translatable value as form values: every team language present, never null. */
export function toTranslatedForm(value: Translated | null | undefined, languages: readonly Language[]): Record<string, string> {
  return Object.fromEntries(languages.map((l) => [l, value?.[l] ?? '']));
}

/** The current team's languages (the first is its main language). */
export function useTeamLanguages(): Language[] {
  const languages = useAppState().team?.languages;
  // The same array while the team's languages stay, so it can be a dependency of effects.
  return useMemo(() => (languages && languages.length > 0 ? [...languages] : [DEFAULT_LANGUAGE]), [languages]);
}

/** The first of `languages` whose `${name}.${lang}` has an error, if any. */
export function firstLanguageWithError(errors: FieldErrors, name: string, languages: readonly Language[]): Language | undefined {
  return languages.find((l) => get(errors, `${name}.${l}`));
}

/**
 * Keeps a language switcher on a language with an error: after a failed submit or a server 422
 * (`name.fr`), when the shown language is fine but another has an error, it switches there.
 * Returns the state the switcher uses.
 */
export function useLanguageErrorJump<T extends FieldValues>(control: Control<T>, name: FieldPath<T>, languages: readonly Language[]) {
  const [active, setActive] = useState<Language>(languages[0] ?? DEFAULT_LANGUAGE);
  const { errors, submitCount } = useFormState({ control, name });
  /** Set on a jump; the input of the language jumped to takes the focus when it mounts. */
  const focusPendingRef = useRef(false);
  const target = firstLanguageWithError(errors, name, languages);
  const activeHasError = Boolean(get(errors, `${name}.${active}`));
  const inError = languages.filter((l) => get(errors, `${name}.${l}`)).join();
  const seen = useRef({ inError: '', submitCount: 0 });

  // Only a submit or a newly reported error moves the switcher: while the user types, the
  // re-validation merely clears errors, and the field must not jump away under their fingers.
  useEffect(() => {
    const before = seen.current;
    seen.current = { inError, submitCount };
    const gained = inError.split(',').some((l) => l && !before.inError.split(',').includes(l));
    if ((gained || submitCount !== before.submitCount) && target && !activeHasError) {
      focusPendingRef.current = true;
      setActive(target);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [inError, submitCount]);

  // A team language removed meanwhile: fall back to the first one.
  const shown = languages.includes(active) ? active : (languages[0] ?? DEFAULT_LANGUAGE);
  return { active: shown, setActive, focusPendingRef };
}

export interface TranslatedTextFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** Path of a `{de, en, fr}` object in the form values. */
  name: FieldPath<T>;
  languages: readonly Language[];
  label: string;
  required?: boolean;
  /**
   * What a language left empty means, as the hint says (docs/decisions/010-translations.md):
   * `all` required in every team language (the default when `required`), `any` required in one
   * and filled into the others on save, `optional` filled on save when one has text (the default otherwise).
   */
  rule?: 'all' | 'any' | 'optional';
  multiline?: boolean;
  description?: string;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  maxLength?: number;
}

export function TranslatedTextField<T extends FieldValues>(props: TranslatedTextFieldProps<T>) {
  const { control, name, languages, label, required, description } = props;
  const rule = props.rule ?? (required ? 'all' : 'optional');
  const { t } = useTranslation();
  const inputId = useId();
  const { active, setActive, focusPendingRef } = useLanguageErrorJump(control, name, languages);
  const values = (useWatch({ control, name }) ?? {}) as Record<string, string | null | undefined>;
  const { errors } = useFormState({ control, name });
  const wholeError = get(errors, name) as { message?: string } | undefined;

  const status = (l: Language) =>
    get(errors, `${name}.${l}`) ? 'error' : values[l] && String(values[l]).trim() !== '' ? 'filled' : 'missing';
  const mark = { filled: '✓', missing: '○', error: '!' } as const;
  const color = { filled: 'var(--mantine-color-green-8)', missing: 'var(--mantine-color-dimmed)', error: 'var(--mantine-color-error)' };

  return (
    <div {...(languages.length > 1 ? { role: 'group', 'aria-label': label } : {})}>
      <Group justify="space-between" gap="xs" mb={4} wrap="wrap">
        <Text size="sm" fw={500}>
          <label htmlFor={inputId} id={`${inputId}-label`}>
            {label}
            {languages.length > 1 && <VisuallyHidden>{` (${t(`language.${active}`)})`}</VisuallyHidden>}
          </label>
          {required && (
            <Text span c="error" aria-hidden="true">
              {' *'}
            </Text>
          )}
        </Text>
        {languages.length > 1 && (
          <SegmentedControl
            size="xs"
            value={active}
            onChange={(v) => setActive(v as Language)}
            aria-label={t('translated.switcher', { label })}
            data={languages.map((l) => ({
              value: l,
              label: (
                <span>
                  {l.toUpperCase()}{' '}
                  <span aria-hidden="true" style={{ color: color[status(l)] }}>
                    {mark[status(l)]}
                  </span>
                  <VisuallyHidden>{`${t(`language.${l}`)}, ${t(`translated.${status(l)}`)}`}</VisuallyHidden>
                </span>
              ),
            }))}
          />
        )}
      </Group>
      <LanguageInput key={active} {...props} lang={active} inputId={inputId} focusPendingRef={focusPendingRef} />
      {wholeError?.message && !languages.some((l) => get(errors, `${name}.${l}`)) && (
        <Text size="xs" c="error" mt={4} role="alert">
          {translateValidation(wholeError.message)}
        </Text>
      )}
      {description && (
        <Text size="xs" c="dimmed" mt={4}>
          {description}
        </Text>
      )}
      {languages.length > 1 && (
        // What happens to a language left empty (docs/decisions/010-translations.md).
        <Text size="xs" c="dimmed" mt={description ? 0 : 4}>
          {t(`translated.rule.${rule}`)}
        </Text>
      )}
    </div>
  );
}

function LanguageInput<T extends FieldValues>(
  props: TranslatedTextFieldProps<T> & { lang: Language; inputId: string; focusPendingRef: RefObject<boolean> },
) {
  const { control, name, lang, inputId, focusPendingRef, required, multiline, disabled, readOnly, placeholder, maxLength } = props;
  useTranslation(); // follow a UI language switch for the message
  const { field, fieldState } = useController({ control, name: `${name}.${lang}` as FieldPath<T> });
  const ref = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);

  // Mounted because the switcher jumped to this language's error: take the focus as RHF would.
  useEffect(() => {
    if (!focusPendingRef.current) return;
    focusPendingRef.current = false;
    ref.current?.focus();
  }, [focusPendingRef]);

  const common = {
    id: inputId,
    name: field.name,
    lang,
    value: (field.value as string | null | undefined) ?? '',
    onBlur: field.onBlur,
    error: translateValidation(fieldState.error?.message) || undefined,
    'aria-required': required || undefined,
    disabled,
    readOnly,
    placeholder,
    maxLength,
  };
  const setRefs = (el: HTMLInputElement | HTMLTextAreaElement | null) => {
    ref.current = el;
    field.ref(el);
  };
  return multiline ? (
    <Textarea {...common} ref={setRefs} rows={4} resize="vertical" onChange={(e) => field.onChange(e.currentTarget.value)} />
  ) : (
    <TextInput {...common} ref={setRefs} onChange={(e) => field.onChange(e.currentTarget.value)} />
  );
}
