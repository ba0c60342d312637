import FullCalendar, {
  type CalendarRef,
  type EventClickInfo,
  type EventDropInfo,
  type EventInput,
  type EventResizeDoneInfo,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import deLocale from '@fullcalendar/react/locales/de';
import enGbLocale from '@fullcalendar/react/locales/en-gb';
import frLocale from '@fullcalendar/react/locales/fr';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { Alert, Box, LoadingOverlay } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usesTwelveHours } from '../../../../lib/format';
import { useLang } from '../../../../lib/language';
import { useHasPermission } from '../../../permissions';
import { timetableKeys } from '../api/timetable-keys';
import { useTeamZone } from '../zoned';
import { useCalendarSessions, type CalendarFilters, type CalendarRange, type CalendarSession } from '../api/calendar-api';
import { useCalendarHolidays } from '../api/calendar-holidays';
import { holidayEvents, scrollTimeFor } from './calendar-events';
import { useMoveByDrag } from './use-move-by-drag';
import classes from './calendar-view.module.css';

const LOCALES = { de: deLocale, fr: frLocale } as const;

/** Event times as spec §9 writes them: `HH:mm` (de, fr, English outside the US), `h:mm A` (US English). */
const TIME_24H = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
const TIME_12H = { hour: 'numeric', minute: '2-digit', hour12: true } as const;

export interface CalendarViewProps {
  filters: CalendarFilters;
  canEdit: boolean;
}

interface EventLabels {
  conflict: string;
  /** By activity status; a published activity's dates carry none. */
  status: Partial<Record<CalendarSession['activity_status'], string>>;
}

function toEvent(session: CalendarSession, canEdit: boolean, labels: EventLabels): EventInput {
  const cancelled = session.status === 'cancelled';
  // A draft's (or archived activity's) date is not bookable: hatched and outlined, and named so
  // in its title, so it does not rely on colour (and screen readers hear it).
  const unpublished = labels.status[session.activity_status];
  const prefix = [session.conflict && `⚠ ${labels.conflict}`, unpublished].filter(Boolean).join(' · ');
  return {
    id: String(session.id),
    title: `${prefix ? `${prefix}: ` : ''}${session.title}${session.location ? ` · ${session.location}` : ''}`,
    start: session.starts_at,
    end: session.ends_at,
    editable: canEdit && !cancelled,
    className: [cancelled && classes.cancelled, session.conflict && classes.conflict, unpublished && classes.draft]
      .filter(Boolean)
      .join(' '),
    color: session.conflict
      ? 'var(--mantine-color-orange-7)'
      : cancelled
        ? 'var(--mantine-color-gray-6)'
        : unpublished
          ? 'var(--mantine-color-gray-1)'
          : 'var(--mantine-primary-color-filled)',
    contrastColor: unpublished && !session.conflict && !cancelled ? 'var(--mantine-color-dark-7)' : 'var(--mantine-color-white)',
    extendedProps: {
      activityId: session.activity_id,
      status: session.status,
      conflict: session.conflict,
      activityStatus: session.activity_status,
    },
  };
}

/**
 * The month/week/day/list calendar of every activity's dates, in the team's zone. Its own chunk:
 * FullCalendar is loaded only by this screen.
 */
export default function CalendarView({ filters, canEdit }: CalendarViewProps) {
  const { t } = useTranslation('timetable');
  const { t: tb } = useTranslation('backend');
  const lang = useLang();
  const twelveHours = usesTwelveHours(lang);
  const zone = useTeamZone();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [range, setRange] = useState<CalendarRange | null>(null);
  const [viewType, setViewType] = useState('dayGridMonth');
  const calendarRef = useRef<CalendarRef>(null);
  const sessions = useCalendarSessions(range, filters);
  // Holidays are a setting of the company; a role that may not read it sees the dates only.
  const holidays = useCalendarHolidays(useHasPermission('nav.config'));
  const onMove = useMoveByDrag(() => queryClient.invalidateQueries({ queryKey: timetableKeys.calendar }));

  const events = useMemo(() => {
    const labels: EventLabels = {
      conflict: t('calendar.conflict'),
      status: { draft: t('calendar.draft'), archived: t('calendar.archived') },
    };
    const dates = (sessions.data ?? []).map((s) => toEvent(s, canEdit, labels));
    const days = holidayEvents(holidays.data ?? [], (name) => t('calendar.holiday', { name }), classes.holiday ?? '');
    return [...days, ...dates];
  }, [sessions.data, holidays.data, canEdit, t]);

  // Week and day open at business hours, or earlier at the first date of the visible range.
  const scrollTime = scrollTimeFor(sessions.isPlaceholderData ? [] : (sessions.data ?? []));
  useEffect(() => {
    if (viewType.startsWith('timeGrid')) calendarRef.current?.getApi().scrollToTime(scrollTime);
  }, [scrollTime, viewType, range]);

  const onClick = (info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    if (info.event.extendedProps.holiday) return;
    void navigate(`/${lang}/backend/courses/edit/${String(info.event.extendedProps.activityId)}/dates`);
  };
  const onChange = (info: EventDropInfo | EventResizeDoneInfo) => void onMove(info);

  return (
    <Box pos="relative" className={classes.root} data-scroll-time={viewType.startsWith('timeGrid') ? scrollTime : undefined}>
      {sessions.isError && (
        <Alert color="red" mb="sm">
          {tb('errors.load')}
        </Alert>
      )}
      <LoadingOverlay visible={sessions.isFetching} zIndex={5} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
      <FullCalendar
        ref={calendarRef}
        plugins={[classicThemePlugin, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        initialView="dayGridMonth"
        // English: FullCalendar's own (US) or en-GB (day-first headers, 24-hour slots), as the date style says.
        locale={lang === 'en' ? (twelveHours ? undefined : enGbLocale) : LOCALES[lang]}
        timeZone={zone}
        firstDay={1}
        headerToolbar={{ start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay,listMonth' }}
        // Week and day get a scroller of their own, so opening at business hours means something;
        // month and list grow with their content.
        height={viewType.startsWith('timeGrid') ? 680 : 'auto'}
        allDaySlot={false}
        scrollTime={scrollTime}
        // A date ending before 06:00 the next day (a party until 02:00) belongs to its first day:
        // month view shows it there as a block with its end time instead of dropping the end.
        nextDayThreshold="06:00:00"
        // Blocks (not dots) in month view, so a draft's hatching shows there too; times as spec §9.
        eventDisplay="block"
        displayEventEnd
        eventTimeFormat={twelveHours ? TIME_12H : TIME_24H}
        nowIndicator
        events={events}
        editable={canEdit}
        eventDurationEditable={canEdit}
        datesSet={(info) => {
          setViewType(info.view.type);
          setRange((prev) => {
            // The end is exclusive; the feed takes the last visible day.
            const next = { from: info.startStr.slice(0, 10), to: dayjs(info.endStr.slice(0, 10)).subtract(1, 'day').format('YYYY-MM-DD') };
            return prev && prev.from === next.from && prev.to === next.to ? prev : next;
          });
        }}
        eventClick={onClick}
        eventDrop={onChange}
        eventResize={onChange}
      />
    </Box>
  );
}
