import type { PublishChecks } from '@bookla/shared/catalogue-activities';
import { Anchor, Group, List, Paper, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../../lib/language';

const ITEMS = [
  { key: 'upcoming_date', label: 'edit.checkUpcomingDate', link: 'edit.toDates', tab: 'dates' },
  { key: 'ticket_on_sale', label: 'edit.checkTicketOnSale', link: 'edit.toTickets', tab: 'tickets' },
] as const;

/**
 * What publishing needs (the server refuses otherwise): each item ticked or missing, with a link
 * to the tab that fixes it.
 */
export function PublishChecklist({ activityId, checks }: { activityId: number; checks: PublishChecks }) {
  const { t } = useTranslation('activities');
  const lang = useLang();
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="publish-checklist-title">
      <Text fw={500} size="sm" mb={6} id="publish-checklist-title">
        {t('edit.checklistTitle')}
      </Text>
      <List size="sm" spacing={4} center>
        {ITEMS.map((item) => {
          const done = checks[item.key];
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
                  <Anchor component={Link} to={`/${lang}/backend/courses/edit/${activityId}/${item.tab}`} size="sm">
                    {t(item.link)}
                  </Anchor>
                )}
              </Group>
            </List.Item>
          );
        })}
      </List>
    </Paper>
  );
}
