import { useEffect, useState } from 'react';
import { useShop } from '../shop-context';

const secondsLeft = (expiresAt: string) => Math.max(0, Math.ceil((new Date(expiresAt).getTime() - Date.now()) / 1000));

/** Seconds until the reservation ends, ticking once a second (from the clock, so it never drifts). */
export function useSecondsLeft(expiresAt: string): number {
  const [left, setLeft] = useState(() => secondsLeft(expiresAt));
  useEffect(() => {
    setLeft(secondsLeft(expiresAt));
    const timer = window.setInterval(() => {
      const now = secondsLeft(expiresAt);
      setLeft(now);
      if (now <= 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [expiresAt]);
  return left;
}

/** `mm:ss`, or `h:mm:ss` from an hour on (a waiting-list offer holds its seats for a day). */
export function clockText(seconds: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/**
 * mm:ss (h:mm:ss) for the eye; for screen readers a polite announcement only when the minute
 * changes (a reading every second would drown everything else).
 */
export function Countdown({ seconds }: { seconds: number }) {
  const { t } = useShop();
  const minutes = Math.ceil(seconds / 60);
  // A waiting-list offer holds for hours: "11 h 58 min", not "718 minutes".
  const said =
    minutes < 60
      ? t('checkout.minutesLeft', { count: minutes })
      : t('checkout.timeLeft', { time: t('checkout.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 }) });
  return (
    <div className={seconds < 120 ? 'countdown countdown-urgent' : 'countdown'}>
      <span aria-hidden="true">
        {t('checkout.heldFor')} <strong className="clock">{clockText(seconds)}</strong>
      </span>
      <span className="visually-hidden" aria-live="polite" aria-atomic="true">
        {said}
      </span>
    </div>
  );
}
