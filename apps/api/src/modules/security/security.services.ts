import type { FastifyInstance } from 'fastify';
import type { PasswordPolicy } from '@remit/contract';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import type { OneTimeCodeService } from '../auth/one-time-code.service.ts';
import { DeviceAlerts } from './device-alerts.ts';
import { EmailVerificationService } from './email-verification.service.ts';
import { MfaService } from './mfa.service.ts';
import { PasswordConfirmation } from './password-confirmation.ts';
import { PasswordService } from './password.service.ts';
import { RecentAuthentication } from './recent-authentication.ts';
import { SecurityMailer } from './security-mailer.ts';
import { CodeResendThrottle, FailureThrottle } from './throttles.ts';

export interface SecurityServices {
  emailVerification: EmailVerificationService;
  mfa: MfaService;
  passwords: PasswordService;
  mail: SecurityMailer;
  devices: DeviceAlerts;
  resend: CodeResendThrottle;
  /** The "password again after 10 minutes" rule for sensitive changes outside this module. */
  recentAuthentication: RecentAuthentication;
}

const FIFTEEN_MINUTES = 15 * 60_000;

/** Wire the security module (needs db, sessions, mailer, rate-limit store and customerEvents on `app`). */
export function createSecurityServices(
  app: FastifyInstance,
  opts: { config: Config; now: Clock; codes: OneTimeCodeService; policy: PasswordPolicy },
): SecurityServices {
  const { config, now, codes, policy } = opts;
  const store = app.rateLimitStore;
  const mail = new SecurityMailer(app.mailer, config.appUrl, app.log);
  const resend = new CodeResendThrottle(store);
  const passwordConfirmation = new PasswordConfirmation(app.db, new FailureThrottle(store, 'password-confirm', { max: 5, windowMs: FIFTEEN_MINUTES }));
  const deps = {
    db: app.db,
    config,
    now,
    sessions: app.sessions,
    codes,
    mail,
    resend,
    passwordConfirmation,
    totpFailures: new FailureThrottle(store, 'mfa-totp', { max: 5, windowMs: FIFTEEN_MINUTES }),
    events: app.customerEvents,
    policy,
    log: app.log,
  };
  app.addHook('onClose', async () => mail.idle());
  return {
    emailVerification: new EmailVerificationService(deps),
    mfa: new MfaService(deps),
    passwords: new PasswordService(deps, store),
    mail,
    devices: new DeviceAlerts({ db: app.db, mail, now }),
    resend,
    recentAuthentication: new RecentAuthentication({ db: app.db, now, passwordConfirmation }),
  };
}
