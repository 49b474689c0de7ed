import { z } from 'zod';
import { MfaMethod } from '../entities/session.ts';

/** Body of every non-validation error: 401, 403, 404, 409, 419, 429, 5xx. */
export const MessageBody = z.object({
  message: z.string(),
  /** A machine-readable reason where the client must react to it (e.g. `mfa_required` on 403). */
  code: z.string().optional(),
  /**
   * With 403 `mfa_required`: the method the session waits for, so that the MFA screen can say where
   * the code comes from even after a reload (the profile itself is refused until MFA is passed).
   */
  mfa_method: MfaMethod.optional(),
  /** With 403 `step_up_required`: the factors this customer can step up with (step-up/schemas.ts). */
  factors: z.array(z.enum(['password', 'totp', 'passkey'])).optional(),
  /** With 403 `step_up_required`: the action that only counts a step-up made for it. */
  scope: z.string().optional(),
});

/** 403 `code` while the session still has to pass multi-factor authentication. */
export const MFA_REQUIRED = 'mfa_required';
export type MessageBody = z.infer<typeof MessageBody>;

/** HTTP 422: a message plus a list of messages per field (Laravel shape, docs/product/api.md#error-shapes). */
export const ValidationErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;

/** Error codes the api maps to HTTP statuses in one place. */
export const ErrorCode = z.enum([
  'unauthenticated', // 401
  'forbidden', // 403
  'not_found', // 404
  'conflict', // 409
  'csrf_mismatch', // 419
  'validation', // 422
  'too_many_requests', // 429
  'internal', // 500
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const errorStatus: Record<ErrorCode, number> = {
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  csrf_mismatch: 419,
  validation: 422,
  too_many_requests: 429,
  internal: 500,
};

/** The standard error bodies, by status, for the OpenAPI document. */
export const errorResponses = {
  401: MessageBody,
  403: MessageBody,
  419: MessageBody,
  422: ValidationErrorBody,
  429: MessageBody,
} as const;
