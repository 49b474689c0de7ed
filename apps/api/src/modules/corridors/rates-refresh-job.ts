import type { FastifyBaseLogger } from 'fastify';
import { minutesInMs } from '../../lib/clock.ts';
import type { RatesService } from './rates.service.ts';

/**
 * Refreshes the mid-market rates when the api is ready, then every `everyMinutes` (0: never).
 * A failed refresh is logged and changes nothing: the last good rates (or the snapshot) stay in
 * use until they are too old to quote on (docs/product/money-movement.md#corridors).
 */
export class RatesRefreshJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly deps: {
      rates: Pick<RatesService, 'refresh' | 'providerName'>;
      everyMinutes: number;
      log: FastifyBaseLogger;
    },
  ) {}

  /** Runs a first refresh (failures logged), then schedules the next ones (unref'd). */
  async start(): Promise<void> {
    if (this.deps.everyMinutes <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), minutesInMs(this.deps.everyMinutes));
    this.timer.unref();
    await this.runOnce();
  }

  /** One refresh; never throws. A refresh still running is not started again. */
  runOnce(): Promise<void> {
    this.running ??= this.deps.rates
      .refresh()
      .then(
        (result) => this.deps.log.info({ rates: result }, `rates refreshed from ${result.provider}`),
        (err: unknown) =>
          this.deps.log.warn({ err }, `rates refresh from ${this.deps.rates.providerName} failed; the last rates stay`),
      )
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
