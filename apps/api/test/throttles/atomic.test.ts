// Limits count and decide in one atomic step (docs/product/auth-and-sessions.md#throttling): many
// requests at once let exactly the limit through. In process (memory store), on PGlite or PostgreSQL.
import { describe, it } from 'vitest';
import { useTestApp } from '../helpers.ts';
import {
  parallelOtpGuesses,
  parallelPasswordReentry,
  parallelResends,
  parallelTakenSignUps,
  parallelWrongPasswords,
  type Instances,
} from './scenarios.ts';

const ctx = useTestApp({
  env: { LOGIN_MAX_FAILURES_PER_EMAIL: '5', LOGIN_THROTTLE_WINDOW_MINUTES: '15', SIGNUP_MAX_PER_EMAIL: '5' },
});
const inst: Instances = {
  apps: () => [ctx.app],
  ctx: () => ctx,
  advance: async (ms) => ctx.clock.advance(ms),
};

describe('atomic throttles (one instance, memory store)', () => {
  it('200 parallel wrong passwords for one email from 20 addresses: exactly the limit is checked', () =>
    parallelWrongPasswords(inst, 5, 15 * 60_000));

  it('60 parallel wrong password re-entries on one session: exactly 5 are checked', () =>
    parallelPasswordReentry(inst));

  it('60 parallel guesses of one mailed code: exactly 5 are compared', () => parallelOtpGuesses(inst));

  it('10 parallel resends: exactly one mails a code', () => parallelResends(inst));

  it('50 parallel sign-ups with a taken address: exactly the per-email limit is answered', () =>
    parallelTakenSignUps(inst, 5));
});
