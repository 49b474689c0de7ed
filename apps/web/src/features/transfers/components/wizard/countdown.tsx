import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The milliseconds left until `expiresAt`, updated every second (0 once past). */
export function useTimeLeft(expiresAt: string): number {
  const end = Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [end]);
  return Math.max(0, end - now);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The rate lock's countdown: "Rate locked for 12:34" on screen (a timer, not announced), and for a
 * screen reader a polite message only when the minute changes ("Rate locked for 12 more minutes.").
 */
export function Countdown({ msLeft }: { msLeft: number }) {
  const { t } = useTranslation();
  const seconds = Math.ceil(msLeft / 1000);
  const minutes = Math.ceil(msLeft / 60_000);
  const visible = `${Math.floor(seconds / 60)}:${pad(seconds % 60)}`;
  const spoken =
    msLeft <= 0
      ? t('transfer.countdown.expired')
      : msLeft < 60_000
        ? t('transfer.countdown.underAMinute')
        : minutes === 1
          ? t('transfer.countdown.oneMinuteLeft')
          : t('transfer.countdown.minutesLeft', { count: minutes });
  return (
    <div className="text-sm" data-testid="quote-countdown">
      <p aria-hidden="true" className="font-medium text-slate-800 tabular-nums">
        {msLeft > 0 ? t('transfer.countdown.locked', { time: visible }) : t('transfer.countdown.expired')}
      </p>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {spoken}
      </p>
    </div>
  );
}
