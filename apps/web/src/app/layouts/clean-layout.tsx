import { Container, Group } from '@mantine/core';
import { useEffect } from 'react';
import { Link, Outlet } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { useAppState } from '../../lib/app-state';
import { useLang } from '../../lib/language';
import { useHydrated } from '../../lib/use-hydrated';
import classes from './layout.module.css';
import { SiteFooter } from './site-footer';

/**
 * Public pages: brand, language switch, content, legal footer. No back-office code.
 *
 * The server renders these screens (app/ssr.tsx); a form sent natively before the code has loaded
 * would be a GET with the password in the address. So the server's HTML has the content inert,
 * and /boot.js lifts it (`data-boot-inert`) once it holds every form sent until the app has taken
 * over (decision 033): the visitor can type at once, and nothing leaves the page natively. Once
 * the screen is hydrated (this layout's effect runs after its children's), `bookla:hydrated` tells
 * /boot.js to hand over what the visitor typed, pressed or sent before. Here, not in main.tsx:
 * every server-rendered screen has this layout, and the back office's first screen stays smaller.
 */
export function CleanLayout() {
  const lang = useLang();
  const { appName } = useAppState();
  const hydrated = useHydrated();
  useEffect(() => {
    document.dispatchEvent(new Event('bookla:hydrated'));
  }, []);
  return (
    <div className={classes.page}>
      <SkipLink />
      <header className={classes.header}>
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <Link to={`/${lang}/provider`} className={classes.brand}>
              {appName}
            </Link>
            <LanguageSwitch />
          </Group>
        </Container>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <Container size="lg" py="xl" inert={!hydrated} data-boot-inert={hydrated ? undefined : ''}>
          <Outlet />
        </Container>
      </main>
      <SiteFooter />
    </div>
  );
}
