import { Alert, Anchor, Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../../components/page-loader';
import { PanelSection } from '../../../../components/panel-section';
import { useLang } from '../../../../lib/language';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useAllFields, useActivityFields, useSaveActivityFields } from '../api/fields-api';
import { fieldLabel } from './describe-condition';
import { FieldsTable } from './fields-table';
import type { FieldItem } from '@bookla/shared/catalogue-setup';

/** Activity → booking fields: those of the type set (read-only) and extra ones for this activity. */
export function FieldsTab({ activityId, canEdit }: { activityId: number; canEdit: boolean }) {
  const { t } = useTranslation('setup');
  const { t: tb } = useTranslation('backend');
  const lang = useLang();
  const fields = useActivityFields(activityId);
  const allFields = useAllFields();
  const save = useSaveActivityFields(activityId);
  const [chosen, setChosen] = useState<string[]>([]);

  useEffect(() => {
    if (fields.data) setChosen(fields.data.extra.map((f) => String(f.id)));
  }, [fields.data]);

  if (fields.isPending) return <PageLoader />;
  if (fields.isError) return <Alert color="red">{tb('errors.load')}</Alert>;

  const { type_set: fromTypeSet, extra } = fields.data;
  const known = new Map<number, FieldItem>();
  for (const field of [...(allFields.data ?? []), ...fromTypeSet, ...extra]) known.set(field.id, field);
  const all = [...known.values()];
  const typeSetIds = new Set(fromTypeSet.map((f) => f.id));
  const choices = all.filter((f) => !typeSetIds.has(f.id)).map((f) => ({ value: String(f.id), label: fieldLabel(f, lang) }));
  const saved = extra.map((f) => String(f.id));
  const dirty = chosen.length !== saved.length || chosen.some((id, i) => id !== saved[i]);

  const onSave = async () => {
    try {
      const result = await save.mutateAsync(chosen.map(Number));
      notifySuccess(result.message || t('activityFields.saved'));
    } catch (error) {
      notifyError(error);
    }
  };

  const manage = (
    <Anchor component={Link} to={`/${lang}/backend/course/fields`} size="sm">
      {t('activityFields.manage')}
    </Anchor>
  );
  return (
    <Stack gap="lg">
      <PanelSection headingId="fields-typeset-title" title={t('activityFields.typeSetTitle')}>
        <Text size="sm" c="dimmed" mb="sm">
          {t('activityFields.typeSetIntro')}
        </Text>
        {fromTypeSet.length > 0 ? (
          <FieldsTable fields={fromTypeSet} all={all} />
        ) : (
          <Text c="dimmed">{t('activityFields.emptyTypeSet')}</Text>
        )}
      </PanelSection>
      <PanelSection headingId="fields-extra-title" title={t('activityFields.extraTitle')}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('activityFields.extraIntro')} {manage}
          </Text>
          {canEdit && (
            <Group align="flex-end" gap="sm">
              <MultiSelect
                label={t('activityFields.chooseExtra')}
                data={choices}
                value={chosen}
                onChange={setChosen}
                searchable
                nothingFoundMessage={t('activityFields.nothingFound')}
                style={{ flex: '1 1 320px' }}
              />
              <Button onClick={() => void onSave()} disabled={!dirty || save.isPending}>
                {t('activityFields.save')}
              </Button>
            </Group>
          )}
          {extra.length > 0 ? <FieldsTable fields={extra} all={all} /> : <Text c="dimmed">{t('activityFields.emptyExtra')}</Text>}
        </Stack>
      </PanelSection>
    </Stack>
  );
}
