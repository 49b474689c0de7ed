import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Button } from './button';

export interface ResendButtonProps {
  /** Seconds until a resend is allowed (0 = now). A new value restarts the countdown. */
  availableIn: number;
  /**
   * Sends a new code; answers when the next one is allowed. A rejection re-enables the button (the
   * caller shows the error).
   */
  onResend: () => Promise<{ resend_available_in: number }>;
  className?: string;
  testId?: string;
}

/** "0:42" */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * "Resend code in 0:42" counting down, then "Resend code". The ticking text is not a live region;
 * a separate polite status says once when a code was sent and once when resending becomes possible.
 * The button stays focusable while waiting (aria-disabled) so keyboard users can find it.
 */
export function ResendButton({ availableIn, onResend, className, testId }: ResendButtonProps) {
  const { t } = useTranslation();
  const [deadline, setDeadline] = useState(() => Date.now() + availableIn * 1000);
  const [remaining, setRemaining] = useState(Math.max(0, Math.ceil(availableIn)));
  const [sending, setSending] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const wasWaiting = useRef(availableIn > 0);

  useEffect(() => {
    setDeadline(Date.now() + availableIn * 1000);
    setRemaining(Math.max(0, Math.ceil(availableIn)));
  }, [availableIn]);

  useEffect(() => {
    const tick = () => setRemaining(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    tick();
    if (deadline <= Date.now()) return undefined;
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  useEffect(() => {
    if (remaining > 0) {
      wasWaiting.current = true;
    } else if (wasWaiting.current) {
      wasWaiting.current = false;
      setAnnouncement(t('security.resend.available'));
    }
  }, [remaining, t]);

  const waiting = remaining > 0;

  async function handleClick() {
    if (waiting || sending) return;
    setSending(true);
    setAnnouncement('');
    try {
      const { resend_available_in } = await onResend();
      setDeadline(Date.now() + resend_available_in * 1000);
      setRemaining(Math.max(0, Math.ceil(resend_available_in)));
      setAnnouncement(t('security.resend.sent'));
    } catch {
      // The caller reports the failure; the button is usable again.
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <Button
        variant="ghost"
        data-testid={testId}
        className={cn(
          'aria-disabled:cursor-not-allowed aria-disabled:text-slate-600 aria-disabled:hover:bg-transparent',
          className,
        )}
        aria-disabled={waiting || undefined}
        loading={sending}
        onClick={() => void handleClick()}
      >
        {waiting ? t('security.resend.in', { time: formatCountdown(remaining) }) : t('security.resend.now')}
      </Button>
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </>
  );
}
