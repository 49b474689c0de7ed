import i18next, { type CustomTypeOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '@/locales/en/common';

export const SUPPORTED_LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'remit.language';

type Texts = object;

/**
 * Every text file by convention, `locales/<language>/<part>.ts` with the texts as its default
 * export, each its own chunk: only the active language's texts are downloaded, and a part only
 * when a screen that shows it loads. `common` holds the base texts (English ships with the page,
 * imported above); every other part is a feature's texts, under its own key of the `translation`
 * namespace (`security.mfa.heading` is in locales/<language>/security.ts). French must match the
 * English shape (locales/translation.ts); the parts' keys are typed through i18next.d.ts.
 */
const files = import.meta.glob<{ default: Texts }>(['./*/*.ts', '!./en/common.ts'], { base: '../locales' });

/** The feature texts: every part but `common`, loaded with the lazy routes that show them (src/app/routes.tsx). */
export type LocaleBundle = Exclude<keyof CustomTypeOptions['resources']['translation'], keyof typeof en>;
type Part = 'common' | LocaleBundle;

/** Every feature part: by convention, the English files but `common`. */
export function localeBundles(): LocaleBundle[] {
  return Object.keys(files).flatMap((path) => /^\.\/en\/(.+)\.ts$/.exec(path)?.[1] ?? []) as LocaleBundle[];
}

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
const loads = new Map<string, Promise<void>>([['en/common', Promise.resolve()]]);
/** The language a running changeLanguage() is switching to. */
let switchingTo: Language | null = null;

function load(lng: Language, part: Part): Promise<void> {
  const key = `${lng}/${part}`;
  let promise = loads.get(key);
  if (!promise) {
    // English `common` is in already (`loads` starts with it).
    const file = files[`./${lng}/${part}.ts`];
    promise = (file ? file() : Promise.reject(new Error(`No texts at locales/${lng}/${part}.ts`))).then(
      ({ default: texts }) => {
        i18n.addResourceBundle(lng, 'translation', part === 'common' ? texts : { [part]: texts }, true, true);
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
  return settle([load(lng, 'common'), ...[...requested].map((bundle) => load(lng, bundle))]);
}

/** Every text of every language (the unit tests render any screen in either language). */
export function loadEveryLocale(): Promise<void> {
  return settle(SUPPORTED_LANGUAGES.map((lng) => loadLocale(...localeBundles()).then(() => loadLanguage(lng))));
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
