import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '@/locales/en';

export const SUPPORTED_LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'remit.language';

/**
 * Feature texts, each under its own key of the `translation` namespace, loaded with the lazy routes
 * that show them (src/app/routes.tsx) rather than with the sign-in page. Their keys are still typed
 * through i18next.d.ts (type-only imports), and each French file must match its English shape.
 */
export const LOCALE_BUNDLES = ['security', 'onboarding', 'realtime', 'devices'] as const;
export type LocaleBundle = (typeof LOCALE_BUNDLES)[number];

type Texts = object;
type Part = 'base' | LocaleBundle;

/** One chunk per language and part: only the active language's texts are downloaded. */
const loaders: Record<Part, Record<Language, () => Promise<Texts>>> = {
  base: {
    en: () => Promise.resolve(en),
    fr: () => import('@/locales/fr').then((m) => m.fr),
  },
  security: {
    en: () => import('@/locales/security').then((m) => m.securityEn),
    fr: () => import('@/locales/security-fr').then((m) => m.securityFr),
  },
  onboarding: {
    en: () => import('@/locales/onboarding').then((m) => m.onboardingEn),
    fr: () => import('@/locales/onboarding-fr').then((m) => m.onboardingFr),
  },
  realtime: {
    en: () => import('@/locales/realtime').then((m) => m.realtimeEn),
    fr: () => import('@/locales/realtime-fr').then((m) => m.realtimeFr),
  },
  devices: {
    en: () => import('@/locales/devices').then((m) => m.devicesEn),
    fr: () => import('@/locales/devices-fr').then((m) => m.devicesFr),
  },
};

function isSupported(lang: string | null | undefined): lang is Language {
  return !!lang && (SUPPORTED_LANGUAGES as readonly string[]).includes(lang);
}

/** localStorage first, then the browser's preferred languages, else English. */
export function detectLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    if (isSupported(stored)) return stored;
  } catch {
    // storage may be blocked
  }
  const preferred = globalThis.navigator?.languages ?? [globalThis.navigator?.language];
  for (const tag of preferred) {
    const base = tag?.toLowerCase().split('-')[0];
    if (isSupported(base)) return base;
  }
  return 'en';
}

export const i18n = i18next.createInstance();

const initialLanguage = detectLanguage();

void i18n.use(initReactI18next).init({
  // English base texts ship with the page; the rest arrives through load(). A copy: bundles are
  // merged into the store's object, and `en` itself must stay the base texts only.
  resources: { en: { translation: { ...en } } },
  lng: initialLanguage,
  fallbackLng: 'en',
  supportedLngs: [...SUPPORTED_LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Bundles asked for so far: a language switch loads them in the new language before switching. */
const requested = new Set<LocaleBundle>();
/** Loads done or running, by `${language}/${part}` (a failed one is forgotten, to retry). */
const loads = new Map<string, Promise<void>>([['en/base', Promise.resolve()]]);
/** The language a running changeLanguage() is switching to. */
let switchingTo: Language | null = null;

function load(lng: Language, part: Part): Promise<void> {
  const key = `${lng}/${part}`;
  let promise = loads.get(key);
  if (!promise) {
    promise = loaders[part][lng]().then(
      (texts) => {
        i18n.addResourceBundle(lng, 'translation', part === 'base' ? texts : { [part]: texts }, true, true);
      },
      (error: unknown) => {
        loads.delete(key);
        throw error;
      },
    );
    loads.set(key, promise);
  }
  return promise;
}

function activeLanguage(): Language {
  return isSupported(i18n.language) ? i18n.language : 'en';
}

const settle = (promises: Promise<void>[]) => Promise.all(promises).then(() => undefined);

/**
 * Load feature texts for the active language (and for the one being switched to, if any).
 * Lazy routes await it with their module, so their screens render with every text in place.
 */
export function loadLocale(...bundles: LocaleBundle[]): Promise<void> {
  for (const bundle of bundles) requested.add(bundle);
  const languages = new Set([activeLanguage(), ...(switchingTo ? [switchingTo] : [])]);
  return settle([...languages].flatMap((lng) => bundles.map((bundle) => load(lng, bundle))));
}

/** Everything a language needs so far: its base texts and every bundle already asked for. */
export function loadLanguage(lng: Language): Promise<void> {
  return settle([load(lng, 'base'), ...[...requested].map((bundle) => load(lng, bundle))]);
}

/** Every text of every language (the unit tests render any screen in either language). */
export function loadEveryLocale(): Promise<void> {
  return settle(SUPPORTED_LANGUAGES.map((lng) => loadLocale(...LOCALE_BUNDLES).then(() => loadLanguage(lng))));
}

/** Switch language once its texts are loaded, so no screen flashes untranslated keys. */
export async function changeLanguage(lang: Language): Promise<void> {
  switchingTo = lang;
  try {
    await loadLanguage(lang);
  } finally {
    if (switchingTo === lang) switchingTo = null;
  }
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // ignore
  }
  await i18n.changeLanguage(lang);
}

/**
 * Resolves once the detected language's base texts are in (main.tsx awaits it before the first
 * render). English ships with the page; French is one small chunk. If it cannot load, English.
 */
export const i18nReady: Promise<void> =
  initialLanguage === 'en'
    ? Promise.resolve()
    : loadLanguage(initialLanguage)
        .then(() => i18n.changeLanguage(initialLanguage))
        .then(
          () => undefined,
          async (error: unknown) => {
            console.error('Could not load the texts of', initialLanguage, error);
            await i18n.changeLanguage('en');
          },
        );

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;
