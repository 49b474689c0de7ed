import { z } from 'zod';

/**
 * Wire shapes of the auth requests. They are deliberately loose (strings, possibly empty):
 * the api checks the content itself so it can answer a Laravel-style 422 with a message per field.
 */
export const SignUpRequest = z.object({
  email: z.string(),
  password: z.string(),
  confirm_password: z.string(),
});
export type SignUpRequest = z.infer<typeof SignUpRequest>;

export const SignInRequest = z.object({
  email: z.string(),
  password: z.string(),
  remember: z.boolean().optional(),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

/** Limits shared by client and server. */
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 128;
