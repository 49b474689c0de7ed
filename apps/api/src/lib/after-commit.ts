import type { RealtimeEventName } from '@remit/contract';

/** Options of a realtime event: `socketId` leaves out the browser tab that caused it (it has the answer). */
export interface NotifyOptions {
  socketId?: string;
}

/** Where the work asked for after a commit goes; wired once, in the composition root. */
export interface AfterCommitPorts {
  /** Drop the cached sessions of these customers here and on every instance; resolves once all have. */
  forgetCustomer(customerId: string): Promise<void>;
  /** Drop one cached session (its token was rotated or ended) here and on every instance. */
  forgetToken(token: string): Promise<void>;
  /** Tell a customer's open apps; fire and forget (a failed publish is logged and retried, never thrown). */
  publish(
    customerId: string,
    event: RealtimeEventName,
    payload?: Record<string, unknown>,
    options?: NotifyOptions,
  ): void;
}

/**
 * The side effects of a change, asked for by the service that made it while it makes it, and carried
 * out only once the change is committed (docs/ARCHITECTURE.md "Side effects"). Nothing is guessed
 * from the request: a call that asks for nothing costs nothing (a money route that changes no
 * customer data pays no cross-instance round trip).
 *
 * Order after the commit: every cache invalidation first, awaited (so the answer, and any tab that
 * refetches on the event, sees the change on every instance), then the realtime events.
 */
export class AfterCommit {
  private readonly customers = new Set<string>();
  private readonly tokens = new Set<string>();
  private readonly events: Parameters<AfterCommitPorts['publish']>[] = [];

  constructor(private readonly ports: AfterCommitPorts) {}

  /** The customer's profile, account or sessions changed: their cached sessions go, on every instance. */
  customerChanged(customerId: string): this {
    this.customers.add(customerId);
    return this;
  }

  /** This session token was rotated or ended: its cached session goes, on every instance. */
  sessionEnded(token: string | undefined): this {
    if (token) this.tokens.add(token);
    return this;
  }

  /** Tell the customer's open apps (realtime, after the invalidations). */
  notify(
    customerId: string,
    event: RealtimeEventName,
    payload: Record<string, unknown> = {},
    options?: NotifyOptions,
  ): this {
    this.events.push(options ? [customerId, event, payload, options] : [customerId, event, payload]);
    return this;
  }

  /** Whether anything was asked for. */
  get isEmpty(): boolean {
    return this.customers.size === 0 && this.tokens.size === 0 && this.events.length === 0;
  }

  /** Carry everything out (once the change is committed). Invalidation failures reject. */
  async run(): Promise<void> {
    await Promise.all([
      ...[...this.customers].map((id) => this.ports.forgetCustomer(id)),
      ...[...this.tokens].map((token) => this.ports.forgetToken(token)),
    ]);
    for (const args of this.events) this.ports.publish(...args);
  }
}
