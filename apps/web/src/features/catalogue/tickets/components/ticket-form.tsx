import { ticketSchema, type TicketBody } from '@bookla/shared/catalogue-tickets';
import { TICKET_VISIBILITIES } from '@bookla/shared/catalogue';
import type { Language } from '@bookla/shared/i18n';
import { Button, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateTimeInput } from '../../../../components/form/date-fields';
import { FormTextInput } from '../../../../components/form/text-fields';
import { emptyTranslated, toTranslatedForm, TranslatedTextField, useTeamLanguages } from '../../../../components/form/translated-fields';
import { PriceInput } from '../../../../components/price-input';
import { applyApiError, translateValidation } from '../../../../lib/forms';
import { useAppState } from '../../../../lib/app-state';
import { useLang } from '../../../../lib/language';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useZodForm } from '../../../../lib/use-zod-form';
import { useSaveTicket } from '../api/tickets-api';
import type { TicketItem } from '@bookla/shared/catalogue-tickets';
import { showRange, useTeamZone, wallTime, type SessionItem } from '../../timetable';

export interface TicketValues {
  name: Record<string, string>;
  description: Record<string, string>;
  price: string;
  stock: string;
  session_id: string;
  sale_start: string;
  sale_end: string;
  tax_rate: string;
  min_per_order: string;
  max_per_order: string;
  visibility: TicketBody['visibility'];
}

/** The request body the shared schema checks: an empty tax rate is none given (the team's default applies). */
const ticketBody = (v: TicketValues) => ({ ...v, tax_rate: v.tax_rate.trim() === '' ? null : v.tax_rate });

function toValues(ticket: TicketItem | null, languages: Language[], zone: string): TicketValues {
  if (!ticket)
    return {
      name: emptyTranslated(languages),
      description: emptyTranslated(languages),
      price: '',
      stock: '',
      session_id: '',
      sale_start: '',
      sale_end: '',
      tax_rate: '',
      min_per_order: '1',
      max_per_order: '',
      visibility: 'public',
    };
  return {
    name: toTranslatedForm(ticket.name, languages),
    description: toTranslatedForm(ticket.description, languages),
    price: String(ticket.price),
    stock: String(ticket.stock),
    session_id: ticket.session_id ? String(ticket.session_id) : '',
    sale_start: wallTime(ticket.sale_start, zone),
    sale_end: wallTime(ticket.sale_end, zone),
    tax_rate: String(ticket.tax_rate),
    min_per_order: String(ticket.min_per_order),
    max_per_order: ticket.max_per_order ? String(ticket.max_per_order) : '',
    visibility: ticket.visibility,
  };
}

export interface TicketFormProps {
  activityId: number;
  ticket: TicketItem | null;
  sessions: SessionItem[];
  onDone: () => void;
}

/** Create or edit a ticket: whole activity or one date (drop-in), price, stock, sale period, limits. */
export function TicketForm({ activityId, ticket, sessions, onDone }: TicketFormProps) {
  const { t } = useTranslation('tickets');
  const lang = useLang();
  // Prices are in the team's currency; a stored ticket names its own.
  const teamCurrency = useAppState().team?.currency;
  const currency = ticket?.currency ?? teamCurrency;
  const zone = useTeamZone();
  const languages = useTeamLanguages();
  const save = useSaveTicket(activityId);
  const schema = useMemo(() => ticketSchema(languages), [languages]);
  const { control, handleSubmit, setError, formState } = useZodForm(schema, {
    toInput: ticketBody,
    defaultValues: toValues(ticket, languages, zone),
  });

  const onSubmit = handleSubmit(async (values) => {
    // The body as the schema reads it: numbers and nulls, texts trimmed.
    const body = schema.parse(ticketBody(values));
    try {
      const result = await save.mutateAsync({ id: ticket?.id, input: body });
      notifySuccess(result.message || t(ticket ? 'tickets.saved' : 'tickets.created'));
      onDone();
    } catch (error) {
      if (!applyApiError(error, setError)) notifyError(error);
    }
  });

  const sessionData = [
    { value: '', label: t('tickets.wholeActivity') },
    ...sessions.map((s) => ({ value: String(s.id), label: showRange(s.starts_at, s.ends_at, zone, lang) })),
  ];
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TranslatedTextField control={control} name="name" languages={languages} label={t('tickets.name')} required />
        <TranslatedTextField control={control} name="description" languages={languages} label={t('tickets.description')} multiline />
        <Controller
          control={control}
          name="session_id"
          render={({ field, fieldState }) => (
            <NativeSelect
              {...field}
              label={t('tickets.validFor')}
              description={t('tickets.validForHint')}
              data={sessionData}
              error={translateValidation(fieldState.error?.message) || undefined}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Controller
            control={control}
            name="price"
            render={({ field, fieldState }) => (
              <PriceInput
                {...field}
                label={t('tickets.price')}
                currency={currency}
                required
                error={translateValidation(fieldState.error?.message) || undefined}
              />
            )}
          />
          <FormTextInput control={control} name="stock" type="number" min={0} label={t('tickets.stock')} required />
          <FormTextInput control={control} name="tax_rate" inputMode="decimal" label={t('tickets.taxRate')} rightSection="%" />
          <FormDateTimeInput control={control} name="sale_start" label={t('tickets.saleStart')} />
          <FormDateTimeInput control={control} name="sale_end" label={t('tickets.saleEnd')} />
          <Controller
            control={control}
            name="visibility"
            render={({ field }) => (
              <NativeSelect
                {...field}
                label={t('tickets.visibility')}
                data={TICKET_VISIBILITIES.map((value) => ({ value, label: t(`visibility.${value}`) }))}
              />
            )}
          />
          <FormTextInput control={control} name="min_per_order" type="number" min={1} label={t('tickets.minPerOrder')} required />
          <FormTextInput control={control} name="max_per_order" type="number" min={1} label={t('tickets.maxPerOrder')} />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('tickets.zoneHint', { zone })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={formState.isSubmitting}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
