import type { okReplySchema } from '@bookla/shared/replies';
import { LANGUAGES, type Language } from '@bookla/shared/i18n';
import { Button, Group, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../lib/api-client';
import { setAppState } from '../lib/app-state';
import { applyLanguage, replaceLanguageInPath, useLang } from '../lib/language';

/**
 * Tells the server (so mails and later visits use the language), then swaps the `:lang`
 * segment of the current address, keeping the rest of the path, the query and the hash.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  const navigate = useNavigate();

  const choose = async (next: Language) => {
    if (next === lang) return;
    try {
      await api.get<typeof okReplySchema>(`/api/language/change/${next}`, { language: false });
    } catch (error) {
      // The URL decides the UI language anyway; the server learns it with the next call.
      console.error('Could not store the language', error);
    }
    setAppState({ language: next });
    await applyLanguage(next);
    const pathname = replaceLanguageInPath(location.pathname, next);
    if (pathname !== location.pathname) {
      await navigate({ pathname, search: location.search, hash: location.hash }, { replace: true });
    }
  };

  return (
    <Group role="group" aria-label={t('language.label')} gap={4} wrap="nowrap">
      {LANGUAGES.map((l) => (
        <Button
          key={l}
          size="compact-sm"
          variant={l === lang ? 'light' : 'subtle'}
          lang={l}
          aria-pressed={l === lang}
          onClick={() => void choose(l)}
        >
          {/* The name starts with what is seen (WCAG 2.5.3, "label in name"): "DE Deutsch". */}
          {l.toUpperCase()}
          <VisuallyHidden> {t(`language.${l}`)}</VisuallyHidden>
        </Button>
      ))}
    </Group>
  );
}
