import type { Device } from '@remit/contract';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '@/components/ui/icons';
import type { RevokeOutcome } from '../api/revoke-device';
import { deviceLabels, formatLastActive, isHandheld, lastActiveAt } from '../lib/format';
import { DeviceSignOut } from './device-sign-out';

interface DeviceItemProps {
  device: Device;
  /** The clock the "last active" times are relative to (ticks while the screen is open). */
  now: number;
  onSignedOut: (outcome: RevokeOutcome, name: string) => void;
}

function DeviceIcon({ handheld }: { handheld: boolean }) {
  return (
    <LineIcon className="h-6 w-6 shrink-0 text-slate-600" strokeWidth="1.75">
      {handheld ? (
        <>
          <rect x="7" y="2.5" width="10" height="19" rx="2" />
          <path d="M11 18.5h2" strokeLinecap="round" />
        </>
      ) : (
        <>
          <rect x="3" y="4" width="18" height="12" rx="1.5" />
          <path d="M8 20h8M12 16v4" strokeLinecap="round" />
        </>
      )}
    </LineIcon>
  );
}

/**
 * The passkey that signed this session in, when it was one (docs/product/auth-and-sessions.md#passkeys):
 * the optional `passkey_name` of the wire, read even before the contract's Session names it.
 */
function passkeyNameOf(device: Device): string | null {
  const name = (device as Device & { passkey_name?: unknown }).passkey_name;
  return typeof name === 'string' && name.trim() !== '' ? name : null;
}

/** One signed-in device: browser, system, last activity, badges, and sign-out for the others. */
export function DeviceItem({ device, now, onSignedOut }: DeviceItemProps) {
  const { t, i18n } = useTranslation();
  const { browser, os, name } = deviceLabels(device, t);
  const lastActive = lastActiveAt(device);
  const passkeyName = passkeyNameOf(device);

  return (
    <li
      data-testid="device-item"
      className="flex flex-col gap-4 py-5 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="flex min-w-0 gap-3 sm:flex-1">
        <DeviceIcon handheld={isHandheld(device)} />
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold break-words text-slate-900">{browser}</span>
            {device.is_current && (
              <span className="rounded-full bg-blue-50 px-2 py-0.5 text-xs font-semibold text-blue-800 ring-1 ring-blue-200">
                {t('devices.thisDevice')}
              </span>
            )}
          </p>
          <p className="text-sm break-words text-slate-700">{os}</p>
          <p className="text-sm text-slate-700">
            <time dateTime={lastActive}>
              {t('devices.lastActive', { time: formatLastActive(lastActive, i18n.language, now) })}
            </time>
          </p>
          {passkeyName && (
            <p className="text-sm break-words text-slate-700" data-testid="device-passkey">
              {t('devices.signedInWithPasskey', { name: passkeyName })}
            </p>
          )}
          {/* a method and no code yet: someone has the password and is signing in */}
          {device.mfa_method !== null && !device.is_mfa_completed && (
            <p className="text-sm font-medium text-amber-900">{t('devices.pendingMfa')}</p>
          )}
        </div>
      </div>
      {/* at most a third of the row, so an open confirmation never squeezes the device's details */}
      {!device.is_current && (
        <div className="sm:max-w-[33%] sm:shrink-0">
          <DeviceSignOut deviceId={device.id} name={name} onSignedOut={onSignedOut} />
        </div>
      )}
    </li>
  );
}
