import type { Language } from '@bookla/shared/i18n';
import { pickText } from '@bookla/shared/i18n';
import { Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateInput } from '../../../../components/form/date-fields';
import { TranslatedTextField } from '../../../../components/form/translated-fields';
import { formatDate } from '../../../../lib/format';
import { applyApiError } from '../../../../lib/forms';
import { useLang } from '../../../../lib/language';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useZodForm } from '../../../../lib/use-zod-form';
import { RESOURCES, useSaveSetupRecord } from '../api/setup-api';
import { blankHoliday, holidayToValues, type HolidayValues } from '../record-values';
import { holidaySchema, type HolidayItem } from '@bookla/shared/catalogue-timetable';
import { SetupList } from './setup-list';

/** The form's values are the request body. */
const holidayBody = (v: HolidayValues) => v;

/** Course defaults → holidays: days without sessions, which the timetable generator skips. */
export function HolidaysPanel({ languages }: { languages: readonly Language[] }) {
  const { t } = useTranslation('setup');
  const lang = useLang();
  /** `null`: closed; `'new'`: create; a record: edit. */
  const [editing, setEditing] = useState<HolidayItem | 'new' | null>(null);
  return (
    <SetupList<HolidayItem>
      resource={RESOURCES.holidays}
      searchable={false}
      create={{ label: t('holidays.create'), onClick: () => setEditing('new') }}
      nameHeader={t('holidays.name')}
      name={(h) => h.name_text ?? pickText(h.name, lang)}
      onEdit={setEditing}
      columns={[
        { header: t('holidays.from'), cell: (h) => formatDate(h.starts_on, lang) },
        { header: t('holidays.to'), cell: (h) => formatDate(h.ends_on, lang) },
      ]}
      empty={{ title: t('holidays.empty'), text: t('holidays.emptyText') }}
    >
      {editing && <HolidayModal holiday={editing === 'new' ? null : editing} languages={languages} onClose={() => setEditing(null)} />}
    </SetupList>
  );
}

function HolidayModal({
  holiday,
  languages,
  onClose,
}: {
  holiday: HolidayItem | null;
  languages: readonly Language[];
  onClose: () => void;
}) {
  const { t } = useTranslation('setup');
  const save = useSaveSetupRecord<HolidayItem>(RESOURCES.holidays);
  const schema = useMemo(() => holidaySchema(languages), [languages]);
  const methods = useZodForm(schema, {
    toInput: holidayBody,
    defaultValues: holiday ? holidayToValues(holiday, languages) : blankHoliday(languages),
  });
  const title = holiday ? t('holidays.edit') : t('holidays.new');
  const onSubmit = methods.handleSubmit(async (values) => {
    try {
      const reply = await save.mutateAsync({ id: holiday?.id ?? null, body: holidayBody(values) });
      notifySuccess(reply.message || t(holiday ? 'record.saved' : 'record.created'));
      onClose();
    } catch (error) {
      if (!applyApiError(error, methods.setError)) notifyError(error);
    }
  });
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <FormProvider {...methods}>
        <form onSubmit={onSubmit} noValidate aria-label={title}>
          <Stack gap="md">
            <TranslatedTextField control={methods.control} name="name" languages={languages} label={t('holidays.name')} required />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <FormDateInput control={methods.control} name="starts_on" label={t('holidays.from')} required />
              <FormDateInput control={methods.control} name="ends_on" label={t('holidays.to')} required />
            </SimpleGrid>
          </Stack>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose}>
              {t('record.cancel')}
            </Button>
            <Button type="submit" disabled={methods.formState.isSubmitting}>
              {t('record.save')}
            </Button>
          </Group>
        </form>
      </FormProvider>
    </Modal>
  );
}
