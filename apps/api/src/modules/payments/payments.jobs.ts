import { z } from 'zod';
import type { Executor } from '../../db/types.ts';
import { defineJob } from '../jobs/jobs.ts';
import type { PaymentsService } from './payments.service.ts';

export interface PaymentJobDeps {
  payments: Pick<PaymentsService, 'refund' | 'reconcile' | 'scheduleReconcile'>;
  /** Where the reconciler queues its next run. */
  db: Executor;
}

/** Durable jobs of the payments module (docs/product/system.md#durable-jobs). */
export const PAYMENT_JOBS = {
  /**
   * The reconciler asks the gateway about payments stuck in `payment_processing`, then queues its
   * next run under the same unique key (which this running job lets go of first).
   */
  reconcile: defineJob('payments.reconcile', z.object({}), async (_payload, job, deps: PaymentJobDeps) => {
    await job.releaseUniqueKey();
    await deps.payments.reconcile();
    await deps.payments.scheduleReconcile(deps.db);
  }),
  /** A payment's money goes back (PaymentsService.refund). */
  refund: defineJob(
    'payment.refund',
    z.object({ paymentId: z.string() }),
    async ({ paymentId }, _job, deps: PaymentJobDeps) => {
      await deps.payments.refund(paymentId);
    },
  ),
};

/** The payments module's jobs, for `Jobs.register`. */
export const paymentJobs = (deps: PaymentJobDeps) => [
  PAYMENT_JOBS.reconcile.with(deps),
  PAYMENT_JOBS.refund.with(deps),
];
