import { z } from 'zod';
import { defineJob } from '../jobs/jobs.ts';
import { MAILED_STATUS_VALUES, sendTransactionMail, type TransactionMailDeps } from './transfer-mails.ts';
import type { TransferSteps } from './transfer-steps.ts';

/** What the transfer module's jobs need (the composition root gives it to `transferJobs`). */
export interface TransferJobDeps extends TransactionMailDeps {
  steps: Pick<TransferSteps, 'expire'>;
}

/**
 * The transfer module's durable jobs (docs/product/system.md#durable-jobs). Their names and payload
 * keys are stored in the jobs table: they stay `transaction.*` and `transactionId` (the wire's word).
 */
export const TRANSFER_JOBS = {
  /** An unpaid transfer expires at `pay_by` (docs/product/money-movement.md#transaction-statuses). */
  expire: defineJob(
    'transaction.expire',
    z.object({ transactionId: z.string() }),
    async ({ transactionId }, _job, deps: TransferJobDeps) => {
      await deps.steps.expire(transactionId);
    },
  ),
  /** The customer is mailed about a status their transfer reached (scheduled by TransferLifecycle). */
  mail: defineJob(
    'transaction.mail',
    z.object({ transactionId: z.string(), status: z.enum(MAILED_STATUS_VALUES) }),
    async (payload, _job, deps: TransferJobDeps) => {
      await sendTransactionMail(deps, payload);
    },
  ),
};

/** The transfer module's jobs, for `Jobs.register`. */
export const transferJobs = (deps: TransferJobDeps) => [TRANSFER_JOBS.expire.with(deps), TRANSFER_JOBS.mail.with(deps)];
