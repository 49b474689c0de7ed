import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { RevokeDeviceError, useRevokeDevice, type RevokeOutcome } from '../api/revoke-device';

interface DeviceSignOutProps {
  deviceId: string;
  /** "Chrome 120 on macOS 10.15": names the buttons and the question. */
  name: string;
  onSignedOut: (outcome: RevokeOutcome, name: string) => void;
}

const smallButton = 'min-h-10 px-4 text-sm';

/**
 * "Sign out" of another device, confirmed inline (confirm + cancel, Escape cancels). Focus follows
 * the step; a failure is shown next to the device and describes its button.
 */
export function DeviceSignOut({ deviceId, name, onSignedOut }: DeviceSignOutProps) {
  const { t } = useTranslation();
  const revoke = useRevokeDevice();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const moveFocus = useRef(false);
  const questionId = useId();
  const errorId = useId();

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    // The step's first button: "Yes, sign out" when confirming, else "Sign out".
    rootRef.current?.querySelector('button')?.focus();
  }, [confirming]);

  const show = (next: boolean) => {
    moveFocus.current = true;
    setConfirming(next);
  };

  const confirm = async () => {
    setError(null);
    try {
      const outcome = await revoke.mutateAsync(deviceId);
      setConfirming(false);
      onSignedOut(outcome, name);
    } catch (failure) {
      const current = failure instanceof RevokeDeviceError && failure.status === 409;
      setError(t(current ? 'devices.currentDeviceError' : 'devices.signOutError'));
      show(false);
    }
  };

  return (
    <div ref={rootRef} className="space-y-3">
      {confirming ? (
        <div
          role="group"
          aria-labelledby={questionId}
          className="space-y-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200"
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !revoke.isPending) show(false);
          }}
        >
          <p id={questionId} className="text-sm text-slate-900">
            {t('devices.confirmQuestion', { device: name })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button className={smallButton} loading={revoke.isPending} onClick={() => void confirm()}>
              {t('devices.confirm')}
            </Button>
            <Button variant="secondary" className={smallButton} disabled={revoke.isPending} onClick={() => show(false)}>
              {t('devices.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <Button
          variant="secondary"
          className={smallButton}
          aria-label={t('devices.signOutDevice', { device: name })}
          aria-describedby={error ? errorId : undefined}
          onClick={() => show(true)}
        >
          {t('devices.signOut')}
        </Button>
      )}
      {error && (
        <Alert tone="error">
          <span id={errorId}>{error}</span>
        </Alert>
      )}
    </div>
  );
}
