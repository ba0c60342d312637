import type { Language } from '@bookla/shared/i18n';
import { Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../../lib/language';
import { showDate, showDateTime, showTime, useTeamZone, wallTime } from '../../../catalogue/timetable';
import type { CheckinOutcome, TicketView } from '../api/checkin-api';
import classes from './checkin-result.module.css';
import type { FeedbackTone } from './feedback';

type Tone = FeedbackTone;
type Icon = 'check' | 'clock' | 'cross' | 'search' | 'undo';

const ICON_PATHS: Record<Icon, string> = {
  check: 'M5 12.5l4.5 4.5L19 7.5',
  clock: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M12 7v5l3.5 2',
  cross: 'M6.5 6.5l11 11M17.5 6.5l-11 11',
  search: 'M10.5 4a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13M15.5 15.5L20 20',
  undo: 'M9 14L4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11',
};

function StateIcon({ icon }: { icon: Icon }) {
  return (
    <svg
      className={classes.icon}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICON_PATHS[icon]} />
    </svg>
  );
}

/** The colour family of an outcome (the card's band, the sound). */
export function toneOf(outcome: CheckinOutcome): Tone {
  switch (outcome.kind) {
    case 'checkedIn':
      return 'ok';
    case 'already':
      return 'warn';
    case 'undone':
    case 'queued':
      return 'neutral';
    default:
      return 'stop';
  }
}

/** The big state of an outcome: tone, icon, headline and an explanation where one helps. */
function useStateText(outcome: CheckinOutcome): { tone: Tone; icon: Icon; title: string; text?: string } {
  const { t } = useTranslation('checkin');
  const lang = useLang();
  const zone = useTeamZone();
  const state = stateText(outcome, t, lang, zone);
  if ('offline' in outcome && outcome.offline) return { ...state, text: [state.text, t('result.offlineNote')].filter(Boolean).join(' ') };
  return state;
}

function stateText(
  outcome: CheckinOutcome,
  t: TFunction<'checkin'>,
  lang: Language,
  zone: string,
): { tone: Tone; icon: Icon; title: string; text?: string } {
  switch (outcome.kind) {
    case 'checkedIn':
      return { tone: 'ok', icon: 'check', title: t('result.checkedIn') };
    case 'already': {
      const today = wallTime(new Date().toISOString(), zone).slice(0, 10) === wallTime(outcome.checkedInAt, zone).slice(0, 10);
      const time = showTime(outcome.checkedInAt, zone, lang);
      const title = today
        ? t('result.alreadyAt', { time })
        : t('result.alreadyOn', { date: showDate(outcome.checkedInAt, zone, lang), time });
      return { tone: 'warn', icon: 'clock', title };
    }
    case 'unpaid':
      return { tone: 'stop', icon: 'cross', title: t('result.unpaid'), text: t('result.unpaidText') };
    case 'cancelled':
      return { tone: 'stop', icon: 'cross', title: t('result.cancelled'), text: t('result.cancelledText') };
    case 'undone':
      return { tone: 'neutral', icon: 'undo', title: t('result.undone'), text: t('result.undoneText') };
    case 'wrongSession': {
      const ticket = outcome.ticket;
      if (!ticket) return { tone: 'stop', icon: 'search', title: t('result.notOnList'), text: t('result.notOnListText') };
      const text = ticket.sessionStartsAt
        ? t('result.wrongSessionText', { activity: ticket.activityName ?? '', date: showDateTime(ticket.sessionStartsAt, zone, lang) })
        : t('result.wrongActivityText', { activity: ticket.activityName ?? '' });
      return { tone: 'stop', icon: 'cross', title: t('result.wrongSession'), text };
    }
    case 'queued':
      return { tone: 'neutral', icon: 'clock', title: t('result.queued'), text: t('result.queuedText') };
    case 'notFound':
      return { tone: 'stop', icon: 'search', title: t('result.notFound'), text: t('result.notFoundText') };
    case 'failed':
      return { tone: 'stop', icon: 'cross', title: t('result.failed'), text: outcome.message || t('result.failedText') };
  }
}

function TicketDetails({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation('checkin');
  const lang = useLang();
  const zone = useTeamZone();
  const rows: [string, ReactNode][] = [];
  if (ticket.activityName) rows.push([t('result.activity'), ticket.activityName]);
  rows.push([t('result.ticket'), ticket.ticketName]);
  if (ticket.sessionStartsAt) rows.push([t('result.date'), showDateTime(ticket.sessionStartsAt, zone, lang)]);
  if (ticket.orderNumber !== null) rows.push([t('result.order'), t('result.orderNumber', { number: ticket.orderNumber })]);
  return (
    <Stack gap="sm" p="lg">
      <div>
        <Text c="dimmed" size="sm">
          {t('result.participant')}
        </Text>
        <div className={classes.name}>
          {ticket.participant.firstname} {ticket.participant.lastname}
        </div>
      </div>
      <dl className={classes.details}>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Stack>
  );
}

function ResultCard({ outcome }: { outcome: CheckinOutcome }) {
  const state = useStateText(outcome);
  return (
    <Paper withBorder radius="md" className={classes.card} data-outcome={outcome.kind}>
      <div className={classes.band} data-tone={state.tone}>
        <StateIcon icon={state.icon} />
        <div>
          <p className={classes.state}>{state.title}</p>
          {state.text && <Text mt={4}>{state.text}</Text>}
        </div>
      </div>
      {'ticket' in outcome && outcome.ticket && <TicketDetails ticket={outcome.ticket} />}
    </Paper>
  );
}

/**
 * Where the result of a check-in shows: a live region that exists before any result, so screen
 * readers announce each new one. `actions` (undo, check in again) sit outside it, after the card.
 * `seq` counts the results shown (a repeated identical result is still a new announcement).
 */
export function CheckinResult({
  outcome,
  seq = 0,
  busy = false,
  actions,
}: {
  outcome: CheckinOutcome | null;
  seq?: number;
  /** A check-in is under way and nothing is shown yet. */
  busy?: boolean;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('checkin');
  return (
    <Stack gap="sm">
      <div role="status" aria-live="polite" aria-atomic="true" aria-label={t('result.region')}>
        {/* A new node per result (`seq`), so the same text twice is announced twice. */}
        {outcome && <ResultCard key={seq} outcome={outcome} />}
        {!outcome && busy && (
          <Group gap="sm">
            <Loader size="sm" aria-hidden="true" />
            <Text>{t('scan.checking')}</Text>
          </Group>
        )}
      </div>
      {outcome && actions}
    </Stack>
  );
}
