import type { PublishChecks } from '@bookla/shared/catalogue-activities';
import { Anchor, Group, List, Paper, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../../lib/language';

/** Each item with the page that fixes it: a tab of the activity, or the company's integration settings. */
const ITEMS = [
  { key: 'upcoming_date', label: 'edit.checkUpcomingDate', link: 'edit.toDates', path: (id: number) => `backend/courses/edit/${id}/dates` },
  {
    key: 'ticket_on_sale',
    label: 'edit.checkTicketOnSale',
    link: 'edit.toTickets',
    path: (id: number) => `backend/courses/edit/${id}/tickets`,
  },
  { key: 'payment_method', label: 'edit.checkPaymentMethod', link: 'edit.toIntegration', path: () => 'backend/config/integration' },
] as const;

/** The tab where each text is written. */
const TEXT_TABS = { description: 'basic', cancellation_policy: 'settings' } as const;

/** Whether every check passed (a server without the payment check counts it as passed). */
export const publishReady = (checks: PublishChecks) => checks.upcoming_date && checks.ticket_on_sale && checks.payment_method !== false;

/**
 * What publishing needs (the server refuses otherwise): each item ticked or missing, with a link
 * to the page that fixes it.
 */
export function PublishChecklist({ activityId, checks }: { activityId: number; checks: PublishChecks }) {
  const { t } = useTranslation('activities');
  const { t: tc } = useTranslation('common');
  const lang = useLang();
  const missing = checks.missing_texts ?? [];
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="publish-checklist-title">
      <Text fw={500} size="sm" mb={6} id="publish-checklist-title">
        {t('edit.checklistTitle')}
      </Text>
      <List size="sm" spacing={4} center>
        {ITEMS.map((item) => {
          const done = checks[item.key] !== false;
          return (
            <List.Item
              key={item.key}
              icon={
                <ThemeIcon size={20} radius="xl" color={done ? 'teal.8' : 'gray.6'} aria-hidden>
                  {done ? '✓' : '!'}
                </ThemeIcon>
              }
            >
              <Group gap="xs" wrap="wrap">
                <Text size="sm">
                  {t(item.label)}{' '}
                  <Text span size="sm" c={done ? 'teal.9' : 'red.9'}>{`(${t(done ? 'edit.checkDone' : 'edit.checkMissing')})`}</Text>
                </Text>
                {!done && (
                  <Anchor component={Link} to={`/${lang}/${item.path(activityId)}`} size="sm">
                    {t(item.link)}
                  </Anchor>
                )}
              </Group>
            </List.Item>
          );
        })}
      </List>
      {missing.length > 0 && (
        // Warnings, not conditions: publishing works, but visitors would read these untranslated.
        <List size="sm" spacing={4} center mt={6} aria-label={t('edit.textWarnings')}>
          {missing.map((m) => (
            <List.Item
              key={m.field}
              icon={
                <ThemeIcon size={20} radius="xl" color="yellow.3" c="dark.7" aria-hidden>
                  !
                </ThemeIcon>
              }
            >
              <Group gap="xs" wrap="wrap">
                <Text size="sm">
                  {t(`edit.missingText.${m.field}`, { languages: m.languages.map((l) => tc(`language.${l}`)).join(', ') })}
                </Text>
                <Anchor component={Link} to={`/${lang}/backend/courses/edit/${activityId}/${TEXT_TABS[m.field]}`} size="sm">
                  {t(m.field === 'description' ? 'edit.toBasic' : 'edit.toSettings')}
                </Anchor>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}
