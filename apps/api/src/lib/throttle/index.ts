/**
 * Every throttle of the api (docs/product/auth-and-sessions.md#throttling): fixed-window counters in
 * the rate-limit store (memory, or Redis shared by every instance), each refusing with 429 +
 * Retry-After through `refuse`.
 */
export { CodeResendThrottle, RESEND_COOLDOWN_MS, RESEND_MAX_PER_HOUR } from './code-resend-throttle.ts';
export { LoginThrottle } from './login-throttle.ts';
export {
  MemoryRateLimitStore,
  RedisRateLimitStore,
  type RateLimitState,
  type RateLimitStore,
} from './rate-limit-store.ts';
export { ForgotPasswordThrottle, passwordConfirmationThrottle, totpFailureThrottle } from './account-throttles.ts';
export {
  FailureThrottle,
  RequestThrottle,
  refuse,
  tooManyAttemptsMessage,
  type ThrottleRule,
  type TooManyMessage,
} from './throttle.ts';
