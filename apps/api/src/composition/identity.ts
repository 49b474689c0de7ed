// The composition root's first part (composition-root.ts): sessions and the unit of work, then who the
// customer is and how they prove it: sign-up and sign-in, email verification, MFA, passwords, devices.
import { SecurityMailer } from '../adapters/mail/security-mailer.ts';
import { UnitOfWork } from '../db/unit-of-work.ts';
import {
  CodeResendThrottle,
  FailureThrottle,
  ForgotPasswordThrottle,
  LoginThrottle,
  MfaFailureThrottle,
  SignUpThrottle,
  passwordConfirmationThrottle,
  resetPasswordThrottle,
  totpFailureThrottle,
} from '../lib/throttle/index.ts';
import { AuthService } from '../modules/auth/auth.service.ts';
import { OneTimeCodeService } from '../modules/auth/one-time-code.service.ts';
import { buildPasswordPolicy } from '../modules/auth/password-policy.ts';
import { createRedisInvalidationBus, localInvalidationBus } from '../modules/auth/session-cache-bus.ts';
import { SessionService } from '../modules/auth/session.service.ts';
import { CustomersService } from '../modules/customers/customers.service.ts';
import { DevicesService } from '../modules/devices/devices.service.ts';
import { EmailChangeService } from '../modules/email-change/email-change.service.ts';
import { EmailVerificationService } from '../modules/email-verification/email-verification.service.ts';
import { KnownDevicesService } from '../modules/known-devices/known-devices.service.ts';
import { MfaService } from '../modules/mfa/mfa.service.ts';
import { PasskeysService } from '../modules/passkeys/passkeys.service.ts';
import { PasswordConfirmation } from '../modules/passwords/password-confirmation.ts';
import { PasswordService } from '../modules/passwords/passwords.service.ts';
import { StepUp } from '../modules/step-up/step-up.service.ts';
import type { Infrastructure } from './infrastructure.ts';

export type IdentityServices = ReturnType<typeof createIdentityServices>;

export function createIdentityServices(infra: Infrastructure) {
  const { config, now, log, db, mailer, rateLimitStore: store, customerEvents } = infra;

  // Sessions first: every change's unit of work tells their cache what changed.
  const customers = new CustomersService({ db });
  const redisUrl = config.session.cacheSeconds > 0 ? config.redisUrl : undefined;
  const sessions = new SessionService({
    db,
    config,
    now,
    profiles: customers,
    createBus: (cache) =>
      redisUrl
        ? createRedisInvalidationBus({ url: redisUrl, target: cache, logger: log.child({ module: 'session-cache' }) })
        : localInvalidationBus,
  });
  const uow = new UnitOfWork(db, {
    forgetCustomer: (customerId) => sessions.forgetCustomer(customerId),
    forgetToken: (token) => sessions.forgetToken(token),
    publish: (...event) => customerEvents.notify(...event),
  });

  // Security building blocks shared by several modules.
  const codes = new OneTimeCodeService(config.appKey, now);
  const mail = new SecurityMailer(mailer, config.appUrl, log);
  const resend = new CodeResendThrottle(store);
  const passwordConfirmation = new PasswordConfirmation({ db, throttle: passwordConfirmationThrottle(store) });
  const knownDevices = new KnownDevicesService({ db, now, mail, appKey: config.appKey });
  const policy = buildPasswordPolicy(config.passwordPolicy);
  const mfaFailures = new MfaFailureThrottle(store, config.mfaThrottle);

  const auth = new AuthService({
    db,
    uow,
    config,
    now,
    sessions,
    customers,
    codes,
    mailer,
    throttle: new LoginThrottle(store, config.loginThrottle),
    signUpThrottle: new SignUpThrottle(store, config.signUpThrottle, config.appKey, now),
    mfaFailures,
    log,
    security: { mail, devices: knownDevices, resend },
  });
  const emailVerification = new EmailVerificationService({
    db,
    uow,
    now,
    codes,
    customers,
    accounts: auth,
    mail,
    resend,
  });
  const mfa = new MfaService({
    db,
    uow,
    now,
    appKey: config.appKey,
    sessions,
    accounts: auth,
    codes,
    mail,
    resend,
    mfaFailures,
    totpFailures: totpFailureThrottle(store),
    devices: knownDevices,
  });
  const passwords = new PasswordService({
    db,
    now,
    appUrl: config.appUrl,
    policy,
    hashCost: config.passwordHashing,
    uow,
    sessions,
    accounts: auth,
    mail,
    passwordConfirmation,
    forgotThrottle: new ForgotPasswordThrottle(store),
    resetThrottle: resetPasswordThrottle(store),
  });
  // The one step-up of every sensitive action (docs/product/auth-and-sessions.md#step-up).
  const stepUp = new StepUp({
    uow,
    now,
    windowMs: config.stepUp.windowMs,
    sessions,
    passwordConfirmation,
    authenticator: { enabled: (id) => mfa.hasAuthenticator(id), verify: (...a) => mfa.verifyStepUpCode(...a) },
  });
  // Passkeys (docs/product/auth-and-sessions.md#passkeys): sign-in, second factor and step-up.
  const passkeys = new PasskeysService({
    db,
    uow,
    now,
    log,
    mail,
    config,
    accounts: auth,
    mfa,
    throttles: {
      loginOptions: new FailureThrottle(store, 'passkey-options:ip', config.loginThrottle.perIp, 'login'),
      login: new FailureThrottle(store, 'passkey-login:ip', config.loginThrottle.perIp, 'login'),
      // wrong step-up answers: five per 15 minutes, like a password or a code
      stepUp: new FailureThrottle(store, 'passkey-step-up', { max: 5, windowMs: 15 * 60_000 }),
    },
  });
  stepUp.usePasskeys({
    count: (id) => passkeys.count(id),
    options: (a) => passkeys.stepUpOptions(a),
    verify: (...a) => passkeys.verifyStepUp(...a),
  });
  // Changing the email address (docs/product/auth-and-sessions.md#changing-the-email-address).
  const emailChange = new EmailChangeService({
    db,
    uow,
    now,
    codes,
    accounts: auth,
    passwords,
    customers,
    stepUp,
    mail,
    resend,
  });
  const devices = new DevicesService({
    sessions,
    now,
    idleMs: config.session.idleMinutes * 60_000,
    uow,
    passkeyNames: (customerId, ids) => passkeys.namesOf(customerId, ids),
  });

  return {
    uow,
    sessions,
    customers,
    auth,
    codes,
    mail,
    emailVerification,
    emailChange,
    mfa,
    passwords,
    stepUp,
    passkeys,
    knownDevices,
    devices,
  };
}
