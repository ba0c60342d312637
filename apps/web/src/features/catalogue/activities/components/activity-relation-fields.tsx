import { pickText } from '@bookla/shared/i18n';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormMultiSelect, FormSelect } from '../../../../components/form/select-fields';
import { useLang } from '../../../../lib/language';
import { useHasPermission } from '../../../permissions';
import { useLocationOptions, useTypeSetOptions } from '../../setup';
import { useInstructorOptions, useParentOptions } from '../api/activities-api';
import { FILTER_DELAY } from '../../../../lib/list/list-params';

interface Props<T extends FieldValues> {
  control: Control<T>;
  readOnly: boolean;
}

export function TypeSetField<T extends FieldValues>({ control, readOnly, name }: Props<T> & { name: Path<T> }) {
  const { t } = useTranslation('activities');
  const typeSets = useTypeSetOptions();
  return (
    <FormSelect
      control={control}
      name={name}
      label={t('fields.typeSet')}
      description={t('fields.typeSetHint')}
      data={(typeSets.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
      readOnly={readOnly}
      required
    />
  );
}

/** Location (only listed for roles that may see locations), instructors and the parent activity. */
export function ActivityRelationFields<T extends FieldValues>({ control, readOnly, activityId }: Props<T> & { activityId: number }) {
  const { t } = useTranslation('activities');
  const lang = useLang();
  const canSeeLocations = useHasPermission('nav.locations');
  const locations = useLocationOptions(canSeeLocations);
  const instructors = useInstructorOptions();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, FILTER_DELAY.choice);
  const parents = useParentOptions(debounced.trim());

  return (
    <>
      <FormSelect
        control={control}
        name={'location_id' as Path<T>}
        label={t('fields.location')}
        placeholder={t('fields.noLocation')}
        data={(locations.data ?? []).map((l) => ({ value: String(l.id), label: l.name_text }))}
        clearable={!readOnly}
        searchable
        readOnly={readOnly}
        nothingFoundMessage={t('fields.nothingFound')}
      />
      <FormMultiSelect
        control={control}
        name={'instructor_ids' as Path<T>}
        label={t('fields.instructors')}
        data={(instructors.data ?? []).map((i) => ({ value: String(i.id), label: i.name }))}
        searchable
        readOnly={readOnly}
        nothingFoundMessage={t('fields.nothingFound')}
      />
      <FormSelect
        control={control}
        name={'parent_id' as Path<T>}
        label={t('fields.parent')}
        description={t('fields.parentHint')}
        placeholder={t('fields.noParent')}
        data={(parents.data ?? [])
          .filter((c) => c.id !== activityId)
          .map((c) => ({ value: String(c.id), label: pickText(c.name, lang) || c.name_text }))}
        clearable={!readOnly}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        readOnly={readOnly}
        nothingFoundMessage={t('fields.nothingFound')}
      />
    </>
  );
}
