import {
  securityEndpoints,
  type ChangePasswordRequest,
  type CodeSentResponse,
  type Customer,
  type ForgotPasswordRequest,
  type MessageBody,
  type MfaSettings,
  type OtpRequest,
  type RecoveryCodesResponse,
  type ResetPasswordRequest,
  type TotpSetupResponse,
  type ValidationErrorBody,
} from '@remit/contract';
import { http, HttpResponse } from 'msw';
import { buildCustomer } from './fixtures';
import { logRequest } from './handlers';

/** The code every happy-path OTP handler accepts. */
export const GOOD_OTP = '123456';
export const TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
export const QR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#000"/></svg>';
export const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

const wrongCode = (field = 'otp'): ValidationErrorBody => ({
  message: 'The code is not valid.',
  errors: { [field]: ['The code is not valid.'] },
});

export const mfaSettings = (overrides: Partial<MfaSettings> = {}): MfaSettings => ({
  method: 'email',
  totp_enabled: false,
  recovery_codes_remaining: 0,
  ...overrides,
});

/** Happy-path handlers of the security endpoints, typed by the contract. */
export const securityHandlers = [
  http.post<never, OtpRequest, Customer | ValidationErrorBody>(
    securityEndpoints.completeMfa.path,
    async ({ request }) => {
      logRequest(request);
      const { otp } = await request.json();
      if (otp !== GOOD_OTP && !/^[a-z0-9]{5}-[a-z0-9]{5}$/.test(otp))
        return HttpResponse.json(wrongCode(), { status: 422 });
      const customer = buildCustomer({ is_email_verified: true, mfa_method: 'email' });
      return HttpResponse.json({
        ...customer,
        session: customer.session && { ...customer.session, is_mfa_completed: true },
      });
    },
  ),
  http.post<never, never, CodeSentResponse>(securityEndpoints.resendMfaOtp.path, ({ request }) => {
    logRequest(request);
    return HttpResponse.json({ message: 'A new code has been sent.', resend_available_in: 60 });
  }),
  http.post<never, ForgotPasswordRequest, MessageBody>(securityEndpoints.forgotPassword.path, ({ request }) => {
    logRequest(request);
    return HttpResponse.json({ message: 'If the account exists, a link was sent.' });
  }),
  http.post<never, ResetPasswordRequest, MessageBody | ValidationErrorBody>(
    securityEndpoints.resetPassword.path,
    ({ request }) => {
      logRequest(request);
      return HttpResponse.json({ message: 'Your password has been reset.' });
    },
  ),
  http.post<never, ChangePasswordRequest, MessageBody | ValidationErrorBody>(
    securityEndpoints.changePassword.path,
    ({ request }) => {
      logRequest(request);
      return HttpResponse.json({ message: 'Your password has been changed.' });
    },
  ),
  http.get<never, never, MfaSettings>(securityEndpoints.getMfaSettings.path, ({ request }) => {
    logRequest(request);
    return HttpResponse.json(mfaSettings());
  }),
  http.post<never, never, TotpSetupResponse | ValidationErrorBody>(securityEndpoints.setupTotp.path, ({ request }) => {
    logRequest(request);
    return HttpResponse.json({
      secret: TOTP_SECRET,
      otpauth_url: `otpauth://totp/Remit:ada%40example.com?secret=${TOTP_SECRET}&issuer=Remit`,
      qr_code_svg: QR_SVG,
    });
  }),
  http.post<never, OtpRequest, RecoveryCodesResponse | ValidationErrorBody>(
    securityEndpoints.confirmTotp.path,
    async ({ request }) => {
      logRequest(request);
      const { otp } = await request.json();
      if (otp !== GOOD_OTP) return HttpResponse.json(wrongCode(), { status: 422 });
      return HttpResponse.json({ recovery_codes: RECOVERY_CODES });
    },
  ),
  http.post<never, never, MfaSettings>(securityEndpoints.disableTotp.path, ({ request }) => {
    logRequest(request);
    return HttpResponse.json(mfaSettings());
  }),
  http.post<never, never, RecoveryCodesResponse>(securityEndpoints.regenerateRecoveryCodes.path, ({ request }) => {
    logRequest(request);
    return HttpResponse.json({ recovery_codes: RECOVERY_CODES });
  }),
];
