import { z } from 'zod';
import { defineJob } from '../jobs/jobs.ts';
import type { PayoutsService } from './payouts.service.ts';

/** Durable jobs of the payouts module (docs/product/money-movement.md#payout). */
export const PAYOUT_JOBS = {
  /** A paid transfer's payout starts (its payload says `transactionId`: the jobs table's word). */
  start: defineJob(
    'payout.start',
    z.object({ transactionId: z.string() }),
    async ({ transactionId }, _job, payouts: Pick<PayoutsService, 'start'>) => {
      await payouts.start(transactionId);
    },
  ),
};

/** The payouts module's jobs, for `Jobs.register`. */
export const payoutJobs = (payouts: Pick<PayoutsService, 'start'>) => [PAYOUT_JOBS.start.with(payouts)];
