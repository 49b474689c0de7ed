import type { MailMessage } from '../../adapters/mail/mail-adapter.ts';

export function emailVerificationMail(to: string, code: string, appUrl: string): MailMessage {
  return {
    to,
    subject: 'Your verification code',
    text: `Your verification code is ${code}.\n\nEnter it in the app to verify your email address. It expires in 10 minutes.\n\nIf you did not create an account, you can ignore this email.\n\n${appUrl}\n`,
  };
}

export function mfaCodeMail(to: string, code: string, appUrl: string): MailMessage {
  return {
    to,
    subject: 'Your sign-in code',
    text: `Your sign-in code is ${code}.\n\nEnter it to finish signing in. It expires in 10 minutes.\n\nIf this was not you, change your password now.\n\n${appUrl}\n`,
  };
}
