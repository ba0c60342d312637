import { SALUTATIONS } from '@bookla/shared/teams';
import { Anchor, SimpleGrid, VisuallyHidden } from '@mantine/core';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../lib/language';
import { FormCheckbox } from '../../../components/form/checkbox-field';
import { FormSelect } from '../../../components/form/select-fields';
import { FormTextInput } from '../../../components/form/text-fields';

/** Fields the registration and the invite registration have in common. */

/** Salutation, first and last name. */
export function NameFields<T extends FieldValues>({
  control,
  salutation,
  firstname,
  lastname,
}: {
  control: Control<T>;
  salutation: FieldPath<T>;
  firstname: FieldPath<T>;
  lastname: FieldPath<T>;
}) {
  const { t } = useTranslation('auth');
  const salutations = SALUTATIONS.map((value) => ({ value, label: t(`fields.salutations.${value}`) }));
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <FormSelect
          control={control}
          name={salutation}
          label={t('fields.salutation')}
          data={salutations}
          required
          autoComplete="honorific-prefix"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <FormTextInput control={control} name={firstname} label={t('fields.firstname')} autoComplete="given-name" required />
        <FormTextInput control={control} name={lastname} label={t('fields.lastname')} autoComplete="family-name" required />
      </SimpleGrid>
    </>
  );
}

/** "I accept the {{terms}}" with the link in its place, wherever the language puts it. */
function TermsLabel({ href }: { href: string }) {
  const { t } = useTranslation('auth');
  const marker = '\u0000';
  const [before = '', after = ''] = t('fields.agb', { terms: marker }).split(marker);
  return (
    <>
      {before}
      <Anchor href={href} target="_blank" rel="noopener">
        {t('fields.agbLink')}
        <VisuallyHidden> {t('fields.agbNewWindow')}</VisuallyHidden>
      </Anchor>
      {after}
    </>
  );
}

/** Terms (must be ticked) and newsletter (optional). The terms open in a new tab, the form stays. */
export function ConsentFields<T extends FieldValues>({
  control,
  agb,
  newsletter,
}: {
  control: Control<T>;
  agb: FieldPath<T>;
  newsletter: FieldPath<T>;
}) {
  const { t } = useTranslation('auth');
  const lang = useLang();
  return (
    <>
      <FormCheckbox control={control} name={agb} required label={<TermsLabel href={`/${lang}/agb`} />} />
      <FormCheckbox control={control} name={newsletter} label={t('fields.newsletter')} />
    </>
  );
}
