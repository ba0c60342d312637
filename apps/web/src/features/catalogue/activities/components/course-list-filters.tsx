import { ACTIVITY_STATUSES } from '@bookla/shared/catalogue';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../permissions';
import { useLocationOptions, useTypeSetOptions } from '../api/activities-api';
import type { CourseFilters } from '../types';

/** Spec §9: text filters fire after 1.5 s, choice filters after 0.5 s. */
export const TEXT_FILTER_DELAY = 1500;
export const CHOICE_FILTER_DELAY = 500;

export const EMPTY_FILTERS: CourseFilters = { name: '', status: '', type_set_id: '', location_id: '' };

type Choices = Omit<CourseFilters, 'name'>;

/** The list's column filters; `onChange` gets the whole set once the user paused typing/choosing. */
export function CourseListFilters({ onChange }: { onChange: (filters: CourseFilters) => void }) {
  const { t } = useTranslation('activities');
  const canSeeLocations = useHasPermission('nav.locations');
  const typeSets = useTypeSetOptions();
  const locations = useLocationOptions(canSeeLocations);
  const [name, setName] = useState('');
  const [choices, setChoices] = useState<Choices>({ status: '', type_set_id: '', location_id: '' });
  const [debouncedName] = useDebouncedValue(name, TEXT_FILTER_DELAY);
  const [debouncedChoices] = useDebouncedValue(choices, CHOICE_FILTER_DELAY);
  const onChangeRef = useRef(onChange);
  const first = useRef(true);

  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    onChangeRef.current({ name: debouncedName.trim(), ...debouncedChoices });
  }, [debouncedName, debouncedChoices]);

  const choose = (key: keyof Choices) => (value: string | null) => setChoices((c) => ({ ...c, [key]: value ?? '' }));

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: canSeeLocations ? 4 : 3 }} spacing="sm">
      <TextInput
        type="search"
        label={t('filters.name')}
        placeholder={t('filters.namePlaceholder')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <Select
        label={t('filters.status')}
        placeholder={t('filters.all')}
        clearable
        data={ACTIVITY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        value={choices.status || null}
        onChange={choose('status')}
      />
      <Select
        label={t('filters.typeSet')}
        placeholder={t('filters.all')}
        clearable
        data={(typeSets.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        value={choices.type_set_id || null}
        onChange={choose('type_set_id')}
      />
      {canSeeLocations && (
        <Select
          label={t('filters.location')}
          placeholder={t('filters.all')}
          clearable
          searchable
          data={(locations.data ?? []).map((l) => ({ value: String(l.id), label: l.name_text }))}
          value={choices.location_id || null}
          onChange={choose('location_id')}
        />
      )}
    </SimpleGrid>
  );
}
