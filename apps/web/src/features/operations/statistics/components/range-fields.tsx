import { Group } from '@mantine/core';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { DateField } from '../../../../components/form/date-fields';

/**
 * From/to days (`YYYY-MM-DD`) in the UI language's format; `to` not before `from` and the range at
 * most `maxDays` long (the server's limit), enforced by the calendars' bounds.
 */
export function RangeFields({
  from,
  to,
  onChange,
  maxDays,
  labels,
  children,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  maxDays: number;
  labels: { from: string; to: string };
  children?: ReactNode;
}) {
  const span = maxDays - 1;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <DateField
        label={labels.from}
        value={from}
        minDate={dayjs(to).subtract(span, 'day').format('YYYY-MM-DD')}
        maxDate={to}
        onChange={(v) => v && onChange({ from: v, to })}
        clearable={false}
        w={170}
      />
      <DateField
        label={labels.to}
        value={to}
        minDate={from}
        maxDate={dayjs(from).add(span, 'day').format('YYYY-MM-DD')}
        onChange={(v) => v && onChange({ from, to: v })}
        clearable={false}
        w={170}
      />
      {children}
    </Group>
  );
}
