import { sql, type Selectable } from 'kysely';
import type { Executor, ScheduledTransferRunsTable, ScheduledTransfersTable } from '../../db/types.ts';

/** A schedule as read: amounts as text (bigint), with its recipient's name. */
export type ScheduleRow = Omit<Selectable<ScheduledTransfersTable>, 'source_amount' | 'target_amount'> & {
  source_amount: string | null;
  target_amount: string | null;
  recipient_name: string;
};

export type RunRow = Selectable<ScheduledTransferRunsTable>;

type ScheduleInsert = Omit<ScheduledTransfersTable, 'created_at' | 'updated_at' | 'source_amount' | 'target_amount'> & {
  source_amount: bigint | null;
  target_amount: bigint | null;
  created_at: Date;
  updated_at: Date;
};

export type ScheduleChanges = Partial<
  Pick<
    ScheduledTransfersTable,
    | 'frequency'
    | 'day'
    | 'next_run_on'
    | 'status'
    | 'last_run_on'
    | 'last_run_transaction_id'
    | 'last_run_error_code'
    | 'last_run_error_text'
  >
> & { source_amount?: bigint | null; target_amount?: bigint | null; updated_at: Date };

function selectSchedules(db: Executor) {
  return db
    .selectFrom('scheduled_transfers as s')
    .innerJoin('recipients as r', 'r.id', 's.recipient_id')
    .select([
      's.id',
      's.customer_id',
      's.recipient_id',
      'r.name as recipient_name',
      's.source_currency',
      's.target_currency',
      's.target_country',
      's.payout_method',
      sql<string | null>`s.source_amount::text`.as('source_amount'),
      sql<string | null>`s.target_amount::text`.as('target_amount'),
      's.purpose',
      's.reference',
      's.frequency',
      's.day',
      's.next_run_on',
      's.status',
      's.locale',
      's.last_run_on',
      's.last_run_transaction_id',
      's.last_run_error_code',
      's.last_run_error_text',
      's.created_at',
      's.updated_at',
    ]);
}

/** The SQL of scheduled transfers and their runs (docs/product/scheduled-transfers.md). */
export const scheduledTransfersRepository = {
  list(db: Executor, customerId: string): Promise<ScheduleRow[]> {
    return selectSchedules(db)
      .where('s.customer_id', '=', customerId)
      .orderBy(sql`case s.status when 'ended' then 1 else 0 end`)
      .orderBy('s.next_run_on')
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id')
      .execute() as Promise<ScheduleRow[]>;
  },

  find(db: Executor, customerId: string, id: string): Promise<ScheduleRow | undefined> {
    return selectSchedules(db)
      .where('s.customer_id', '=', customerId)
      .where('s.id', '=', id)
      .executeTakeFirst() as Promise<ScheduleRow | undefined>;
  },

  /** Any customer's schedule, locked until the end of the caller's transaction (a run). */
  async lock(trx: Executor, id: string): Promise<ScheduleRow | undefined> {
    const locked = await trx
      .selectFrom('scheduled_transfers')
      .select('id')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) return undefined;
    return selectSchedules(trx).where('s.id', '=', id).executeTakeFirst() as Promise<ScheduleRow | undefined>;
  },

  /** The customer's row lock for the cap: schedules that have not ended. */
  async countOpen(trx: Executor, customerId: string): Promise<number> {
    const row = await trx
      .selectFrom('scheduled_transfers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('customer_id', '=', customerId)
      .where('status', '<>', 'ended')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  async insert(trx: Executor, values: ScheduleInsert): Promise<void> {
    await trx.insertInto('scheduled_transfers').values(values).execute();
  },

  async update(trx: Executor, id: string, changes: ScheduleChanges): Promise<void> {
    await trx.updateTable('scheduled_transfers').set(changes).where('id', '=', id).execute();
  },

  async remove(trx: Executor, customerId: string, id: string): Promise<boolean> {
    const result = await trx
      .deleteFrom('scheduled_transfers')
      .where('customer_id', '=', customerId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /** Active schedules due on or before `today`, oldest date first. */
  due(db: Executor, today: string, limit: number): Promise<{ id: string; next_run_on: string }[]> {
    return db
      .selectFrom('scheduled_transfers')
      .select(['id', sql<string>`next_run_on`.as('next_run_on')])
      .where('status', '=', 'active')
      .where('next_run_on', '<=', today)
      .orderBy('next_run_on')
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /** The run of a schedule on a date, made once (a second call finds the first). */
  async claimRun(
    trx: Executor,
    values: { id: string; schedule_id: string; customer_id: string; run_on: string; at: Date },
  ): Promise<RunRow> {
    await trx
      .insertInto('scheduled_transfer_runs')
      .values({
        id: values.id,
        schedule_id: values.schedule_id,
        customer_id: values.customer_id,
        run_on: values.run_on,
        status: 'started',
        created_at: values.at,
        updated_at: values.at,
      })
      .onConflict((oc) => oc.columns(['schedule_id', 'run_on']).doNothing())
      .execute();
    return trx
      .selectFrom('scheduled_transfer_runs')
      .selectAll()
      .where('schedule_id', '=', values.schedule_id)
      .where('run_on', '=', values.run_on)
      .executeTakeFirstOrThrow();
  },

  async setRunQuote(db: Executor, runId: string, quoteId: string, at: Date): Promise<void> {
    await db
      .updateTable('scheduled_transfer_runs')
      .set({ quote_id: quoteId, updated_at: at })
      .where('id', '=', runId)
      .where('status', '=', 'started')
      .execute();
  },

  async finishRun(
    trx: Executor,
    runId: string,
    outcome:
      { status: 'created'; transaction_id: string } | { status: 'failed'; error_code: string; error_text: string },
    at: Date,
  ): Promise<void> {
    await trx
      .updateTable('scheduled_transfer_runs')
      .set({ ...outcome, updated_at: at })
      .where('id', '=', runId)
      .execute();
  },

  findRun(db: Executor, runId: string) {
    return db
      .selectFrom('scheduled_transfer_runs as run')
      .innerJoin('scheduled_transfers as s', 's.id', 'run.schedule_id')
      .innerJoin('recipients as r', 'r.id', 's.recipient_id')
      .innerJoin('accounts as a', 'a.customer_id', 'run.customer_id')
      .select([
        'run.id',
        'run.run_on',
        'run.status',
        'run.transaction_id',
        'run.error_code',
        'a.email',
        's.locale',
        'r.name as recipient_name',
      ])
      .where('run.id', '=', runId)
      .executeTakeFirst();
  },
};
