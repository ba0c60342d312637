import { Container, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import classes from './layout.module.css';

/**
 * White-label shop pages: customers of a provider see the provider's shop, not our brand,
 * so there is no product name or marketing footer here.
 */
export function ShopLayout() {
  return (
    <div className={classes.page}>
      <SkipLink />
      <header>
        <Container size="md" py="sm">
          <Group justify="flex-end">
            <LanguageSwitch />
          </Group>
        </Container>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <Container size="md" py="xl">
          <Outlet />
        </Container>
      </main>
    </div>
  );
}
