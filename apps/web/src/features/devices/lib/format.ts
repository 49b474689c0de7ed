import type { Device } from '@remit/contract';
import type { TFunction } from 'i18next';
import { formatDateTime } from '@/lib/format-date';

/** What a device is called on screen: its browser and system, or the "unknown" texts. */
export function deviceLabels(device: Device, t: TFunction) {
  const browser = device.client_version ?? t('devices.unknownBrowser');
  const os = device.os_version ?? t('devices.unknownSystem');
  return { browser, os, name: t('devices.deviceName', { browser, os }) };
}

/** Phones and tablets get their own icon. */
export function isHandheld(device: Device): boolean {
  return /android|ios|iphone|ipad/i.test(device.os_version ?? '');
}

/** When the device was last active (touched_at, else created_at). */
export function lastActiveAt(device: Device): string {
  return device.touched_at ?? device.created_at;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "now", "5 minutes ago", "yesterday" within a week, else a date and time, in the UI language.
 * A time in the future (clocks differ) counts as now.
 */
export function formatLastActive(iso: string, language: string, now: number): string {
  const time = new Date(iso).getTime();
  const seconds = Math.max(0, (now - time) / 1000);
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (seconds < MINUTE) return relative.format(0, 'second');
  if (seconds < HOUR) return relative.format(-Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return relative.format(-Math.floor(seconds / HOUR), 'hour');
  if (seconds < 7 * DAY) return relative.format(-Math.floor(seconds / DAY), 'day');
  return formatDateTime(time, language);
}
