import type { ChangeEmailRequest, CodeSentResponse, Customer } from '@remit/contract';
import type { Kysely } from 'kysely';
import type { SecurityMailer } from '../../adapters/mail/security-mailer.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ClientInfo } from '../../lib/client-info.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Locale } from '../../lib/locale.ts';
import type { CodeResendThrottle } from '../../lib/throttle/index.ts';
import { emailFormatError, type AuthService } from '../auth/auth.service.ts';
import { OTP_MESSAGES, otpError, type OneTimeCodeService } from '../auth/one-time-code.service.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { CustomersService } from '../customers/customers.service.ts';
import type { PasswordService } from '../passwords/passwords.service.ts';
import type { StepUp } from '../step-up/step-up.service.ts';
import { emailChangeRepository } from './email-change.repository.ts';

export const SAME_EMAIL = 'This is already your email address.';
export const CODE_SENT = 'We have sent a code to your new email address.';
export const NOTHING_TO_CONFIRM = 'There is no email change to confirm. Ask for a new code.';
export const EMAIL_NOW_TAKEN = 'This email address is now used by another account. Choose another one.';

/** The code's purpose, its resend throttle's name too. */
const PURPOSE = 'email_change';

export interface EmailChangeServiceDeps {
  db: Kysely<Database>;
  uow: UnitOfWork;
  now: Clock;
  codes: OneTimeCodeService;
  /** The accounts table is auth's: whether an address is used, and the new address. */
  accounts: Pick<AuthService, 'emailExists' | 'setEmail'>;
  /** Reset links mailed to the old address stop working. */
  passwords: Pick<PasswordService, 'endResetLinks'>;
  customers: Pick<CustomersService, 'customer'>;
  stepUp: Pick<StepUp, 'ensure'>;
  mail: SecurityMailer;
  resend: CodeResendThrottle;
}

/** "jane.doe@example.com" → "j•••@example.com": enough to recognise, not to read. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '•••' : `${email[0]}•••${email.slice(at)}`;
}

/**
 * Changing the email address (docs/product/auth-and-sessions.md#changing-the-email-address): after a
 * recent step-up a six-digit code goes to the new address; the code, entered in the session that asked,
 * makes it the account's address, verified. The answer never tells whether the new address has an
 * account: its owner is mailed instead of a code.
 */
export class EmailChangeService {
  constructor(private readonly deps: EmailChangeServiceDeps) {}

  async start(auth: AuthContext, body: ChangeEmailRequest, client: ClientInfo): Promise<CodeSentResponse> {
    const { db, uow, now, codes, accounts, stepUp, mail, resend } = this.deps;
    const email = body.email.trim().toLowerCase();
    const formatError = emailFormatError(email);
    if (formatError) throw AppError.validation({ email: [formatError] });
    if (email === auth.profile.email) throw AppError.validation({ email: [SAME_EMAIL] });
    // The address is checked first, so a mistake is told before the step-up is asked for.
    await stepUp.ensure(auth, { locale: client.locale });
    // One code a minute and five an hour, whether or not the address is free (no probing either).
    const next = await resend.beforeResend(PURPOSE, auth.customerId, client.locale);
    const taken = await accounts.emailExists(db, email);
    const code = await uow.run(async (trx) => {
      await emailChangeRepository.save(trx, {
        customer_id: auth.customerId,
        session_id: auth.session.id,
        new_email: email,
        created_at: now(),
      });
      // Issued either way: a taken address gets no code, so its request can never be confirmed.
      return codes.issue(trx, auth.customerId, PURPOSE, auth.session.id);
    });
    // Mailed after the answer in both cases, so the answer's timing does not tell them apart.
    mail.background(() =>
      mail.send(
        taken
          ? mail.templates.emailChangeAttempt(email, client.locale)
          : mail.templates.emailChangeCode(email, code, client.locale),
      ),
    );
    return { message: CODE_SENT, resend_available_in: next };
  }

  async confirm(auth: AuthContext, otp: string, locale: Locale | undefined): Promise<Customer> {
    const { db, uow, now, codes, accounts, passwords, customers, mail } = this.deps;
    const code = otp.trim();
    if (code === '') throw AppError.validation({ otp: [OTP_MESSAGES.required] });
    const pending = await emailChangeRepository.find(db, auth.customerId);
    if (!pending || pending.session_id !== auth.session.id) throw AppError.conflict(NOTHING_TO_CONFIRM);
    const check = await codes.verify(db, auth.customerId, PURPOSE, code, auth.session.id);
    if (check === 'missing') throw AppError.conflict(NOTHING_TO_CONFIRM);
    if (check !== 'ok') throw otpError(check);
    const oldEmail = auth.profile.email;
    try {
      await uow.run(async (trx, after) => {
        const at = now();
        await accounts.setEmail(trx, auth.customerId, pending.new_email, at);
        await passwords.endResetLinks(trx, auth.customerId, at);
        await emailChangeRepository.remove(trx, auth.customerId);
        after.customerChanged(auth.customerId).notify(auth.customerId, 'ProfileUpdated', {});
      });
    } catch (err) {
      // Another account signed up with the address since the code was sent.
      if (isUniqueViolation(err)) throw AppError.conflict(EMAIL_NOW_TAKEN);
      throw err;
    }
    mail.background(() => mail.send(mail.templates.emailChanged(oldEmail, maskEmail(pending.new_email), locale)));
    return customers.customer(auth.customerId, auth.session);
  }
}
