import { useCallback, useState } from 'react';

/**
 * Optional sound and vibration for a result, so the door person need not look at the screen for
 * every ticket: one short high beep for "in", two for "already", a low long one for "stop". Off
 * by default; the choice is kept on the device.
 */

export type FeedbackTone = 'ok' | 'warn' | 'stop' | 'neutral';

const KEY = 'bookla.checkin.feedback';
const BEEPS: Record<FeedbackTone, { hz: number; ms: number; count: number }> = {
  ok: { hz: 1320, ms: 110, count: 1 },
  warn: { hz: 880, ms: 90, count: 2 },
  stop: { hz: 220, ms: 380, count: 1 },
  neutral: { hz: 660, ms: 80, count: 1 },
};
const VIBRATION: Record<FeedbackTone, number | number[]> = { ok: 80, warn: [70, 60, 70], stop: [250, 80, 250], neutral: 40 };

let audio: AudioContext | null = null;

function beep(tone: FeedbackTone): void {
  const Ctx = globalThis.AudioContext as typeof AudioContext | undefined;
  if (!Ctx) return;
  audio ??= new Ctx();
  const { hz, ms, count } = BEEPS[tone];
  for (let i = 0; i < count; i++) {
    const start = audio.currentTime + (i * (ms + 70)) / 1000;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.2, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + ms / 1000);
    osc.connect(gain).connect(audio.destination);
    osc.start(start);
    osc.stop(start + ms / 1000);
  }
}

export function giveFeedback(tone: FeedbackTone): void {
  try {
    beep(tone);
    navigator.vibrate?.(VIBRATION[tone]);
  } catch {
    // Sound and vibration are a help, never a reason for a check-in to fail.
  }
}

function stored(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** The device's choice, and a setter that keeps it. */
export function useFeedbackSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(stored);
  const set = useCallback((value: boolean) => {
    setOn(value);
    try {
      localStorage.setItem(KEY, value ? '1' : '0');
    } catch {
      // Storage refused (private mode): the choice lasts for this page only.
    }
  }, []);
  return [on, set];
}
