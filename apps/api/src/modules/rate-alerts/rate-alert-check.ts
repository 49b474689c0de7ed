import { compareRates, formatRate, parseRate, type RateAlertTriggeredPayload } from '@remit/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { MailAdapter } from '../../adapters/mail/mail-adapter.ts';
import type { Database } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CorridorsService } from '../corridors/corridors.service.ts';
import type { RatesService } from '../corridors/rates.service.ts';
import { defineJob, type Jobs } from '../jobs/jobs.ts';
import { customerRate } from './customer-rate.ts';
import { sendRateAlertMail } from './rate-alert-mail.ts';
import { rateAlertsRepository } from './rate-alerts.repository.ts';

interface Logger {
  warn(obj: object, msg: string): void;
}

export interface RateAlertJobDeps {
  db: Kysely<Database>;
  uow: Pick<UnitOfWork, 'run'>;
  now: Clock;
  corridors: Pick<CorridorsService, 'corridor'>;
  rates: Pick<RatesService, 'midMarket'>;
  jobs: Pick<Jobs, 'enqueue'>;
  mailer: Pick<MailAdapter, 'send'>;
  appUrl: string;
  log: Logger;
}

/**
 * The rate alerts' durable jobs (docs/product/rate-alerts.md#checking, docs/product/system.md#durable-jobs).
 * `check` is queued after every rates refresh (one queued at a time); `mail` once per alert that fires.
 */
export const RATE_ALERT_JOBS = {
  check: defineJob('rate-alerts.check', z.object({}).loose(), async (_payload, job, deps: RateAlertJobDeps) => {
    // A refresh while this runs queues the next check (the rates may have moved after they were read).
    await job.releaseUniqueKey();
    await checkRateAlerts(deps);
  }),
  mail: defineJob(
    'rate-alerts.mail',
    z.object({ alertId: z.string(), triggeredAt: z.string() }),
    async (payload, _job, deps: RateAlertJobDeps) => {
      await sendRateAlertMail(deps, payload);
    },
  ),
};

export const rateAlertJobs = (deps: RateAlertJobDeps) => [
  RATE_ALERT_JOBS.check.with(deps),
  RATE_ALERT_JOBS.mail.with(deps),
];

/** Queue a check of the active alerts (after a rates refresh): a durable job, one queued at a time. */
export function scheduleRateAlertCheck(jobs: Pick<Jobs, 'enqueue'>, db: Kysely<Database>): Promise<string | null> {
  return jobs.enqueue(db, RATE_ALERT_JOBS.check, {}, { uniqueKey: RATE_ALERT_JOBS.check.name });
}

/**
 * Every active alert whose corridor's customer rate is at or above its target fires: `triggered`
 * with `triggered_at`, by a conditional update (only while still active with the same target), so
 * that two instances, a retry or a pause meanwhile never fire it twice; in the same transaction its
 * mail is queued, and `RateAlertTriggered` is pushed after the commit. Answers how many fired.
 */
export async function checkRateAlerts(deps: RateAlertJobDeps): Promise<number> {
  let fired = 0;
  for (const corridor of await rateAlertsRepository.activeCorridors(deps.db)) {
    let rate;
    try {
      rate = await customerRate(deps, corridor);
    } catch (err) {
      // No rate, or one too old to quote on: nothing fires on it (the next refresh checks again).
      deps.log.warn({ err, corridor }, 'rate alerts: no usable rate for this corridor');
      continue;
    }
    if (!rate) continue;
    const rateText = formatRate(rate);
    for (const alert of await rateAlertsRepository.activeOf(deps.db, corridor)) {
      if (compareRates(rate, parseRate(alert.target_rate)) < 0) continue;
      const at = deps.now();
      const done = await deps.uow.run(async (trx, after) => {
        const row = await rateAlertsRepository.trigger(trx, alert, at, rateText);
        if (!row) return false;
        await deps.jobs.enqueue(
          trx,
          RATE_ALERT_JOBS.mail,
          { alertId: row.id, triggeredAt: at.toISOString() },
          { uniqueKey: `${RATE_ALERT_JOBS.mail.name}:${row.id}:${at.getTime()}` },
        );
        const payload: RateAlertTriggeredPayload = {
          alert_id: row.id,
          source_currency: row.source_currency,
          target_country: row.target_country,
          target_currency: row.target_currency,
          target_rate: row.target_rate,
          rate: rateText,
        };
        after.notify(row.customer_id, 'RateAlertTriggered', payload);
        return true;
      });
      if (done) fired += 1;
    }
  }
  return fired;
}
