import { Button, Group, Pill, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../components/form/date-fields';
import { formatDate } from '../../../../lib/format';
import { useLang } from '../../../../lib/language';

export interface ExceptionsFieldProps {
  value: string[];
  onChange: (dates: string[]) => void;
  error?: string;
}

/** Days the generator leaves out (`YYYY-MM-DD`), shown as removable chips. */
export function ExceptionsField({ value, onChange, error }: ExceptionsFieldProps) {
  const { t } = useTranslation('timetable');
  const lang = useLang();
  const [day, setDay] = useState('');
  const add = () => {
    if (!day) return;
    if (!value.includes(day)) onChange([...value, day].sort());
    setDay('');
  };
  return (
    <Stack gap={6}>
      <Group align="flex-end" gap="sm">
        <DateField
          label={t('generator.exceptions')}
          description={t('generator.exceptionsHint')}
          value={day}
          onChange={setDay}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          error={error}
          w={220}
        />
        <Button variant="default" onClick={add} disabled={!day}>
          {t('generator.addException')}
        </Button>
      </Group>
      {value.length > 0 && (
        <Group gap={6} role="list" aria-label={t('generator.exceptions')}>
          {value.map((date) => {
            const label = formatDate(date, lang);
            return (
              <Pill
                key={date}
                role="listitem"
                withRemoveButton
                onRemove={() => onChange(value.filter((d) => d !== date))}
                removeButtonProps={{ 'aria-label': t('generator.removeException', { date: label }) }}
              >
                {label}
              </Pill>
            );
          })}
        </Group>
      )}
      {value.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('generator.noExceptions')}
        </Text>
      )}
    </Stack>
  );
}
