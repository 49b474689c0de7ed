import {
  MFA_REQUIRED,
  PROOF_OF_WORK_REQUIRED,
  STEP_UP_REQUIRED,
  errorStatus,
  type ErrorCode,
  type MessageBody,
  type MfaMethod,
  type StepUpFactor,
} from '@remit/contract';

export type FieldErrors = Record<string, string[]>;

/**
 * The contract's error codes, plus 400 for a request the api cannot read (e.g. a missing header) and
 * 503 while PostgreSQL or Redis cannot be reached (docs/product/system.md#faults).
 */
export type AppErrorCode = ErrorCode | 'bad_request' | 'unavailable' | 'precondition_required';
const statusOf: Record<AppErrorCode, number> = {
  ...errorStatus,
  bad_request: 400,
  unavailable: 503,
  precondition_required: 428,
};

/**
 * An empty field-error map without a prototype: field names come from requests, and a field named
 * `constructor` or `toString` must be a plain key, not Object.prototype's member
 * (docs/product/system.md#odd-input).
 */
export function emptyFieldErrors(): FieldErrors {
  return Object.create(null) as FieldErrors;
}

interface AppErrorDetails {
  fieldErrors?: FieldErrors;
  /** Extra response headers (e.g. Retry-After). */
  headers?: Record<string, string>;
  /** Machine-readable `code` of the MessageBody (e.g. mfa_required). */
  reason?: string;
  /** Further MessageBody fields (e.g. `mfa_method` with mfa_required). */
  extra?: ErrorExtra;
}

/** Further body fields: the MessageBody's, and a sign-up proof-of-work challenge (auth/schemas.ts). */
type ErrorExtra = Omit<MessageBody, 'message' | 'code'> & { challenge?: string; difficulty?: number };

/**
 * The one error type of the api; the error handler maps `code` to an HTTP status. Built only through
 * the named factories below, so a throw site says what happened, not which arguments go where.
 */
export class AppError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldErrors | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly reason: string | undefined;
  readonly extra: ErrorExtra | undefined;

  private constructor(
    public readonly code: AppErrorCode,
    message: string,
    details: AppErrorDetails = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = statusOf[code];
    this.fieldErrors = details.fieldErrors;
    this.headers = details.headers;
    this.reason = details.reason;
    this.extra = details.extra;
  }

  /** 400: the request itself is unusable (e.g. the Idempotency-Key header is missing), with a reason. */
  static badRequest(message: string, reason?: string): AppError {
    return new AppError('bad_request', message, reason ? { reason } : {});
  }

  /** 401: no live session. */
  static unauthenticated(): AppError {
    return new AppError('unauthenticated', 'Unauthenticated.');
  }

  /** 403, optionally with a machine-readable reason the client reacts to. */
  static forbidden(message: string, reason?: string): AppError {
    return new AppError('forbidden', message, reason ? { reason } : {});
  }

  /** 404: unknown, malformed and other customers' ids all look the same. */
  static notFound(): AppError {
    return new AppError('not_found', 'Not Found.');
  }

  /** 409: the request is valid but the current state does not allow it. */
  static conflict(message: string): AppError {
    return new AppError('conflict', message);
  }

  /** 403 while the session still has to pass multi-factor authentication. */
  static mfaRequired(method: MfaMethod): AppError {
    return new AppError('forbidden', 'Multi-factor authentication is required.', {
      reason: MFA_REQUIRED,
      extra: { mfa_method: method },
    });
  }

  /**
   * 403 before a sensitive action without a recent step-up (docs/product/auth-and-sessions.md#step-up):
   * the factors this customer can use, and the scope the step-up must name when the action has one.
   */
  static stepUpRequired(message: string, factors: StepUpFactor[], scope?: string): AppError {
    return new AppError('forbidden', message, {
      reason: STEP_UP_REQUIRED,
      extra: scope === undefined ? { factors } : { factors, scope },
    });
  }

  /**
   * 428 `proof_of_work_required` with a challenge: a busy address or browser signs up after a proof of
   * work (docs/product/auth-and-sessions.md#sign-up-on-shared-networks).
   */
  static proofOfWorkRequired(message: string, challenge: string, difficulty: number): AppError {
    return new AppError('precondition_required', message, {
      reason: PROOF_OF_WORK_REQUIRED,
      extra: { challenge, difficulty },
    });
  }

  /** 429 with Retry-After (seconds, at least 1); `message` words the wait. */
  static tooManyRequests(message: (seconds: number) => string, retryInMs: number): AppError {
    const seconds = Math.max(1, Math.ceil(retryInMs / 1000));
    return new AppError('too_many_requests', message(seconds), { headers: { 'retry-after': String(seconds) } });
  }

  /** 419: the anti-forgery token is missing or does not match. */
  static csrf(): AppError {
    return new AppError('csrf_mismatch', 'CSRF token mismatch.');
  }

  /** Laravel-style 422: message is the first error plus "(and N more errors)". */
  static validation(fieldErrors: FieldErrors): AppError {
    return new AppError('validation', validationMessage(fieldErrors), { fieldErrors });
  }

  /** 503 with Retry-After: a service the api depends on cannot be reached; `message` says so in words. */
  static unavailable(message: string, retryAfterSeconds: number): AppError {
    return new AppError('unavailable', message, { headers: { 'retry-after': String(retryAfterSeconds) } });
  }

  /** 500 for a broken invariant; the handler logs `message` and answers "Server Error". */
  static internal(message: string): AppError {
    return new AppError('internal', message);
  }
}

export function validationMessage(fieldErrors: FieldErrors): string {
  const all = Object.values(fieldErrors).flat();
  const first = all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  if (more <= 0) return first;
  return `${first} (and ${more} more ${more === 1 ? 'error' : 'errors'})`;
}

/** Collects field errors in insertion order; any string is a field name (see emptyFieldErrors). */
export class FieldErrorBag {
  readonly errors: FieldErrors = emptyFieldErrors();
  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }
  has(field?: string): boolean {
    return field !== undefined ? (this.errors[field]?.length ?? 0) > 0 : Object.keys(this.errors).length > 0;
  }
  throwIfAny(): void {
    if (this.has()) throw AppError.validation(this.errors);
  }
}
