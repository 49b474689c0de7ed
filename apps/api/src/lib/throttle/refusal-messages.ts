import { DEFAULT_LOCALE, type Locale } from '../locale.ts';

/** What a throttle refuses; each has its sentence, followed by when to try again. */
export type RefusalKind = 'attempts' | 'login' | 'codeRequests' | 'passwordResets' | 'signUp' | 'mfaLocked' | 'uploads';

interface RefusalCatalog {
  /** A number with its unit: `one` for 1, `many` otherwise. */
  units: Record<'second' | 'minute' | 'hour', { one: string; many: string }>;
  and: string;
  refusal: Record<RefusalKind, (when: string) => string>;
}

const en: RefusalCatalog = {
  units: {
    second: { one: 'second', many: 'seconds' },
    minute: { one: 'minute', many: 'minutes' },
    hour: { one: 'hour', many: 'hours' },
  },
  and: 'and',
  refusal: {
    attempts: (when) => `Too many attempts. Try again in ${when}.`,
    login: (when) => `Too many login attempts. Try again in ${when}.`,
    codeRequests: (when) => `Please wait before requesting another code. Try again in ${when}.`,
    passwordResets: (when) => `Too many password reset requests. Try again in ${when}.`,
    signUp: (when) => `Too many sign-up attempts. Try again in ${when}.`,
    mfaLocked: (when) => `Too many incorrect codes. Sign in again in ${when}.`,
    uploads: (when) => `Too many document uploads. Try again in ${when}.`,
  },
};

const fr: RefusalCatalog = {
  units: {
    second: { one: 'seconde', many: 'secondes' },
    minute: { one: 'minute', many: 'minutes' },
    hour: { one: 'heure', many: 'heures' },
  },
  and: 'et',
  refusal: {
    attempts: (when) => `Trop de tentatives. Réessayez dans ${when}.`,
    login: (when) => `Trop de tentatives de connexion. Réessayez dans ${when}.`,
    codeRequests: (when) => `Veuillez patienter avant de demander un nouveau code. Réessayez dans ${when}.`,
    passwordResets: (when) => `Trop de demandes de réinitialisation du mot de passe. Réessayez dans ${when}.`,
    signUp: (when) => `Trop de tentatives d’inscription. Réessayez dans ${when}.`,
    mfaLocked: (when) => `Trop de codes incorrects. Reconnectez-vous dans ${when}.`,
    uploads: (when) => `Trop d’envois de documents. Réessayez dans ${when}.`,
  },
};

const catalogs: Record<Locale, RefusalCatalog> = { en, fr };

/**
 * A wait in words, never shorter than the wait (docs/product/auth-and-sessions.md#throttling): under a
 * minute in seconds ("30 seconds"), under an hour in whole minutes rounded up ("14 minutes"), then
 * hours ("1 hour and 5 minutes", "2 hours"; from two hours on, rounded up to the hour).
 */
export function waitInWords(seconds: number, locale: Locale = DEFAULT_LOCALE): string {
  const { units, and } = catalogs[locale];
  const n = (value: number, unit: keyof RefusalCatalog['units']) =>
    `${value} ${value === 1 ? units[unit].one : units[unit].many}`;
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return n(s, 'second');
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return n(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (rest === 0) return n(hours, 'hour');
  if (hours >= 2) return n(hours + 1, 'hour');
  return `${n(hours, 'hour')} ${and} ${n(rest, 'minute')}`;
}

/** The 429 message of `kind` for a wait of `seconds`, in `locale` (English when absent). */
export function refusalMessage(kind: RefusalKind, seconds: number, locale: Locale = DEFAULT_LOCALE): string {
  return catalogs[locale].refusal[kind](waitInWords(seconds, locale));
}
