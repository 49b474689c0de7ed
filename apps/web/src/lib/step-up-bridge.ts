/**
 * Between the http client and the step-up dialog (docs/product/auth-and-sessions.md#step-up): a
 * sensitive call answered 403 `step_up_required` asks here for a step-up; the step-up feature's
 * provider registers the handler that opens its dialog. Kept apart from http.ts (and free of
 * imports) so the dialog's feature does not pull the http client in, and the other way round.
 */

/** What the 403 carried: the factors this customer can use and, for an action of its own, its scope. */
export interface StepUpChallenge {
  factors: string[];
  scope?: string | undefined;
}

/** Resolves once the customer has stepped up; rejects when they cancel (or the dialog goes away). */
type StepUpHandler = (challenge: StepUpChallenge) => Promise<void>;

let handler: StepUpHandler | null = null;
/** The step-up under way for each scope ('' without one): calls that need it at once share it. */
const pending = new Map<string, Promise<void>>();
/** When the last step-up of each scope succeeded (milliseconds, Date.now). */
const completedAt = new Map<string, number>();

const now = () => Date.now();

/** The step-up provider registers its dialog here (null when it unmounts). */
export function registerStepUpHandler(fn: StepUpHandler | null): void {
  handler = fn;
  if (!fn) completedAt.clear();
}

export function hasStepUpHandler(): boolean {
  return handler !== null;
}

/**
 * A step-up for a call sent at `sentAt`: the one under way for the same scope if any (one dialog
 * for several calls); none at all when one for that scope succeeded after the call left (its 403
 * was on its way while the customer stepped up). Rejects when no dialog is mounted or the customer
 * cancels.
 */
export function requestStepUp(challenge: StepUpChallenge, sentAt: number): Promise<void> {
  const key = challenge.scope ?? '';
  if ((completedAt.get(key) ?? Number.NEGATIVE_INFINITY) >= sentAt) return Promise.resolve();
  const running = pending.get(key);
  if (running) return running;
  if (!handler) return Promise.reject(new Error('No step-up dialog is mounted.'));
  const promise = handler(challenge).then(
    () => {
      completedAt.set(key, now());
      pending.delete(key);
    },
    (reason: unknown) => {
      pending.delete(key);
      throw reason;
    },
  );
  pending.set(key, promise);
  return promise;
}

/** The clock `requestStepUp` compares `sentAt` with. */
export function stepUpClock(): number {
  return now();
}

const CANCELLED = 'stepUpCancelled';

/**
 * Marks the original 403 of a call whose step-up the customer cancelled: screens show nothing for
 * it (readShownError in lib/api-errors.ts answers null).
 */
export function markStepUpCancelled<T>(error: T): T {
  if (typeof error === 'object' && error !== null) (error as Record<string, unknown>)[CANCELLED] = true;
  return error;
}

/** A call whose step-up the customer cancelled (read structurally). */
export function isStepUpCancelled(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as Record<string, unknown>)[CANCELLED] === true;
}
