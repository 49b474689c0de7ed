import { z } from 'zod';
import { defineJob } from '../jobs/jobs.ts';
import { sendScheduledTransferMail, type ScheduledTransferMailDeps } from './scheduled-transfer-mails.ts';

export interface ScheduledTransferJobDeps extends ScheduledTransferMailDeps {
  /** ScheduledTransferRunner (scheduled-transfer-run.ts). */
  runner: { run(scheduleId: string, runOn: string): Promise<void> };
}

/** The module's durable jobs (docs/product/scheduled-transfers.md#runs); names are stored: never rename. */
export const SCHEDULED_TRANSFER_JOBS = {
  /** One run of a schedule on its date (queued by the periodic check, unique per schedule and date). */
  run: defineJob(
    'scheduled-transfer.run',
    z.object({ scheduleId: z.string(), runOn: z.string() }),
    async ({ scheduleId, runOn }, _job, deps: ScheduledTransferJobDeps) => {
      await deps.runner.run(scheduleId, runOn);
    },
  ),
  /** The one mail of a run: pay the transfer it created, or why it made none. */
  mail: defineJob(
    'scheduled-transfer.mail',
    z.object({ runId: z.string() }),
    async ({ runId }, _job, deps: ScheduledTransferJobDeps) => {
      await sendScheduledTransferMail(deps, runId);
    },
  ),
};

export const scheduledTransferJobs = (deps: ScheduledTransferJobDeps) => [
  SCHEDULED_TRANSFER_JOBS.run.with(deps),
  SCHEDULED_TRANSFER_JOBS.mail.with(deps),
];
