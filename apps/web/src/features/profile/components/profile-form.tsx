import { DATE_FORMAT_PREFERENCES, dateStyleOf, LANGUAGES, type DateFormatPreference, type Language } from '@bookla/shared/i18n';
import { profileSchema, SALUTATIONS, type Profile } from '@bookla/shared/teams';
import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PanelSection } from '../../../components/panel-section';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { PageLoader } from '../../../components/page-loader';
import { FormSelect } from '../../../components/form/select-fields';
import { FormTextInput } from '../../../components/form/text-fields';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { refreshAppState } from '../../teams';
import { api } from '../../../lib/api-client';
import { setAppState, useAppState } from '../../../lib/app-state';
import { ENGLISH_DATE_FORMATS } from '../../../lib/format';
import { applyApiError } from '../../../lib/forms';
import { applyLanguage, replaceLanguageInPath } from '../../../lib/language';
import { useProfile, useUpdateProfile } from '../api/profile-api';
import { useZodForm } from '../../../lib/use-zod-form';

type Values = z.input<typeof profileSchema>;

const OPTION_KEYS = {
  auto: 'personal.dateFormatAuto',
  day_first: 'personal.dateFormatDayFirst',
  us: 'personal.dateFormatUs',
} as const satisfies Record<DateFormatPreference, string>;
/** 31 December, 18:30: no day ≤ 12, no hour ≤ 12, so every option's example reads unambiguously. */
const SAMPLE = dayjs('2026-12-31T18:30');

/** The English date format choices, each with an example; `auto` shows what the company's country gives. */
function useDateFormatOptions() {
  const { t } = useTranslation('profile');
  const country = useAppState().team?.billing_country;
  return DATE_FORMAT_PREFERENCES.map((value) => {
    const style = dateStyleOf(country, value === 'auto' ? null : value);
    const example = SAMPLE.locale('en').format(ENGLISH_DATE_FORMATS[style].dateTime);
    return { value, label: t(OPTION_KEYS[value], { example }) };
  });
}

/** The UI follows the profile's language: texts, the address's `:lang`, and the server's cookie. */
function useSwitchUiLanguage() {
  const location = useLocation();
  const navigate = useNavigate();
  return async (next: Language) => {
    await api
      .get(`/api/language/change/${next}`, { language: false })
      .catch((e: unknown) => console.error('Could not store the language', e));
    setAppState({ language: next });
    await applyLanguage(next);
    const pathname = replaceLanguageInPath(location.pathname, next);
    if (pathname !== location.pathname) await navigate({ pathname, search: location.search, hash: location.hash }, { replace: true });
  };
}

function Form({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation();
  const update = useUpdateProfile();
  const switchUiLanguage = useSwitchUiLanguage();
  const dateFormats = useDateFormatOptions();
  const { control, handleSubmit, reset, setError, formState } = useZodForm(profileSchema, {
    defaultValues: {
      salutation: (SALUTATIONS as readonly string[]).includes(profile.salutation)
        ? (profile.salutation as Values['salutation'])
        : undefined,
      firstname: profile.firstname,
      lastname: profile.lastname,
      language: profile.language,
      date_format: profile.date_format,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      reset(values);
      await refreshAppState().catch((e: unknown) => console.error('Could not reload the app state', e));
      if (values.language !== profile.language) await switchUiLanguage(values.language);
      // After a language switch the toast is in the new language.
      notifySuccess(t('personal.saved', { lng: values.language }));
    } catch (error) {
      if (!applyApiError(error, setError)) notifyError(error);
    }
  });

  const saving = formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="personal-title">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <FormSelect
            control={control}
            name="salutation"
            label={t('personal.salutation')}
            data={SALUTATIONS.map((value) => ({ value, label: t(`personal.${value}`) }))}
            placeholder={tc('choose')}
            required
          />
          <FormTextInput control={control} name="firstname" label={t('personal.firstname')} autoComplete="given-name" required />
          <FormTextInput control={control} name="lastname" label={t('personal.lastname')} autoComplete="family-name" required />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('personal.email')} value={profile.email} readOnly autoComplete="email" />
          <FormSelect
            control={control}
            name="language"
            label={t('personal.language')}
            description={t('personal.languageHint')}
            data={LANGUAGES.map((value) => ({ value, label: tc(`language.${value}`) }))}
            required
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <FormSelect
            control={control}
            name="date_format"
            label={t('personal.dateFormat')}
            description={t('personal.dateFormatHint')}
            data={dateFormats}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" disabled={saving}>
            {t('personal.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Profile → personal data: salutation, name, language and how English dates are written (the
 * e-mail address is shown, not changed).
 */
export function ProfileForm() {
  const { t } = useTranslation('profile');
  const { t: tb } = useTranslation('backend');
  const profile = useProfile();
  return (
    <PanelSection headingId="personal-title" title={t('personal.title')}>
      {profile.isPending ? (
        <PageLoader />
      ) : profile.isError ? (
        <Alert color="red">{tb('errors.load')}</Alert>
      ) : (
        <Form profile={profile.data} />
      )}
    </PanelSection>
  );
}
