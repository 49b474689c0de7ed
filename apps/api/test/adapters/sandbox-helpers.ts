/**
 * A fake clock with a task queue for the sandbox adapters (docs/product/payments.md#sandbox-behaviour):
 * tests advance time and the scheduled steps (webhooks, bank transfers, payout steps) run in order.
 */
export class FakeTime {
  private t = Date.parse('2030-01-01T09:00:00.000Z');
  private seq = 0;
  private readonly queue: { due: number; seq: number; task: () => Promise<void> }[] = [];

  readonly now = (): Date => new Date(this.t);

  readonly schedule = (delayMs: number, task: () => Promise<void>): void => {
    this.queue.push({ due: this.t + delayMs, seq: this.seq++, task });
  };

  get pending(): number {
    return this.queue.length;
  }

  /** Moves the clock on by `ms`, running every task that falls due on the way (and those they schedule). */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      this.queue.sort((a, b) => a.due - b.due || a.seq - b.seq);
      const next = this.queue[0];
      if (!next || next.due > end) break;
      this.queue.shift();
      this.t = Math.max(this.t, next.due);
      await next.task();
    }
    this.t = end;
  }

  /** Moves the clock without running anything. */
  skip(ms: number): void {
    this.t += ms;
  }
}

export interface SentWebhook {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export function webhookOutbox(): {
  sent: SentWebhook[];
  send: (url: string, body: string, headers: Record<string, string>) => Promise<void>;
} {
  const sent: SentWebhook[] = [];
  return {
    sent,
    send: async (url, body, headers) => {
      sent.push({ url, body, headers });
    },
  };
}
