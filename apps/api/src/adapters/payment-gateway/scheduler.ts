/**
 * How the sandboxes do something later (docs/product/payments.md#sandbox-behaviour): a webhook
 * delivery, a bank transfer "received", a payout step. Injected, so tests run the steps by hand and
 * the wiring may put them in the durable jobs table; the timer scheduler keeps them in this process.
 */
export type Schedule = (delayMs: number, task: () => Promise<void>) => void;

/** Runs tasks on timers in this process; a failed task is reported to `onError`. `close()` drops pending ones. */
export class TimerScheduler {
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private closed = false;

  constructor(private readonly onError: (err: unknown) => void) {}

  readonly schedule: Schedule = (delayMs, task) => {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.closed) return;
      task().catch(this.onError);
    }, delayMs);
    timer.unref?.();
    this.timers.add(timer);
  };

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
