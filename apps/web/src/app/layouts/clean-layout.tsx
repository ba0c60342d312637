import { Container, Group } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { Link, Outlet } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { useAppState } from '../../lib/app-state';
import { useLang } from '../../lib/language';
import classes from './layout.module.css';
import { SiteFooter } from './site-footer';

const noop = () => () => {};

/**
 * False in the server's HTML and while React hydrates it, true once the page is live. The
 * server renders these screens (app/ssr.tsx); until the code has loaded their forms would
 * submit natively (a GET with the password in the address), so the content stays inert until then.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

/** Public pages: brand, language switch, content, legal footer. No back-office code. */
export function CleanLayout() {
  const lang = useLang();
  const { appName } = useAppState();
  const hydrated = useHydrated();
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
        <Container size="lg" py="xl" inert={!hydrated}>
          <Outlet />
        </Container>
      </main>
      <SiteFooter />
    </div>
  );
}
