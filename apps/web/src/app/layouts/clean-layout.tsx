import { Container, Group } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { useAppState } from '../../lib/app-state';
import { useLang } from '../../lib/language';
import classes from './layout.module.css';
import { SiteFooter } from './site-footer';

/** Public pages: brand, language switch, content, legal footer. No back-office code. */
export function CleanLayout() {
  const lang = useLang();
  const { appName } = useAppState();
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
        <Container size="lg" py="xl">
          <Outlet />
        </Container>
      </main>
      <SiteFooter />
    </div>
  );
}
