import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { PageLoader } from '../../components/page-loader';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { CompanyCheck, TeamMenu, useTeamAccessErrors } from '../../features/teams';
import { useAppState } from '../../lib/app-state';
import { ModalsHost } from '../../lib/confirm';
import { useLang } from '../../lib/language';
import { BackendNav } from './backend-nav';
import classes from './layout.module.css';

/**
 * Back office: sidebar; on small screens a top bar with a burger opens it. Toasts and the
 * confirmation dialog live here, so public pages never load them.
 */
export function BackendLayout() {
  const { t } = useTranslation('backend');
  const lang = useLang();
  const { appName, two_factor_required: twoFactorRequired } = useAppState();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  useTeamAccessErrors();

  // The company requires two-factor authentication and the user has none: only the profile,
  // where it is set up, is open (it shows why).
  const profilePath = `/${lang}/backend/profile`;
  const mustSetUpTwoFactor = twoFactorRequired === true && pathname !== profilePath;

  // On a phone the open menu covers the page: close it once the user has picked an entry.
  useEffect(() => close(), [pathname, close]);

  const brand = (
    <Link to={`/${lang}/backend`} className={classes.brand}>
      {appName}
    </Link>
  );

  return (
    <>
      {/* Confirmation dialogs (lib/confirm.tsx): loaded after the first screen. */}
      <Suspense fallback={null}>
        <ModalsHost />
      </Suspense>
      <Notifications position="bottom-right" autoClose={5000} />
      <SkipLink />
      <CompanyCheck />
      <AppShell
        header={{ height: { base: 56, sm: 0 } }}
        navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="md"
      >
        <AppShell.Header hiddenFrom="sm">
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={opened}
                onClick={toggle}
                size="sm"
                aria-label={t('layout.toggleNavigation')}
                aria-expanded={opened}
                aria-controls="backend-navbar"
              />
              {brand}
            </Group>
            <Group gap="xs" wrap="nowrap">
              <LanguageSwitch />
              <TeamMenu compact />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar id="backend-navbar" p="xs" aria-label={t('layout.navigation')}>
          <AppShell.Section visibleFrom="sm" p="xs" mb="xs">
            <Group justify="space-between" wrap="nowrap">
              {brand}
              <LanguageSwitch />
            </Group>
          </AppShell.Section>
          {/* The browser's own scrolling: Mantine's ScrollArea would bring floating-ui into the first screen (issue 21 item 6). */}
          <AppShell.Section grow className={classes.navScroll}>
            <BackendNav />
          </AppShell.Section>
          <AppShell.Section visibleFrom="sm" pt="xs" className={classes.navFooter}>
            <TeamMenu />
          </AppShell.Section>
        </AppShell.Navbar>
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.column}>
          <div className={classes.main}>
            <Suspense fallback={<PageLoader />}>
              {mustSetUpTwoFactor ? <Navigate to={`${profilePath}#two-factor`} replace /> : <Outlet />}
            </Suspense>
          </div>
          <footer>
            <Text size="sm" c="dimmed" pt="xl">
              {t('layout.footer', { year: new Date().getFullYear(), appName })}
            </Text>
          </footer>
        </AppShell.Main>
      </AppShell>
    </>
  );
}
