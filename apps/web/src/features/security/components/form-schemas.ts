import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { z } from 'zod';

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
    .object({ current_password: required(t('security.settings.changePassword.currentRequired')), ...newPasswordShape(t) })
    .refine(matches, { message: t('security.reset.passwordsDiffer'), path: ['confirm_password'] });
}

export type ResetPasswordValues = z.infer<ReturnType<typeof resetPasswordSchema>>;
export type ChangePasswordValues = z.infer<ReturnType<typeof changePasswordSchema>>;

export const resetPasswordResolver = (t: TFunction) => zodResolver(resetPasswordSchema(t));
export const changePasswordResolver = (t: TFunction) => zodResolver(changePasswordSchema(t));
