import FullCalendar, { type EventClickInfo, type EventDropInfo, type EventInput, type EventResizeDoneInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import deLocale from '@fullcalendar/react/locales/de';
import frLocale from '@fullcalendar/react/locales/fr';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { Alert, Box, LoadingOverlay } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../../../lib/language';
import { timetableKeys } from '../api/timetable-keys';
import { useTeamZone } from '../zoned';
import { useCalendarSessions, type CalendarFilters, type CalendarRange, type CalendarSession } from '../api/calendar-api';
import { useMoveByDrag } from './use-move-by-drag';
import classes from './calendar-view.module.css';

const LOCALES = { de: deLocale, fr: frLocale } as const;

export interface CalendarViewProps {
  filters: CalendarFilters;
  canEdit: boolean;
}

function toEvent(session: CalendarSession, canEdit: boolean, conflictLabel: string): EventInput {
  const cancelled = session.status === 'cancelled';
  return {
    id: String(session.id),
    title: `${session.conflict ? `⚠ ${conflictLabel}: ` : ''}${session.title}${session.location ? ` · ${session.location}` : ''}`,
    start: session.starts_at,
    end: session.ends_at,
    editable: canEdit && !cancelled,
    className: [cancelled && classes.cancelled, session.conflict && classes.conflict].filter(Boolean).join(' '),
    color: session.conflict ? 'var(--mantine-color-orange-7)' : cancelled ? 'var(--mantine-color-gray-6)' : undefined,
    extendedProps: { activityId: session.activity_id, status: session.status, conflict: session.conflict },
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
  const zone = useTeamZone();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [range, setRange] = useState<CalendarRange | null>(null);
  const sessions = useCalendarSessions(range, filters);
  const onMove = useMoveByDrag(() => queryClient.invalidateQueries({ queryKey: timetableKeys.calendar }));

  const events = useMemo(() => (sessions.data ?? []).map((s) => toEvent(s, canEdit, t('calendar.conflict'))), [sessions.data, canEdit, t]);

  const onClick = (info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    void navigate(`/${lang}/backend/courses/edit/${String(info.event.extendedProps.activityId)}/dates`);
  };
  const onChange = (info: EventDropInfo | EventResizeDoneInfo) => void onMove(info);

  return (
    <Box pos="relative" className={classes.root}>
      {sessions.isError && (
        <Alert color="red" mb="sm">
          {tb('errors.load')}
        </Alert>
      )}
      <LoadingOverlay visible={sessions.isFetching} zIndex={5} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
      <FullCalendar
        plugins={[classicThemePlugin, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        initialView="dayGridMonth"
        locale={lang === 'en' ? undefined : LOCALES[lang]}
        timeZone={zone}
        firstDay={1}
        headerToolbar={{ start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay,listMonth' }}
        height="auto"
        allDaySlot={false}
        nowIndicator
        events={events}
        editable={canEdit}
        eventDurationEditable={canEdit}
        datesSet={(info) =>
          setRange((prev) => {
            // The end is exclusive; the feed takes the last visible day.
            const next = { from: info.startStr.slice(0, 10), to: dayjs(info.endStr.slice(0, 10)).subtract(1, 'day').format('YYYY-MM-DD') };
            return prev && prev.from === next.from && prev.to === next.to ? prev : next;
          })
        }
        eventClick={onClick}
        eventDrop={onChange}
        eventResize={onChange}
      />
    </Box>
  );
}
