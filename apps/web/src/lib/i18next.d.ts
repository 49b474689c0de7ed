import 'i18next';
import type common from '@/locales/en/common';
import type dashboard from '@/locales/en/dashboard';
import type delays from '@/locales/en/delays';
import type devices from '@/locales/en/devices';
import type holds from '@/locales/en/holds';
import type limits from '@/locales/en/limits';
import type onboarding from '@/locales/en/onboarding';
import type passkeys from '@/locales/en/passkeys';
import type rateAlerts from '@/locales/en/rateAlerts';
import type payment from '@/locales/en/payment';
import type realtime from '@/locales/en/realtime';
import type recipients from '@/locales/en/recipients';
import type scheduledTransfers from '@/locales/en/scheduledTransfers';
import type security from '@/locales/en/security';
import type stepUp from '@/locales/en/stepUp';
import type tracking from '@/locales/en/tracking';
import type transfer from '@/locales/en/transfer';
import type verification from '@/locales/en/verification';

/**
 * The keys `t()` accepts: the base texts, and each feature's texts (locales/en/<part>.ts) under its
 * part's name. A new part is a file in each language folder plus its line here.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof common & {
        security: typeof security;
        onboarding: typeof onboarding;
        realtime: typeof realtime;
        devices: typeof devices;
        verification: typeof verification;
        recipients: typeof recipients;
        transfer: typeof transfer;
        dashboard: typeof dashboard;
        payment: typeof payment;
        tracking: typeof tracking;
        limits: typeof limits;
        passkeys: typeof passkeys;
        stepUp: typeof stepUp;
        rateAlerts: typeof rateAlerts;
        holds: typeof holds;
        delays: typeof delays;
        scheduledTransfers: typeof scheduledTransfers;
      };
    };
  }
}
