/** Injected wall clock so time-based rules (session expiry, OTP expiry) are testable without sleeping. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
