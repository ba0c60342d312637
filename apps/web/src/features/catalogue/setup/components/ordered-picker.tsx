import { Button, Checkbox, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface PickerItem {
  id: number;
  label: string;
  /** Shown beside the label (e.g. the type). */
  detail?: string;
}

export interface OrderedPickerProps {
  title: string;
  /** Everything that can be assigned. */
  items: PickerItem[];
  /** Assigned ids in their order. */
  value: { id: number; required?: boolean }[];
  onChange: (value: { id: number; required?: boolean }[]) => void;
  /** Shows a "required" checkbox per assigned item. */
  withRequired?: boolean;
  empty: string;
  /** A message about the list (e.g. a server's 422 for one of its entries). */
  error?: string;
}

/**
 * An ordered assignment (a type set's attributes or booking fields): the assigned items in
 * order with up / down / remove buttons, and a select to add one more. Every control is a
 * button or a select, so it works with the keyboard and a screen reader alike.
 */
export function OrderedPicker({ title, items, value, onChange, withRequired, empty, error }: OrderedPickerProps) {
  const { t } = useTranslation('setup');
  const titleId = useId();
  const [adding, setAdding] = useState<string | null>(null);
  const byId = new Map(items.map((i) => [i.id, i]));
  const free = items.filter((i) => !value.some((v) => v.id === i.id));

  const move = (from: number, to: number) => {
    const next = [...value];
    const [moved] = next.splice(from, 1);
    if (moved) next.splice(to, 0, moved);
    onChange(next);
  };
  const add = () => {
    if (!adding) return;
    onChange([...value, { id: Number(adding), ...(withRequired ? { required: false } : {}) }]);
    setAdding(null);
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {title}
      </Title>
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
      <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {value.map((entry, index) => {
          const label = byId.get(entry.id)?.label ?? `#${entry.id}`;
          return (
            <Paper key={entry.id} withBorder p="xs" component="li">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm" fw={500} style={{ flex: '1 1 160px' }}>
                  {index + 1}. {label}{' '}
                  {byId.get(entry.id)?.detail && (
                    <Text span size="xs" c="dimmed">
                      ({byId.get(entry.id)?.detail})
                    </Text>
                  )}
                </Text>
                <Group gap={4} wrap="nowrap">
                  {withRequired && (
                    <Checkbox
                      mr="sm"
                      label={t('typeSets.required')}
                      aria-label={t('typeSets.requiredOf', { name: label })}
                      checked={entry.required === true}
                      onChange={(e) => {
                        const checked = e.currentTarget.checked;
                        onChange(value.map((v) => (v.id === entry.id ? { ...v, required: checked } : v)));
                      }}
                    />
                  )}
                  <Button
                    size="xs"
                    variant="default"
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                    aria-label={t('picker.up', { name: label })}
                  >
                    ↑
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={index === value.length - 1}
                    onClick={() => move(index, index + 1)}
                    aria-label={t('picker.down', { name: label })}
                  >
                    ↓
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="#c92a2a"
                    onClick={() => onChange(value.filter((v) => v.id !== entry.id))}
                    aria-label={t('picker.remove', { name: label })}
                  >
                    {t('picker.removeShort')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {error && (
        <Text size="xs" c="error" role="alert">
          {error}
        </Text>
      )}
      {free.length > 0 && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('picker.add', { title })}
            data={free.map((i) => ({ value: String(i.id), label: i.detail ? `${i.label} (${i.detail})` : i.label }))}
            value={adding}
            onChange={setAdding}
            searchable
            style={{ flex: '1 1 220px', maxWidth: 360 }}
          />
          <Button variant="light" onClick={add} disabled={!adding}>
            {t('picker.addButton')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
