import { z } from 'zod';

/** Six-digit one-time codes (docs/product/auth-and-sessions.md#one-time-codes). */
export const OTP_LENGTH = 6;
export const OTP_PATTERN = /^\d{6}$/;

/** Recovery codes: ten of them, shown once, single use, `xxxxx-xxxxx` (lowercase letters and digits). */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-[a-z0-9]{5}$/;

export const OtpRequest = z.object({
  /** A six-digit code; on the MFA call with the authenticator app, a recovery code is accepted too. */
  otp: z.string(),
});
export type OtpRequest = z.infer<typeof OtpRequest>;

/** Answer of the calls that mail a code: when the next resend is allowed. */
export const CodeSentResponse = z.object({
  message: z.string(),
  resend_available_in: z.number().int().min(0),
});
export type CodeSentResponse = z.infer<typeof CodeSentResponse>;

/**
 * Changing the email address (docs/product/auth-and-sessions.md#changing-the-email-address): the new
 * address; a code is mailed to it, then `POST /client/v1/change-email/confirm` with `{ otp }`.
 */
export const ChangeEmailRequest = z.object({ email: z.string() });
export type ChangeEmailRequest = z.infer<typeof ChangeEmailRequest>;

export const ForgotPasswordRequest = z.object({ email: z.string() });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

/**
 * `token` is the raw token: the web app base64-decodes the route token before sending it
 * (docs/product/auth-and-sessions.md#forgot-and-reset-password).
 */
export const ResetPasswordRequest = z.object({
  token: z.string(),
  password: z.string(),
  confirm_password: z.string(),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const ChangePasswordRequest = z.object({
  current_password: z.string(),
  password: z.string(),
  confirm_password: z.string(),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const MfaSettings = z.object({
  method: z.enum(['email', 'totp']),
  totp_enabled: z.boolean(),
  recovery_codes_remaining: z.number().int().min(0),
});
export type MfaSettings = z.infer<typeof MfaSettings>;

export const TotpSetupResponse = z.object({
  /** Base32 secret for manual entry. */
  secret: z.string(),
  /** `otpauth://totp/...` URI encoded in the QR code. */
  otpauth_url: z.string(),
  /** The QR code as an SVG document. */
  qr_code_svg: z.string(),
});
export type TotpSetupResponse = z.infer<typeof TotpSetupResponse>;

export const RecoveryCodesResponse = z.object({
  recovery_codes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponse>;
