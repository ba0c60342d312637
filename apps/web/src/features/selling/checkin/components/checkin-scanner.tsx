import type { CheckinSession } from '@bookla/shared/checkin';
import { Button, Stack, Switch, TextInput } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useTeamZone, wallTime } from '../../../catalogue/timetable';
import { extractTicketCode, type CheckinOutcome } from '../api/checkin-api';
import { useCheckinSessions } from '../api/sessions-api';
import { openCheckinStore } from '../offline/checkin-store';
import { useDoor } from '../offline/use-door';
import { CameraScanner } from './camera-scanner';
import { CheckinResult, toneOf } from './checkin-result';
import { DoorStatus } from './door-status';
import { giveFeedback, useFeedbackSetting } from './feedback';
import { SessionPicker } from './session-picker';
import { isCheckedIn, UndoCheckinButton } from './undo-checkin-button';

interface Shown {
  outcome: CheckinOutcome;
  code: string;
  seq: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The chosen day and date, kept in the address (`?day=2026-06-01&session=41`) so a reload keeps
 * them. The date comes from the day's list, or from the device's saved list when offline.
 */
function useChosenSession() {
  const zone = useTeamZone();
  const [params, setParams] = useSearchParams();
  const dayParam = params.get('day') ?? '';
  const day = DAY.test(dayParam) ? dayParam : wallTime(new Date().toISOString(), zone).slice(0, 10);
  const sessionId = Number(params.get('session')) || null;
  const sessions = useCheckinSessions(day);
  const [saved, setSaved] = useState<CheckinSession | null>(null);
  const listed = sessions.data?.find((s) => s.id === sessionId) ?? null;

  useEffect(() => {
    if (sessionId === null || listed) return;
    let live = true;
    void openCheckinStore()
      .then((store) => store?.session(sessionId))
      .then((cached) => live && setSaved(cached?.session ?? null));
    return () => {
      live = false;
    };
  }, [sessionId, listed]);

  const set = (next: { day?: string; session?: CheckinSession | null }) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next.day !== undefined) p.set('day', next.day);
        if (next.session !== undefined) {
          if (next.session) p.set('session', String(next.session.id));
          else p.delete('session');
        }
        return p;
      },
      { replace: true },
    );
  const chosen = listed ?? (saved?.id === sessionId ? saved : null);
  return { day, sessions, chosen, set };
}

/**
 * `/{lang}/ticket/checkin`: the door. Choose the date to check in for (its list is saved on the
 * device for offline use), then scan QR codes with the camera or type/paste a code; the result
 * shows big below, with the running count. Offline, the saved list decides and scans are queued.
 */
export function CheckinScanner() {
  const { t } = useTranslation('checkin');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useFeedbackSetting();
  const input = useRef<HTMLInputElement>(null);
  const { day, sessions, chosen, set } = useChosenSession();
  const door = useDoor(chosen);

  const show = useCallback(
    (outcome: CheckinOutcome, code: string) => setShown((prev) => ({ outcome, code, seq: (prev?.seq ?? 0) + 1 })),
    [],
  );

  const checkIn = async (code: string | null, from: 'typed' | 'camera') => {
    if (busy) return;
    if (!code) {
      if (from === 'camera') show({ kind: 'notFound' }, '');
      return;
    }
    setBusy(true);
    try {
      const outcome = await door.scan(code);
      show(outcome, code);
      if (feedback) giveFeedback(toneOf(outcome));
      if (from === 'typed') setValue('');
    } finally {
      setBusy(false);
      if (from === 'typed') input.current?.focus();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = extractTicketCode(value);
    if (!code) {
      setError(value.trim() ? t('scanner.invalid') : t('scanner.empty'));
      input.current?.focus();
      return;
    }
    setError(null);
    void checkIn(code, 'typed');
  };

  const outcome = shown?.outcome ?? null;
  return (
    <Stack gap="lg" maw={640}>
      <SessionPicker
        day={day}
        onDay={(next) => set({ day: next, session: null })}
        sessions={sessions.data ?? []}
        chosen={chosen}
        onChoose={(session) => set({ session })}
        loading={sessions.isPending}
        failed={sessions.isError && !chosen}
      />
      <DoorStatus door={door} hasSession={chosen !== null} />
      <CameraScanner onCode={(text) => void checkIn(extractTicketCode(text), 'camera')} paused={busy} />
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" align="flex-start">
          <TextInput
            ref={input}
            label={t('scanner.code')}
            description={t('scanner.codeHint')}
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              if (error) setError(null);
            }}
            error={error}
            autoFocus
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="go"
            size="md"
            w="100%"
          />
          <Button type="submit" size="md" loading={busy}>
            {t('scanner.submit')}
          </Button>
        </Stack>
      </form>
      <CheckinResult
        outcome={outcome}
        seq={shown?.seq}
        actions={
          shown &&
          isCheckedIn(shown.outcome) &&
          !shown.outcome.offline && (
            <UndoCheckinButton
              code={shown.code}
              onUndone={(undone) => {
                show(undone, shown.code);
                void door.remember(shown.code, undone);
                input.current?.focus();
              }}
            />
          )
        }
      />
      <Switch checked={feedback} onChange={(e) => setFeedback(e.currentTarget.checked)} label={t('scanner.feedback')} size="md" />
    </Stack>
  );
}
