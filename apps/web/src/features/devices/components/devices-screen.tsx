import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { QueryError } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useDevices } from '../api/list-devices';
import type { RevokeOutcome } from '../api/revoke-device';
import { DeviceItem } from './device-item';
import { ScreenHeader } from '@/components/ui/screen-header';

/** How often "5 minutes ago" moves on while the screen stays open. */
const CLOCK_MS = 60_000;

function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * Devices (docs/product/auth-and-sessions.md#devices): every live session of the customer, the current one
 * first, and sign-out of any other. The list follows focus and realtime (SessionRevoked).
 */
export function DevicesScreen() {
  const { t } = useTranslation();
  const devices = useDevices();
  const now = useNow();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // The signed-out device's row is gone: focus goes back to the top, the notice is announced.
  const onSignedOut = useCallback(
    (outcome: RevokeOutcome, name: string) => {
      setNotice(t(outcome === 'revoked' ? 'devices.signedOut' : 'devices.alreadySignedOut', { device: name }));
      headingRef.current?.focus();
    },
    [t],
  );

  let body;
  if (devices.data) {
    // A failed background refresh keeps the list it has. Times count from the later of the
    // clock's tick and the answer's arrival.
    const clock = Math.max(now, devices.dataUpdatedAt);
    const others = devices.data.filter((device) => !device.is_current);
    body = (
      <div className="space-y-5">
        {devices.data.length > 0 && (
          <ul aria-label={t('devices.listLabel')} className="divide-y divide-slate-200">
            {devices.data.map((device) => (
              <DeviceItem key={device.id} device={device} now={clock} onSignedOut={onSignedOut} />
            ))}
          </ul>
        )}
        {others.length === 0 && (
          <p
            className={cn('text-slate-700', devices.data.length > 0 && 'border-t border-slate-200 pt-5')}
            data-testid="devices-empty"
          >
            {t('devices.empty')}
          </p>
        )}
      </div>
    );
  } else if (devices.isError) {
    body = (
      <QueryError
        message={t('devices.loadError')}
        retrying={devices.isFetching}
        onRetry={() => void devices.refetch()}
      />
    );
  } else {
    body = <Spinner label={t('devices.loading')} />;
  }

  return (
    <div className="mx-auto w-full max-w-2xl space-y-6">
      <ScreenHeader
        heading={t('screens.devices')}
        intro={t('devices.intro')}
        notice={notice}
        noticeTestId="devices-notice"
        headingRef={headingRef}
      />
      <Card>{body}</Card>
    </div>
  );
}
