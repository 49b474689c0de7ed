import type { UnitOfWork } from '../../db/unit-of-work.ts';

/** `QuoteExpiring` goes out this long before a quote expires (docs/product/realtime.md#events). */
export const QUOTE_EXPIRING_LEAD_MS = 60_000;

/**
 * One process timer per active quote that pushes `QuoteExpiring` `{ quote_id, expires_at }` a minute
 * before it expires (docs/product/money-movement.md#quotes). Timers are unref'd and cleared on close;
 * they live in this process only, so quotes made before a restart are not re-armed.
 */
export class QuoteExpiryTimers {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly deps: {
      uow: Pick<UnitOfWork, 'committed'>;
      now: () => Date;
      /** When to push, in ms from now (tests give a small delay); default: a minute before expiry. */
      delayMs?: ((expiresAt: Date) => number) | undefined;
      onError?: (err: unknown) => void;
    },
  ) {}

  arm(customerId: string, quoteId: string, expiresAt: Date): void {
    const delay = this.deps.delayMs
      ? this.deps.delayMs(expiresAt)
      : expiresAt.getTime() - this.deps.now().getTime() - QUOTE_EXPIRING_LEAD_MS;
    const timer = setTimeout(
      () => {
        this.timers.delete(quoteId);
        this.deps.uow
          .committed((after) =>
            after.notify(customerId, 'QuoteExpiring', { quote_id: quoteId, expires_at: expiresAt.toISOString() }),
          )
          .catch((err: unknown) => this.deps.onError?.(err));
      },
      Math.max(0, delay),
    );
    timer.unref();
    this.timers.set(quoteId, timer);
  }

  /** Quotes with a timer still pending (tests). */
  get pending(): number {
    return this.timers.size;
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
