import type { PasswordPolicy } from '@remit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CustomerEvents } from '../../plugins/realtime.ts';
import type { OneTimeCodeService, OtpCheck } from '../auth/one-time-code.service.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { PasswordConfirmation } from './password-confirmation.ts';
import type { SecurityMailer } from './security-mailer.ts';
import type { CodeResendThrottle, FailureThrottle } from './throttles.ts';

export interface SecurityDeps {
  db: Kysely<Database>;
  config: Config;
  now: Clock;
  sessions: SessionService;
  codes: OneTimeCodeService;
  mail: SecurityMailer;
  resend: CodeResendThrottle;
  passwordConfirmation: PasswordConfirmation;
  /** Wrong authenticator-app / recovery codes, per customer. */
  totpFailures: FailureThrottle;
  events: CustomerEvents;
  policy: PasswordPolicy;
  log: FastifyBaseLogger;
}

export const OTP_MESSAGES = {
  required: 'The otp field is required.',
  incorrect: 'The code is incorrect.',
  expired: 'The code has expired. Request a new one.',
  tooMany: 'Too many incorrect attempts. Request a new code.',
} as const;

/** 422 on `otp` for a failed one-time-code check. */
export function otpError(check: Exclude<OtpCheck, 'ok'>): AppError {
  const message =
    check === 'invalid' ? OTP_MESSAGES.incorrect : check === 'too_many_attempts' ? OTP_MESSAGES.tooMany : OTP_MESSAGES.expired;
  return AppError.validation({ otp: [message] });
}

export const conflict = (message: string): AppError => AppError.conflict(message);
