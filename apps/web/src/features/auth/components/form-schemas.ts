import type { TFunction } from 'i18next';
import { z } from 'zod/mini';
import type { Validator } from '@/lib/use-form';

/**
 * Client-side checks (required, email format) with translated messages; the server stays the
 * authority. Loaded on the first validation (a submit; lib/use-form.ts), not with the page.
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

/** Parsed values (the email trimmed), or the first message of each invalid field. */
function toValidator<V extends Record<string, string>>(schema: z.ZodMiniType<V>): Validator<V> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { ok: true, values: result.data };
    const errors: Partial<Record<keyof V & string, string>> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0]) as keyof V & string;
      errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  };
}

export const signInValidator = (t: TFunction) => toValidator<SignInValues>(signInSchema(t));
export const signUpValidator = (t: TFunction) => toValidator<SignUpValues>(signUpSchema(t));
