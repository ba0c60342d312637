import { Anchor, Container, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FOOTER_LINKS } from '../../lib/content-pages';
import { useAppState } from '../../lib/app-state';
import { useLang } from '../../lib/language';
import classes from './layout.module.css';

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
                  <Anchor component={Link} to={`/${lang}/${link.type}`} size="sm">
                    {t(link.label)}
                  </Anchor>
                </li>
              ))}
            </ul>
          </nav>
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} {appName}
          </Text>
        </Stack>
      </Container>
    </footer>
  );
}
