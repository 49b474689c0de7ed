import type { CodeSentResponse, Customer } from '@remit/contract';
import type { Kysely } from 'kysely';
import type { SecurityMailer } from '../../adapters/mail/security-mailer.ts';
import type { Locale } from '../../adapters/mail/templates/index.ts';
import type { Database } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CodeResendThrottle } from '../../lib/throttle/index.ts';
import { OTP_MESSAGES, otpError, type OneTimeCodeService } from '../auth/one-time-code.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { CustomersService } from '../customers/customers.service.ts';

export const ALREADY_VERIFIED = 'Your email address is already verified.';

export interface EmailVerificationServiceDeps {
  db: Kysely<Database>;
  /** Marking the address verified, then dropping the customer's cached sessions. */
  uow: UnitOfWork;
  now: Clock;
  codes: OneTimeCodeService;
  customers: Pick<CustomersService, 'customer'>;
  /** The account's `email_verified_at` (auth owns the accounts table). */
  accounts: Pick<AuthService, 'markEmailVerified'>;
  mail: SecurityMailer;
  resend: CodeResendThrottle;
}

/**
 * Verify the email address with the mailed six-digit code; resend it (throttled)
 * (docs/product/auth-and-sessions.md#email-verification).
 */
export class EmailVerificationService {
  constructor(private readonly deps: EmailVerificationServiceDeps) {}

  async resend(auth: AuthContext, locale: Locale | undefined): Promise<CodeSentResponse> {
    const { db, codes, mail, resend } = this.deps;
    if (auth.profile.email_verified_at !== null) throw AppError.conflict(ALREADY_VERIFIED);
    const next = await resend.beforeResend('email_verification', auth.customerId, locale);
    const code = await codes.issue(db, auth.customerId, 'email_verification', auth.session.id);
    await mail.send(mail.templates.emailVerification(auth.profile.email, code, locale));
    return { message: 'We have sent a new verification code to your email address.', resend_available_in: next };
  }

  async verify(auth: AuthContext, otp: string): Promise<Customer> {
    const { db, uow, codes, customers, now } = this.deps;
    if (auth.profile.email_verified_at !== null) throw AppError.conflict(ALREADY_VERIFIED);
    const code = otp.trim();
    if (code === '') throw AppError.validation({ otp: [OTP_MESSAGES.required] });
    const check = await codes.verify(db, auth.customerId, 'email_verification', code);
    if (check !== 'ok') throw otpError(check);
    await uow.run(async (trx, after) => {
      await this.deps.accounts.markEmailVerified(trx, auth.customerId, now());
      after.customerChanged(auth.customerId);
    });
    return customers.customer(auth.customerId, auth.session);
  }
}
