import { Anchor, Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FOOTER_LINKS, SOCIAL_LINKS } from '../../lib/content-pages';
import { useAppState } from '../../lib/app-state';
import { useLang } from '../../lib/language';
import classes from './layout.module.css';

/** Spec §1's footer: legal pages (rendered by the server, hence plain links), copyright, social profiles. */
export function SiteFooter() {
  const { t } = useTranslation();
  const lang = useLang();
  const { appName } = useAppState();
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="lg">
        <Stack gap="sm">
          <nav aria-label={t('footer.label')}>
            <ul className={classes.footerLinks}>
              {FOOTER_LINKS.map((link) => (
                <li key={link.type}>
                  <Anchor href={`/${lang}/${link.type}`} size="sm">
                    {t(link.label)}
                  </Anchor>
                </li>
              ))}
            </ul>
          </nav>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              © {new Date().getFullYear()} {appName}
            </Text>
            <Group gap="md" component="ul" className={classes.footerLinks}>
              {SOCIAL_LINKS.map((link) => (
                <li key={link.network}>
                  <Anchor href={link.href} size="sm" target="_blank" rel="me noopener">
                    {link.network}
                  </Anchor>
                </li>
              ))}
            </Group>
          </Group>
        </Stack>
      </Container>
    </footer>
  );
}
