import { MessageBody } from '../common/errors.ts';
import { defineEndpoint } from '../common/endpoint.ts';
import { Customer } from '../entities/customer.ts';
import {
  ChangeEmailRequest,
  ChangePasswordRequest,
  CodeSentResponse,
  ForgotPasswordRequest,
  MfaSettings,
  OtpRequest,
  RecoveryCodesResponse,
  ResetPasswordRequest,
  TotpSetupResponse,
} from './schemas.ts';

export const resendEmailVerification = defineEndpoint({
  method: 'POST',
  path: '/client/v1/resend-email-verification',
  summary: 'Mail a new email-verification code',
  response: CodeSentResponse,
  auth: 'session',
});

export const verifyEmailAddress = defineEndpoint({
  method: 'POST',
  path: '/client/v1/verify-email-address',
  summary: 'Verify the email address with the mailed code',
  body: OtpRequest,
  response: Customer,
  auth: 'session',
});

/** Completes multi-factor authentication of the current session; rotates the session id. */
export const completeMfa = defineEndpoint({
  method: 'POST',
  path: '/client/v1/mfa',
  summary: 'Complete multi-factor authentication',
  body: OtpRequest,
  response: Customer,
  auth: 'session',
});

export const resendMfaOtp = defineEndpoint({
  method: 'POST',
  path: '/client/v1/resend-mfa-otp',
  summary: 'Mail a new MFA code (email method only)',
  response: CodeSentResponse,
  auth: 'session',
});

/** Answers the same whether or not the email belongs to an account. */
export const forgotPassword = defineEndpoint({
  method: 'POST',
  path: '/client/v1/forgot-password',
  summary: 'Mail a password-reset link',
  body: ForgotPasswordRequest,
  response: MessageBody,
  auth: 'none',
});

export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/client/v1/reset-password',
  summary: 'Set a new password with a reset token',
  body: ResetPasswordRequest,
  response: MessageBody,
  auth: 'none',
});

/** Ends every session of the customer, the current one included: the app signs in again. */
export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/client/v1/change-password',
  summary: 'Change the password',
  body: ChangePasswordRequest,
  response: MessageBody,
  auth: 'session',
});

/**
 * Starts changing the email address: needs a recent step-up, mails a six-digit code to the new address
 * and answers the same whether or not that address is free
 * (docs/product/auth-and-sessions.md#changing-the-email-address).
 */
export const changeEmail = defineEndpoint({
  method: 'POST',
  path: '/client/v1/change-email',
  summary: 'Start changing the email address (a code goes to the new one)',
  body: ChangeEmailRequest,
  response: CodeSentResponse,
  auth: 'session',
});

/** Confirms the new address with the mailed code; answers the Customer with the new email, verified. */
export const confirmEmailChange = defineEndpoint({
  method: 'POST',
  path: '/client/v1/change-email/confirm',
  summary: 'Confirm the new email address with the mailed code',
  body: OtpRequest,
  response: Customer,
  auth: 'session',
});

export const getMfaSettings = defineEndpoint({
  method: 'GET',
  path: '/client/v1/mfa/settings',
  summary: 'The MFA method and authenticator-app state',
  response: MfaSettings,
  auth: 'session',
});

/**
 * Starts enrolment: a new secret, not active until confirmed. Needs a recent step-up
 * (docs/product/auth-and-sessions.md#step-up).
 */
export const setupTotp = defineEndpoint({
  method: 'POST',
  path: '/client/v1/mfa/totp/setup',
  summary: 'Start authenticator-app enrolment',
  response: TotpSetupResponse,
  auth: 'session',
});

/** Confirms enrolment with a code from the app; answers the ten recovery codes, shown once. */
export const confirmTotp = defineEndpoint({
  method: 'POST',
  path: '/client/v1/mfa/totp/confirm',
  summary: 'Confirm authenticator-app enrolment',
  body: OtpRequest,
  response: RecoveryCodesResponse,
  auth: 'session',
});

/** Needs a recent step-up (docs/product/auth-and-sessions.md#step-up). */
export const disableTotp = defineEndpoint({
  method: 'POST',
  path: '/client/v1/mfa/totp/disable',
  summary: 'Turn the authenticator app off (back to email codes)',
  response: MfaSettings,
  auth: 'session',
});

/** Needs a recent step-up (docs/product/auth-and-sessions.md#step-up). */
export const regenerateRecoveryCodes = defineEndpoint({
  method: 'POST',
  path: '/client/v1/mfa/recovery-codes',
  summary: 'Replace the recovery codes',
  response: RecoveryCodesResponse,
  auth: 'session',
});
