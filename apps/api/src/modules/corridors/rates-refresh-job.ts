import type { FastifyBaseLogger } from 'fastify';
import type { RatesService } from './rates.service.ts';

/**
 * One refresh of the mid-market rates, as the periodic task `rates.refresh` runs it (every
 * RATES_REFRESH_MINUTES, once across the instances: composition-root.ts). A failed refresh is logged
 * and changes nothing: the last good rates (or the snapshot) stay in use until they are too old to
 * quote on (docs/product/money-movement.md#corridors).
 */
export class RatesRefreshJob {
  private running: Promise<void> | undefined;
  private readonly listeners: (() => Promise<unknown>)[] = [];

  constructor(
    private readonly deps: {
      rates: Pick<RatesService, 'refresh' | 'providerName'>;
      log: FastifyBaseLogger;
    },
  ) {}

  /**
   * Work to start after each successful refresh (the rate alerts' check, docs/product/rate-alerts.md):
   * awaited by `runOnce`; a failure is logged.
   */
  onRefreshed(listener: () => Promise<unknown>): void {
    this.listeners.push(listener);
  }

  /** One refresh; never throws. A refresh still running is not started again. */
  runOnce(): Promise<void> {
    this.running ??= this.deps.rates
      .refresh()
      .then(
        async (result) => {
          this.deps.log.info({ rates: result }, `rates refreshed from ${result.provider}`);
          for (const listener of this.listeners) {
            await listener().catch((err: unknown) => this.deps.log.warn({ err }, 'after a rates refresh: failed'));
          }
        },
        (err: unknown) =>
          this.deps.log.warn({ err }, `rates refresh from ${this.deps.rates.providerName} failed; the last rates stay`),
      )
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  /** Waits for a refresh under way (the api closing). */
  async stop(): Promise<void> {
    await this.running;
  }
}
