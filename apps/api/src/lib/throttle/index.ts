/**
 * Every throttle of the api (docs/product/auth-and-sessions.md#throttling): fixed-window counters in
 * the rate-limit store (memory, or Redis shared by every instance). An attempt is reserved (checked
 * and counted in one atomic step) before the guessable check runs, and refused with 429 +
 * Retry-After and a message in words through `refuse`. Later limits (money routes) use `reserve`,
 * `FailureThrottle` or a class like these.
 */
export { CodeResendThrottle, RESEND_COOLDOWN_MS, RESEND_MAX_PER_HOUR } from './code-resend-throttle.ts';
export { LoginAttempt, LoginThrottle, type LoginRules, type LoginSubject } from './login-throttle.ts';
export {
  MemoryRateLimitStore,
  RedisRateLimitStore,
  type Bucket,
  type RateLimitState,
  type RateLimitStore,
  type Reservation,
} from './rate-limit-store.ts';
export {
  ForgotPasswordThrottle,
  MfaFailureThrottle,
  passwordConfirmationThrottle,
  resetPasswordThrottle,
  totpFailureThrottle,
} from './account-throttles.ts';
export { CHALLENGE_TTL_MS, ProofOfWorkGate } from './proof-of-work.ts';
export { SignUpAttempt, SignUpThrottle, type SignUpRules, type SignUpSubject } from './sign-up-throttle.ts';
export { refusalMessage, waitInWords, type RefusalKind } from './refusal-messages.ts';
export {
  Attempt,
  FailureThrottle,
  bucket,
  firstInWindow,
  guarded,
  refuse,
  reserve,
  type ThrottleRule,
} from './throttle.ts';
