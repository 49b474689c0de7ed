import type { CodeSentResponse, Customer } from '@remit/contract';
import type { Locale } from '../../adapters/mail/templates/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { toCustomer } from '../customers/customer.mapper.ts';
import { customerRepository } from '../customers/customer.repository.ts';
import { OTP_MESSAGES, conflict, otpError, type SecurityDeps } from './security.deps.ts';
import { securityRepository } from './security.repository.ts';

export const ALREADY_VERIFIED = 'Your email address is already verified.';

/** Verify the email address with the mailed six-digit code; resend it (throttled). */
export class EmailVerificationService {
  constructor(private readonly deps: SecurityDeps) {}

  async resend(auth: AuthContext, locale: Locale | undefined): Promise<CodeSentResponse> {
    const { db, codes, mail, resend } = this.deps;
    if (auth.profile.email_verified_at !== null) throw conflict(ALREADY_VERIFIED);
    const next = await resend.beforeResend('email_verification', auth.customerId);
    const code = await codes.issue(db, auth.customerId, 'email_verification', auth.session.id);
    await mail.send(mail.templates.emailVerification(auth.profile.email, code, locale));
    return { message: 'We have sent a new verification code to your email address.', resend_available_in: next };
  }

  async verify(auth: AuthContext, otp: string): Promise<Customer> {
    const { db, codes, now } = this.deps;
    if (auth.profile.email_verified_at !== null) throw conflict(ALREADY_VERIFIED);
    const code = otp.trim();
    if (code === '') throw AppError.validation({ otp: [OTP_MESSAGES.required] });
    const check = await codes.verify(db, auth.customerId, 'email_verification', code);
    if (check !== 'ok') throw otpError(check);
    await securityRepository.markEmailVerified(db, auth.customerId, now());
    const profile = await customerRepository.findProfileById(db, auth.customerId);
    if (!profile) throw AppError.unauthenticated();
    return toCustomer(profile, auth.session);
  }
}
