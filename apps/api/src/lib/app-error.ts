import { MFA_REQUIRED, errorStatus, type ErrorCode, type MessageBody, type MfaMethod } from '@remit/contract';

export type FieldErrors = Record<string, string[]>;

/** The one error type of the api; the error handler maps `code` to an HTTP status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly fieldErrors?: FieldErrors,
    /** Extra response headers (e.g. Retry-After). */
    public readonly headers?: Record<string, string>,
    /** Machine-readable `code` of the MessageBody (e.g. mfa_required). */
    public readonly reason?: string,
    /** Further MessageBody fields (e.g. `mfa_method` with mfa_required). */
    public readonly extra?: Omit<MessageBody, 'message' | 'code'>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorStatus[code];
  }

  static unauthenticated(): AppError {
    return new AppError('unauthenticated', 'Unauthenticated.');
  }

  static notFound(): AppError {
    return new AppError('not_found', 'Not Found.');
  }

  /** 403 while the session still has to pass multi-factor authentication. */
  static mfaRequired(method: MfaMethod): AppError {
    return new AppError('forbidden', 'Multi-factor authentication is required.', undefined, undefined, MFA_REQUIRED, { mfa_method: method });
  }

  /** 429 with Retry-After (seconds, at least 1). */
  static tooManyRequests(message: (seconds: number) => string, retryInMs: number): AppError {
    const seconds = Math.max(1, Math.ceil(retryInMs / 1000));
    return new AppError('too_many_requests', message(seconds), undefined, { 'retry-after': String(seconds) });
  }

  static csrf(): AppError {
    return new AppError('csrf_mismatch', 'CSRF token mismatch.');
  }

  /** Laravel-style 422: message is the first error plus "(and N more errors)". */
  static validation(fieldErrors: FieldErrors): AppError {
    return new AppError('validation', validationMessage(fieldErrors), fieldErrors);
  }
}

export function validationMessage(fieldErrors: FieldErrors): string {
  const all = Object.values(fieldErrors).flat();
  const first = all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  if (more <= 0) return first;
  return `${first} (and ${more} more ${more === 1 ? 'error' : 'errors'})`;
}

/** Collects field errors in insertion order. */
export class FieldErrorBag {
  readonly errors: FieldErrors = {};
  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }
  has(field?: string): boolean {
    return field ? (this.errors[field]?.length ?? 0) > 0 : Object.keys(this.errors).length > 0;
  }
  throwIfAny(): void {
    if (this.has()) throw AppError.validation(this.errors);
  }
}
