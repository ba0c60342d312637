import type { Language } from '@bookla/shared/i18n';
import { Button } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../lib/language';
import { renderWithProviders } from '../../test/render';
import { emptyTranslated, firstLanguageWithError, toTranslatedForm, TranslatedTextField } from './translated-fields';

interface Values {
  name: Record<string, string>;
}

function Harness({
  languages,
  onSubmit,
  initial,
  serverErrors,
  multiline,
}: {
  languages: Language[];
  onSubmit: (v: Values) => void;
  initial?: Record<string, string>;
  serverErrors?: Record<string, string>;
  multiline?: boolean;
}) {
  const { control, handleSubmit, setError } = useForm<Values>({ defaultValues: { name: initial ?? emptyTranslated(languages) } });
  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => {
        if (serverErrors) {
          for (const [path, message] of Object.entries(serverErrors)) setError(path as 'name.de', { message });
          return;
        }
        onSubmit(values);
      })}
    >
      <TranslatedTextField control={control} name="name" languages={languages} label="Name" required multiline={multiline} />
      <Button type="submit">Save</Button>
    </form>
  );
}

describe('TranslatedTextField', () => {
  it('keeps one value per team language behind the switcher and marks completeness', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<Harness languages={['de', 'fr']} onSubmit={onSubmit} />);
    const group = screen.getByRole('group', { name: /Name/ });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Deutsch, missing/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Français, missing/ })).not.toBeChecked();
    expect(screen.queryByRole('radio', { name: /English/ })).toBeNull();

    await userEvent.type(screen.getByLabelText('Name (Deutsch)'), 'Yoga');
    expect(screen.getByRole('radio', { name: /Deutsch, filled/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: /Français/ }));
    const fr = screen.getByLabelText('Name (Français)');
    expect(fr).toHaveValue('');
    expect(fr).toHaveAttribute('lang', 'fr');
    await userEvent.type(fr, 'Yoga FR');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: { de: 'Yoga', fr: 'Yoga FR' } });
  });

  it('jumps to the first language with an error and focuses its input', async () => {
    renderWithProviders(
      <Harness
        languages={['de', 'en', 'fr']}
        onSubmit={vi.fn()}
        initial={{ de: 'Kurs', en: '', fr: '' }}
        serverErrors={{ 'name.en': 'Required in English' }}
      />,
    );
    expect(screen.getByRole('radio', { name: /Deutsch/ })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByRole('radio', { name: /English, has an error/ })).toBeChecked());
    const en = screen.getByLabelText('Name (English)');
    expect(en).toHaveAccessibleDescription('Required in English');
    expect(en).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(en).toHaveFocus());
  });

  it('does not jump away while the user types into a language whose error clears', async () => {
    renderWithProviders(
      <Harness
        languages={['de', 'en']}
        onSubmit={vi.fn()}
        serverErrors={{ 'name.de': 'Required in German', 'name.en': 'Required in English' }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /Deutsch, has an error/ })).toBeChecked());
    await userEvent.type(screen.getByLabelText('Name (Deutsch)'), 'Kurs');
    expect(screen.getByLabelText('Name (Deutsch)')).toHaveValue('Kurs');
    expect(screen.getByRole('radio', { name: /Deutsch, filled/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /English, has an error/ })).not.toBeChecked();
  });

  it('shows a single input without switcher for one language, multiline as a textarea', () => {
    renderWithProviders(<Harness languages={['en']} onSubmit={vi.fn()} initial={{ en: 'Hello' }} multiline />);
    expect(screen.queryByRole('radio')).toBeNull();
    const input = screen.getByLabelText('Name');
    expect(input.tagName).toBe('TEXTAREA');
    expect(input).toHaveValue('Hello');
    expect(input).toHaveAttribute('aria-required', 'true');
  });

  it('helpers build form values and find error languages', () => {
    expect(emptyTranslated(['de', 'en'])).toEqual({ de: '', en: '' });
    expect(toTranslatedForm({ de: 'Kurs', fr: 'Cours' }, ['de', 'en'])).toEqual({ de: 'Kurs', en: '' });
    expect(firstLanguageWithError({ name: { fr: { type: 'x' }, en: { type: 'x' } } }, 'name', ['de', 'en', 'fr'])).toBe('en');
    expect(firstLanguageWithError({}, 'name', ['de'])).toBeUndefined();
  });

  describe('says what happens to a language left empty (docs/decisions/010-translations.md)', () => {
    function Rules({ languages }: { languages: Language[] }) {
      const { control } = useForm({
        defaultValues: { name: emptyTranslated(languages), help: emptyTranslated(languages), value: emptyTranslated(languages) },
      });
      return (
        <>
          <TranslatedTextField control={control} name="name" languages={languages} label="Name" required />
          <TranslatedTextField control={control} name="help" languages={languages} label="Help" />
          <TranslatedTextField control={control} name="value" languages={languages} label="Level" required rule="any" />
        </>
      );
    }
    const cases: [Language, string, string, string][] = [
      [
        'en',
        'Required in every company language.',
        'Optional. A language left empty gets the text of the first language that has one when you save.',
        'Required in at least one language.',
      ],
      [
        'de',
        'In jeder Sprache der Firma erforderlich.',
        'Optional. Eine leer gelassene Sprache erhält beim Speichern den Text der ersten Sprache, die einen hat.',
        'In mindestens einer Sprache erforderlich.',
      ],
      [
        'fr',
        'Obligatoire dans chaque langue de l’entreprise.',
        'Facultatif. Une langue laissée vide reçoit, à l’enregistrement, le texte de la première langue renseignée.',
        'Obligatoire dans au moins une langue.',
      ],
    ];
    for (const [lang, required, optional, any] of cases) {
      it(`in ${lang}: required names, optional texts filled on save, values required in one language`, async () => {
        await applyLanguage(lang);
        renderWithProviders(<Rules languages={['de', 'en']} />);
        expect(screen.getByRole('group', { name: 'Name' })).toHaveTextContent(required);
        expect(screen.getByRole('group', { name: 'Help' })).toHaveTextContent(optional);
        expect(screen.getByRole('group', { name: 'Level' })).toHaveTextContent(any);
        await applyLanguage('en');
      });
    }

    it('says nothing for a team with one language', () => {
      renderWithProviders(<Rules languages={['de']} />);
      expect(screen.queryByText(/company language|language left empty/)).toBeNull();
    });
  });
});
