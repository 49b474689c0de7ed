import { z } from 'zod';
import { defineJob } from '../jobs/jobs.ts';
import { sendHoldMail } from './hold-mails.ts';
import type { TransferHolds } from './transfer-holds.ts';
import type { TransactionMailDeps } from './transfer-mails.ts';

/** What the hold jobs need (the composition root gives it to `holdJobs`). */
export interface HoldJobDeps extends TransactionMailDeps {
  holds: Pick<TransferHolds, 'expire'>;
}

/** Durable jobs of held transfers (docs/product/holds.md#deadline, #notices). */
export const HOLD_JOBS = {
  /** At the hold's deadline: still open, the transfer is cancelled and refunded (once). */
  expire: defineJob(
    'transaction.hold-expire',
    z.object({ transactionId: z.string() }),
    async ({ transactionId }, _job, deps: HoldJobDeps) => {
      await deps.holds.expire(transactionId);
    },
  ),
  /** The customer is mailed that the transfer is held, or cancelled at the deadline. */
  mail: defineJob(
    'transaction.hold-mail',
    z.object({ transactionId: z.string(), kind: z.enum(['placed', 'expired']) }),
    async (payload, _job, deps: HoldJobDeps) => {
      await sendHoldMail(deps, payload);
    },
  ),
};

/** The hold jobs, for `Jobs.register`. */
export const holdJobs = (deps: HoldJobDeps) => [HOLD_JOBS.expire.with(deps), HOLD_JOBS.mail.with(deps)];
