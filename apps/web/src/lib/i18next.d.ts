import 'i18next';
import type { devicesEn } from '@/locales/devices';
import type { en } from '@/locales/en';
import type { onboardingEn } from '@/locales/onboarding';
import type { realtimeEn } from '@/locales/realtime';
import type { securityEn } from '@/locales/security';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en & {
        security: typeof securityEn;
        onboarding: typeof onboardingEn;
        realtime: typeof realtimeEn;
        devices: typeof devicesEn;
      };
    };
  }
}
