import type { Language } from '@bookla/shared/i18n';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useForm, useWatch } from 'react-hook-form';
import { beforeEach, describe, expect, it } from 'vitest';
import { setAppState } from '../../lib/app-state';
import { applyLanguage } from '../../lib/language';
import { renderRoutes } from '../../test/render';
import { loggedInState, makeTeam } from '../../test/team-fixtures';
import { FormDateInput, FormDateTimeInput, FormTimeInput } from './date-fields';

interface Values {
  day: string;
  time: string;
  sale_end: string;
}

function DatesForm() {
  const { control } = useForm<Values>({ defaultValues: { day: '2026-03-09', time: '18:30', sale_end: '2026-12-31T18:05' } });
  return (
    <form>
      <FormDateInput control={control} name="day" label="Day" required />
      <FormTimeInput control={control} name="time" label="Time" required />
      <FormDateTimeInput control={control} name="sale_end" label="Sale end" />
      <output data-testid="values">{JSON.stringify(useWatch({ control }))}</output>
    </form>
  );
}

const render = (lang: Language) => renderRoutes([{ path: '/:lang/form', element: <DatesForm /> }], `/${lang}/form`);
const values = () => JSON.parse(screen.getByTestId('values').textContent ?? '{}') as Values;

const cases: {
  lang: Language;
  shown: [string, string, string];
  typed: { day: string; time: string; saleEnd: string };
  month: RegExp;
  dayLabel: string;
  picked: string;
}[] = [
  {
    lang: 'de',
    shown: ['09.03.2026', '18:30', '31.12.2026 18:05'],
    typed: { day: '15.04.2026', time: '7:45', saleEnd: '01.02.2027 09:00' },
    month: /^April 2026$/,
    dayLabel: '20 April 2026',
    picked: '20.04.2026',
  },
  {
    lang: 'en',
    shown: ['03/09/2026', '6:30 PM', '12/31/2026 6:05 PM'],
    typed: { day: '04/15/2026', time: '7:45 am', saleEnd: '02/01/2027 9:00 AM' },
    month: /^April 2026$/,
    dayLabel: '20 April 2026',
    picked: '04/20/2026',
  },
  {
    lang: 'fr',
    shown: ['09/03/2026', '18:30', '31/12/2026 18:05'],
    typed: { day: '15/04/2026', time: '07h45', saleEnd: '01/02/2027 09:00' },
    month: /^avril 2026$/,
    dayLabel: '20 avril 2026',
    picked: '20/04/2026',
  },
];

describe('date inputs follow the UI language (spec §9)', { timeout: 20_000 }, () => {
  for (const c of cases) {
    describe(c.lang, () => {
      beforeEach(async () => {
        await applyLanguage(c.lang);
      });

      it(`shows ISO values in the ${c.lang} format and sends typed ones as ISO`, async () => {
        render(c.lang);
        const day = await screen.findByLabelText(/^Day/);
        const time = screen.getByLabelText(/^Time/);
        const saleEnd = screen.getByLabelText(/^Sale end/);
        expect(day).not.toHaveAttribute('type', 'date');
        expect([day, time, saleEnd].map((i) => (i as HTMLInputElement).value)).toEqual(c.shown);

        fireEvent.change(day, { target: { value: c.typed.day } });
        fireEvent.blur(day);
        fireEvent.change(time, { target: { value: c.typed.time } });
        fireEvent.blur(time);
        fireEvent.change(saleEnd, { target: { value: c.typed.saleEnd } });
        fireEvent.blur(saleEnd);
        await waitFor(() => expect(values()).toEqual({ day: '2026-04-15', time: '07:45', sale_end: '2027-02-01T09:00' }));
        // The time is shown back in the language's own way.
        expect(time).toHaveValue(c.lang === 'en' ? '7:45 AM' : '07:45');
      });

      it(`picks a day from a ${c.lang} calendar`, async () => {
        render(c.lang);
        const day = await screen.findByLabelText(/^Day/);
        fireEvent.change(day, { target: { value: c.typed.day } });
        // The calendar opens on the typed month, named and labelled in the UI language.
        const dropdown = await waitFor(() => {
          const found = document.querySelector<HTMLElement>('[data-dates-dropdown]');
          if (!found) throw new Error('no calendar');
          return found;
        });
        expect(within(dropdown).getByRole('button', { name: c.month, hidden: true })).toBeInTheDocument();
        fireEvent.click(within(dropdown).getByRole('button', { name: c.dayLabel, hidden: true }));
        await waitFor(() => expect(values().day).toBe('2026-04-20'));
        expect(day).toHaveValue(c.picked);
      });
    });
  }

  it('passes text that is no time on, so the form can name it', async () => {
    await applyLanguage('de');
    render('de');
    const time = await screen.findByLabelText(/^Time/);
    fireEvent.change(time, { target: { value: '25:00' } });
    await waitFor(() => expect(values().time).toBe('25:00'));
    fireEvent.change(time, { target: { value: '' } });
    await waitFor(() => expect(values().time).toBe(''));
  });

  it('in English for a company outside the US: day first and 24 hours, shown, hinted and read (issue 22 item 13)', async () => {
    await applyLanguage('en');
    setAppState(loggedInState(makeTeam(3, 'Yoga Zürich')));
    render('en');
    const day = await screen.findByLabelText(/^Day/);
    const time = screen.getByLabelText(/^Time/);
    const saleEnd = screen.getByLabelText(/^Sale end/);
    expect([day, time, saleEnd].map((i) => (i as HTMLInputElement).value)).toEqual(['09/03/2026', '18:30', '31/12/2026 18:05']);
    fireEvent.change(day, { target: { value: '' } });
    expect(day).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    expect(time).toHaveAttribute('placeholder', 'HH:MM');
    fireEvent.change(day, { target: { value: '15/04/2026' } });
    fireEvent.blur(day);
    fireEvent.change(time, { target: { value: '7:45 pm' } });
    fireEvent.blur(time);
    fireEvent.change(saleEnd, { target: { value: '01/02/2027 09:00' } });
    fireEvent.blur(saleEnd);
    await waitFor(() => expect(values()).toEqual({ day: '2026-04-15', time: '19:45', sale_end: '2027-02-01T09:00' }));
    expect(time).toHaveValue('19:45');
  });
});
