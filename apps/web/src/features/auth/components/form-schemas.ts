import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { z } from 'zod/mini';

/**
 * Client-side checks (required, email format) with translated messages; the server stays the
 * authority. Loaded on the first validation (see lazy-resolver.ts), not with the page.
 */
export function emailField(t: TFunction) {
  return z
    .string()
    .check(z.trim(), z.minLength(1, t('form.emailRequired')), z.regex(z.regexes.email, t('form.emailInvalid')));
}

export function requiredField(message: string) {
  return z.string().check(z.minLength(1, message));
}

export function signInSchema(t: TFunction) {
  return z.object({ email: emailField(t), password: requiredField(t('form.passwordRequired')) });
}

export function signUpSchema(t: TFunction) {
  return z.object({
    email: emailField(t),
    password: requiredField(t('form.passwordRequired')),
    confirm_password: requiredField(t('form.confirmPasswordRequired')),
  });
}

export type SignInValues = z.infer<ReturnType<typeof signInSchema>>;
export type SignUpValues = z.infer<ReturnType<typeof signUpSchema>>;

export const signInResolver = (t: TFunction) => zodResolver(signInSchema(t));
export const signUpResolver = (t: TFunction) => zodResolver(signUpSchema(t));
