/** Injected wall clock so time-based rules (session expiry, OTP expiry) are testable without sleeping. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** Durations in milliseconds, so code that handles money never multiplies a number by a literal. */
export const minutesInMs = (minutes: number): number => minutes * 60_000;
export const hoursInMs = (hours: number): number => hours * 3_600_000;
