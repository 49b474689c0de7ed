import {
  STEP_UP_REQUIRED,
  stepUpEndpoints,
  type PasskeyRequestOptions,
  type StepUpFactor,
  type StepUpRequest,
  type StepUpRequiredBody,
  type StepUpResponse,
  type ValidationErrorBody,
} from '@remit/contract';
import { http, HttpResponse } from 'msw';
import { logRequest } from './handlers';

export const STEP_UP_PASSWORD = 'secret-pass';
export const STEP_UP_OTP = '246810';
export const PASSKEY_OPTIONS: PasskeyRequestOptions = {
  challenge: 'c3RlcC11cC1jaGFsbGVuZ2U',
  rpId: 'localhost',
  allowCredentials: [],
  userVerification: 'preferred',
  timeout: 60000,
};

export interface StepUpApiOptions {
  /** The factors the 403 offers (default: password and authenticator app). */
  factors?: StepUpFactor[];
  /** The 403's scope, when the action needs a step-up of its own. */
  scope?: string;
  /** Answers a step-up instead of the default (right password/code/any passkey passes). */
  answer?: (body: StepUpRequest) => Response | undefined;
}

/**
 * The step-up endpoints (docs/product/auth-and-sessions.md#step-up) with their state: `guard()` is
 * what a protected handler answers first (403 step_up_required until a step-up passed, then nothing).
 */
export function stepUpApi(options: StepUpApiOptions = {}) {
  const factors = options.factors ?? ['password', 'totp'];
  const state = { steppedUp: false, requests: [] as StepUpRequest[], optionsCalls: 0 };
  const wrong = (field: 'password' | 'otp', message: string): ValidationErrorBody => ({
    message,
    errors: { [field]: [message] },
  });
  const handlers = [
    http.post<never, StepUpRequest, StepUpResponse | ValidationErrorBody>(
      stepUpEndpoints.stepUp.path,
      async ({ request }) => {
        logRequest(request);
        const body = await request.json();
        state.requests.push(body);
        const custom = options.answer?.(body);
        if (custom) return custom as never;
        if (body.password !== undefined && body.password !== STEP_UP_PASSWORD) {
          return HttpResponse.json(wrong('password', 'The password is incorrect.'), { status: 422 });
        }
        if (body.otp !== undefined && body.otp !== STEP_UP_OTP) {
          return HttpResponse.json(wrong('otp', 'The code is not valid.'), { status: 422 });
        }
        state.steppedUp = true;
        const factor: StepUpFactor =
          body.password !== undefined ? 'password' : body.otp !== undefined ? 'totp' : 'passkey';
        return HttpResponse.json({ factor, expires_at: new Date(Date.now() + 600_000).toISOString() });
      },
    ),
    http.post<never, never, PasskeyRequestOptions>(stepUpEndpoints.stepUpPasskeyOptions.path, ({ request }) => {
      logRequest(request);
      state.optionsCalls += 1;
      return HttpResponse.json(PASSKEY_OPTIONS);
    }),
  ];
  const required = () =>
    HttpResponse.json<StepUpRequiredBody>(
      {
        message: 'For your security, confirm it’s you to continue.',
        code: STEP_UP_REQUIRED,
        factors,
        ...(options.scope !== undefined ? { scope: options.scope } : {}),
      },
      { status: 403 },
    );
  return {
    state,
    handlers,
    required,
    /** 403 step_up_required until a step-up passed; undefined after. */
    guard: () => (state.steppedUp ? undefined : required()),
  };
}
