import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '@/locales/en';
import { fr } from '@/locales/fr';
import { onboardingEn, onboardingFr } from '@/locales/onboarding';
import { realtimeEn, realtimeFr } from '@/locales/realtime';
import { securityEn, securityFr } from '@/locales/security';

export const SUPPORTED_LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'remit.language';

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

export async function changeLanguage(lang: Language): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // ignore
  }
  await i18n.changeLanguage(lang);
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: { ...en, security: securityEn, onboarding: onboardingEn, realtime: realtimeEn } },
    fr: { translation: { ...fr, security: securityFr, onboarding: onboardingFr, realtime: realtimeFr } },
  },
  lng: detectLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...SUPPORTED_LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
});

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;
