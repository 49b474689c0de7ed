import { MessageBody, ValidationErrorBody } from '@remit/contract';
import { isStepUpCancelled } from './step-up-bridge';

export interface ApiError {
  /** HTTP status, or null when no response arrived (network error, parse failure). */
  status: number | null;
  /** The server's message when it sent one. */
  message: string | null;
  /** The first message of each field of a 422 answer (docs/product/api.md#error-shapes). */
  fieldErrors: Record<string, string>;
  /** The machine-readable `code` of a MessageBody answer (e.g. step_up_required). */
  code?: string | undefined;
}

/** What a failure without an answer (or an unreadable one) maps to. */
const NO_ANSWER: ApiError = { status: null, message: null, fieldErrors: {} };

/** An error of the http client (lib/http-client.ts), recognised by its `isHttpError` mark. */
function responseOf(error: unknown): { status: number; data: unknown } | undefined {
  if (typeof error !== 'object' || error === null || (error as { isHttpError?: unknown }).isHttpError !== true) {
    return undefined;
  }
  return (error as { response?: { status: number; data: unknown } }).response;
}

export function toApiError(error: unknown): ApiError {
  const response = responseOf(error);
  if (!response) return { ...NO_ANSWER };
  const { status, data } = response;
  const validation = ValidationErrorBody.safeParse(data);
  if (validation.success) {
    const fieldErrors: Record<string, string> = {};
    for (const [field, messages] of Object.entries(validation.data.errors)) {
      const first = messages[0];
      if (first !== undefined) fieldErrors[field] = first;
    }
    return { status, message: validation.data.message, fieldErrors };
  }
  const body = MessageBody.safeParse(data);
  if (!body.success) return { status, message: null, fieldErrors: {} };
  return { status, message: body.data.message, fieldErrors: {}, ...(body.data.code ? { code: body.data.code } : {}) };
}

/**
 * What a screen reads from a failed call (callEndpoint, a mutation): status, message, the first
 * message per field. Never rejects. The sign-in page reaches it through loadApi(), every other
 * screen imports it.
 */
export async function readApiError(error: unknown): Promise<ApiError> {
  try {
    return toApiError(error);
  } catch {
    return { ...NO_ANSWER };
  }
}

/**
 * What a screen shows of a failed call: the error, or null for a 401 and for a step-up the customer
 * cancelled. The 401 rule is the http client's alone (lib/http.ts,
 * docs/product/auth-and-sessions.md#the-401-rule): it signs the customer out and goes to sign-in, so
 * a screen never words a 401 and only returns on null. A cancelled step-up
 * (docs/product/auth-and-sessions.md#step-up) was the customer's choice: nothing to alarm them with.
 */
export async function readShownError(error: unknown): Promise<ApiError | null> {
  return isSignedOut(error) || isStepUpCancelled(error) ? null : readApiError(error);
}

export { isStepUpCancelled };

/** A 401: the http client has signed the customer out and is on its way to sign-in (read structurally). */
export function isSignedOut(error: unknown): boolean {
  return (error as { response?: { status?: unknown } } | null)?.response?.status === 401;
}
