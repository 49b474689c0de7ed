import { z } from 'zod';
import { Timestamp } from '../common/primitives.ts';
import { PasskeyAssertion } from '../passkeys/schemas.ts';

/**
 * One step-up for every sensitive action (docs/product/auth-and-sessions.md#step-up): without a
 * recent one the action answers 403 with this code, the factors this customer can use and, when
 * the action needs a step-up of its own (the first large transfer to a new recipient), its `scope`.
 */
export const STEP_UP_REQUIRED = 'step_up_required';

export const StepUpFactor = z.enum(['password', 'totp', 'passkey']);
export type StepUpFactor = z.infer<typeof StepUpFactor>;

export const StepUpRequiredBody = z.object({
  message: z.string(),
  code: z.literal(STEP_UP_REQUIRED),
  factors: z.array(StepUpFactor),
  /** Send it back with the step-up: the action only counts a step-up made for it. */
  scope: z.string().optional(),
});
export type StepUpRequiredBody = z.infer<typeof StepUpRequiredBody>;

/** POST /client/v1/step-up: exactly one factor. */
export const StepUpRequest = z
  .object({
    password: z.string().max(1000).optional(),
    otp: z.string().max(100).optional(),
    passkey: PasskeyAssertion.optional(),
    scope: z.string().max(200).optional(),
  })
  .refine((b) => [b.password, b.otp, b.passkey].filter((f) => f !== undefined).length === 1, {
    message: 'Give one of password, otp or passkey.',
    path: ['password'],
  });
export type StepUpRequest = z.infer<typeof StepUpRequest>;

/** The session counts as recently authenticated until `expires_at`. */
export const StepUpResponse = z.object({ factor: StepUpFactor, expires_at: Timestamp });
export type StepUpResponse = z.infer<typeof StepUpResponse>;
