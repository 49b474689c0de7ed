import {
  addDays,
  firstRunOnOrAfter,
  nextRunDate,
  utcDate,
  VERIFICATION_REQUIRED,
  type Quote,
  type ScheduleRunError,
  type ScheduledTransferRanPayload,
} from '@remit/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { CustomersService } from '../customers/customers.service.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { QuotesService } from '../quotes/quotes.service.ts';
import type { RecipientsService } from '../recipients/recipients.service.ts';
import type { TransfersService } from '../transfers/transfers.service.ts';
import { newRecipientScope } from '../transfers/transfer-confirm.ts';
import {
  scheduledTransfersRepository as repo,
  type RunRow,
  type ScheduleRow,
} from './scheduled-transfers.repository.ts';
import { SCHEDULED_TRANSFER_JOBS } from './scheduled-transfers.jobs.ts';

/** At most this many due schedules are handed to jobs per check (the rest at the next check). */
const DUE_BATCH = 500;

/** English words of a failed run (the app words it by code; the mail has its own words). */
const RUN_ERROR_TEXT: Record<ScheduleRunError, string> = {
  quote_unavailable: 'We could not price this transfer today.',
  limit_exceeded: 'This transfer would be over your sending limits.',
  not_verified: 'Your account must be verified before you can send.',
  recipient_deleted: 'The recipient was deleted.',
};

export interface ScheduledTransferRunnerDeps {
  db: Kysely<Database>;
  uow: UnitOfWork;
  now: Clock;
  jobs: Pick<Jobs, 'enqueue'>;
  customers: Pick<CustomersService, 'profileRowById'>;
  recipients: Pick<RecipientsService, 'lookup'>;
  quotes: Pick<QuotesService, 'create'>;
  transfers: Pick<TransfersService, 'create'>;
}

type Outcome = { transactionId: string } | { error: ScheduleRunError; text: string };

/**
 * The runs of scheduled transfers (docs/product/scheduled-transfers.md#runs). A periodic check hands
 * each due schedule to a durable job (one per schedule and run date); the job quotes at the current
 * rate and confirms a transfer awaiting payment through the transfers module, with the transfers'
 * own checks (verification, limits, recipient), never paying. Exactly once per run date: the run row
 * is unique per schedule and date, the confirm's Idempotency-Key is the run's and its quote's, and the
 * schedule moves on under its row lock only while it still stands at that date.
 */
export class ScheduledTransferRunner {
  constructor(private readonly deps: ScheduledTransferRunnerDeps) {}

  /** The periodic check: a job for each active schedule due today or earlier (UTC). Answers how many. */
  async enqueueDue(): Promise<number> {
    const today = utcDate(this.deps.now());
    const due = await repo.due(this.deps.db, today, DUE_BATCH);
    let queued = 0;
    for (const s of due) {
      const id = await this.deps.jobs.enqueue(
        this.deps.db,
        SCHEDULED_TRANSFER_JOBS.run,
        { scheduleId: s.id, runOn: s.next_run_on },
        { uniqueKey: `${SCHEDULED_TRANSFER_JOBS.run.name}:${s.id}:${s.next_run_on}` },
      );
      if (id) queued++;
    }
    return queued;
  }

  /** One run of one schedule on `runOn` (the job; safe to run again). */
  async run(scheduleId: string, runOn: string): Promise<void> {
    const claimed = await this.deps.uow.run(async (trx) => {
      const schedule = await repo.lock(trx, scheduleId);
      if (!schedule || schedule.status !== 'active' || schedule.next_run_on !== runOn) return null;
      const run = await repo.claimRun(trx, {
        id: newId(),
        schedule_id: schedule.id,
        customer_id: schedule.customer_id,
        run_on: runOn,
        at: this.deps.now(),
      });
      return { schedule, run };
    });
    if (!claimed) return;
    const { schedule, run } = claimed;
    const outcome: Outcome =
      run.status === 'created' && run.transaction_id
        ? { transactionId: run.transaction_id }
        : run.status === 'failed' && run.error_code
          ? { error: run.error_code as ScheduleRunError, text: run.error_text ?? '' }
          : await this.attempt(schedule, run);
    await this.finish(schedule, run, outcome);
  }

  /**
   * The customer as the transfers module sees a request of theirs, made by the schedule: recently
   * stepped up (for this recipient too), since creating or changing the schedule needed a step-up
   * (docs/product/scheduled-transfers.md#step-up). Eligibility reads the profile as it is today.
   */
  private async context(schedule: ScheduleRow): Promise<AuthContext | null> {
    const profile = await this.deps.customers.profileRowById(schedule.customer_id);
    if (!profile) return null;
    const at = this.deps.now();
    return Object.freeze({
      session: {
        id: `scheduled-transfer:${schedule.id}`,
        public_token: '',
        is_mfa_completed: true,
        mfa_method: null,
        client_version: null,
        os_version: null,
        touched_at: at,
        created_at: at,
        updated_at: at,
      },
      customerId: schedule.customer_id,
      lastAuthenticatedAt: at,
      stepUpScope: newRecipientScope(schedule.recipient_id),
      expiresAt: new Date(at.getTime() + 60_000),
      profile,
    }) as AuthContext;
  }

  /** Quote and confirm; an AppError is the run's failure, anything else is thrown (the job retries). */
  private async attempt(schedule: ScheduleRow, run: RunRow): Promise<Outcome> {
    const recipient = await this.deps.recipients.lookup(schedule.customer_id, schedule.recipient_id, {
      includeDeleted: false,
    });
    if (!recipient) return fail('recipient_deleted');
    const auth = await this.context(schedule);
    if (!auth) return fail('recipient_deleted');
    const origin = { locale: schedule.locale === 'fr' ? ('fr' as const) : ('en' as const) };

    let quote: Pick<Quote, 'id' | 'notices'> | null = null;
    // A quote kept from an earlier attempt is confirmed again under the same key: a transfer made by
    // that attempt is answered again, never made twice.
    const tries = run.quote_id ? [run.quote_id, null] : [null];
    for (const kept of tries) {
      if (kept === null) {
        try {
          quote = await this.deps.quotes.create(auth, {
            source_currency: schedule.source_currency,
            target_country: schedule.target_country,
            target_currency: schedule.target_currency,
            payout_method: schedule.payout_method,
            ...(schedule.source_amount !== null
              ? { source_amount: schedule.source_amount }
              : { target_amount: schedule.target_amount! }),
          });
        } catch (err) {
          if (err instanceof AppError) return fail('quote_unavailable', messageOf(err));
          throw err;
        }
        await repo.setRunQuote(this.deps.db, run.id, quote.id, this.deps.now());
      }
      const quoteId = kept ?? quote!.id;
      try {
        const created = await this.deps.transfers.create(
          auth,
          `scheduled-transfer:${run.id}:${quoteId}`,
          {
            quote_id: quoteId,
            recipient_id: schedule.recipient_id,
            purpose: schedule.purpose as never,
            ...(schedule.reference !== '' ? { reference: schedule.reference } : {}),
          },
          origin,
        );
        return { transactionId: created.body.id };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        // The kept quote went stale before it made a transfer: a new quote, once.
        if (kept !== null && err.fieldErrors?.quote_id && !quote) continue;
        return classify(err, quote);
      }
    }
    return fail('quote_unavailable');
  }

  /** Records the outcome, moves the schedule on and tells the customer (push now, one mail by job). */
  private async finish(schedule: ScheduleRow, run: RunRow, outcome: Outcome): Promise<void> {
    const at = this.deps.now();
    await this.deps.uow.run(async (trx, after) => {
      const locked = await repo.lock(trx, schedule.id);
      await repo.finishRun(
        trx,
        run.id,
        'transactionId' in outcome
          ? { status: 'created', transaction_id: outcome.transactionId }
          : { status: 'failed', error_code: outcome.error, error_text: outcome.text },
        at,
      );
      // Deleted, paused or moved meanwhile: the run stands, the schedule is the customer's.
      if (!locked || locked.next_run_on !== run.run_on) return;
      // The next date after today: dates missed while no instance ran make this one run, not one each.
      const following = nextRunDate(locked.frequency, run.run_on, locked.day);
      const tomorrow = addDays(utcDate(at), 1);
      const next = following === null ? null : firstRunOnOrAfter(locked.frequency, following, locked.day, tomorrow);
      await repo.update(trx, locked.id, {
        next_run_on: next,
        ...(next === null ? { status: 'ended' as const } : {}),
        last_run_on: run.run_on,
        last_run_transaction_id: 'transactionId' in outcome ? outcome.transactionId : null,
        last_run_error_code: 'error' in outcome ? outcome.error : null,
        last_run_error_text: 'error' in outcome ? outcome.text : null,
        updated_at: at,
      });
      await this.deps.jobs.enqueue(
        trx,
        SCHEDULED_TRANSFER_JOBS.mail,
        { runId: run.id },
        { uniqueKey: `${SCHEDULED_TRANSFER_JOBS.mail.name}:${run.id}` },
      );
      const payload: ScheduledTransferRanPayload = {
        scheduled_transfer_id: locked.id,
        on: run.run_on,
        transaction_id: 'transactionId' in outcome ? outcome.transactionId : null,
        error_code: 'error' in outcome ? outcome.error : null,
      };
      after.notify(locked.customer_id, 'ScheduledTransferRan', payload);
    });
  }
}

function fail(code: ScheduleRunError, detail?: string): Outcome {
  return { error: code, text: detail ? `${RUN_ERROR_TEXT[code]} ${detail}` : RUN_ERROR_TEXT[code] };
}

function messageOf(err: AppError): string {
  const first = err.fieldErrors ? Object.values(err.fieldErrors).flat()[0] : undefined;
  return first ?? err.message;
}

const LIMIT_CODES = new Set(['over_per_transfer_limit', 'over_30_day_limit']);

/** Why the transfers module refused the confirm, by its own answer (its checks are not repeated here). */
function classify(err: AppError, quote: Pick<Quote, 'notices'> | null): Outcome {
  const detail = messageOf(err);
  if (err.reason === VERIFICATION_REQUIRED) return fail('not_verified', detail);
  if (err.fieldErrors?.recipient_id) return fail('recipient_deleted', detail);
  const limited =
    quote?.notices.some((n) => n.type === 'blocked' && LIMIT_CODES.has(n.code)) ||
    (err.fieldErrors?.quote_id ?? []).some((t) => t.startsWith('This is over your'));
  if (limited) return fail('limit_exceeded', detail);
  return fail('quote_unavailable', detail);
}
