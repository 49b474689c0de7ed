import type { AppConfig } from './env-schema';

declare const __APP_CONFIG__: AppConfig;

/** Parsed with zod at start-up by vite.config.ts (see env-schema.ts, .env.example). */
export const config: AppConfig = __APP_CONFIG__;
export type { AppConfig };
