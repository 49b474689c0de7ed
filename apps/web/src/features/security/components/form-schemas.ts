import { zodResolver } from '@/lib/zod-resolver';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { cleanPhoneNumber } from '@/lib/mobile-number';

/** Client checks (required, confirmation matches); the server's policy and 422 answers stay the authority. */
const required = (message: string) => z.string().min(1, message);

function newPasswordShape(t: TFunction) {
  return {
    password: required(t('form.passwordRequired')),
    confirm_password: required(t('form.confirmPasswordRequired')),
  };
}

const matches = (v: { password: string; confirm_password: string }) => v.password === v.confirm_password;

export function resetPasswordSchema(t: TFunction) {
  return z
    .object(newPasswordShape(t))
    .refine(matches, { message: t('security.reset.passwordsDiffer'), path: ['confirm_password'] });
}

export function changePasswordSchema(t: TFunction) {
  return z
    .object({
      current_password: required(t('security.settings.changePassword.currentRequired')),
      ...newPasswordShape(t),
    })
    .refine(matches, { message: t('security.reset.passwordsDiffer'), path: ['confirm_password'] });
}

export type ResetPasswordValues = z.infer<ReturnType<typeof resetPasswordSchema>>;
export type ChangePasswordValues = z.infer<ReturnType<typeof changePasswordSchema>>;

export const resetPasswordResolver = (t: TFunction) => zodResolver(resetPasswordSchema(t));
export const changePasswordResolver = (t: TFunction) => zodResolver(changePasswordSchema(t));

/** The mobile number form: a country with a calling code, and 4 to 15 digits (an optional leading +). */
export function mobileNumberSchema(t: TFunction) {
  return z.object({
    country_id: required(t('security.settings.mobile.countryRequired')),
    number: z
      .string()
      .refine((raw) => cleanPhoneNumber(raw) !== '', {
        message: t('security.settings.mobile.numberRequired'),
        abort: true,
      })
      .refine((raw) => /^\+?\d{4,15}$/.test(cleanPhoneNumber(raw)), t('security.settings.mobile.numberInvalid')),
  });
}

export type MobileNumberValues = z.infer<ReturnType<typeof mobileNumberSchema>>;
export const mobileNumberResolver = (t: TFunction) => zodResolver(mobileNumberSchema(t));
