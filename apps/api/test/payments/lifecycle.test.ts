// The transfer's life (docs/product/money-movement.md#transaction-statuses): every (from, to) pair
// through TransferLifecycle.transition. Allowed pairs apply (status, timeline entry, push, the
// mail job for the mailed statuses); the others are refused and change nothing.
import { canTransition, TransactionStatus } from '@remit/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAILED_STATUSES } from '../../src/modules/transfers/lifecycle.ts';
import { everyoneMaySend } from '../transfers/helpers.ts';
import { payableTransfer, usePaymentsApp } from './helpers.ts';
import { timelineEnglish, type TimelineNote } from '../../src/modules/transfers/timeline-words.ts';

/** A note that names both statuses (timeline entries are codes with parameters: sent_again words both). */
const noteOf = (from: string, to: string): TimelineNote => ({
  code: 'sent_again',
  params: { recipient: from, summary: to },
});

const ctx = usePaymentsApp();
const STATUSES = TransactionStatus.options;

beforeEach(() => {
  everyoneMaySend(ctx);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('TransferLifecycle.transition', () => {
  it('applies exactly the pairs of the table, for every (from, to)', async () => {
    const { tx } = await payableTransfer(ctx);
    const notify = vi.spyOn(ctx.app.customerEvents, 'notify');
    const { uow, lifecycle } = ctx.app.services;
    let checked = 0;
    for (const from of STATUSES) {
      for (const to of STATUSES) {
        await ctx.db.updateTable('transactions').set({ status: from }).where('id', '=', tx.id).execute();
        await ctx.db.deleteFrom('jobs').where('name', '=', 'transaction.mail').execute();
        const eventsBefore = await ctx.db
          .selectFrom('transaction_events')
          .select('id')
          .where('transaction_id', '=', tx.id)
          .execute();
        notify.mockClear();
        const result = await uow.run((trx, after) =>
          lifecycle.transition(trx, after, { transactionId: tx.id, to, note: noteOf(from, to) }),
        );
        const row = await ctx.db
          .selectFrom('transactions')
          .select('status')
          .where('id', '=', tx.id)
          .executeTakeFirstOrThrow();
        const eventsAfter = await ctx.db
          .selectFrom('transaction_events')
          .select(['status', 'note'])
          .where('transaction_id', '=', tx.id)
          .orderBy('id')
          .execute();
        const mailJobs = await ctx.db
          .selectFrom('jobs')
          .select('payload')
          .where('name', '=', 'transaction.mail')
          .execute();
        if (canTransition(from, to)) {
          expect(result, `${from} → ${to}`).toMatchObject({ ok: true, from, to });
          expect(row.status).toBe(to);
          expect(eventsAfter).toHaveLength(eventsBefore.length + 1);
          expect(eventsAfter.at(-1)).toEqual({ status: to, note: timelineEnglish(noteOf(from, to)) });
          expect(notify).toHaveBeenCalledWith(
            expect.any(String),
            'TransactionStatusChanged',
            { transaction_id: tx.id, status: to },
            {},
          );
          expect(mailJobs).toHaveLength(MAILED_STATUSES.includes(to) ? 1 : 0);
        } else {
          expect(result, `${from} → ${to}`).toMatchObject({ ok: false, reason: 'not_allowed', from });
          expect(row.status).toBe(from);
          expect(eventsAfter).toHaveLength(eventsBefore.length);
          expect(notify).not.toHaveBeenCalled();
          expect(mailJobs).toHaveLength(0);
        }
        checked++;
      }
    }
    expect(checked).toBe(STATUSES.length ** 2);
  });

  it('expectFrom narrows the table; an unknown transaction is not_found', async () => {
    const { tx } = await payableTransfer(ctx);
    const { uow, lifecycle } = ctx.app.services;
    const refused = await uow.run((trx, after) =>
      lifecycle.transition(trx, after, {
        transactionId: tx.id,
        to: 'paid',
        note: null,
        expectFrom: ['payment_processing'],
      }),
    );
    expect(refused).toMatchObject({ ok: false, reason: 'not_allowed', from: 'awaiting_payment' });
    const unknown = await uow.run((trx, after) =>
      lifecycle.transition(trx, after, {
        transactionId: '00000000-0000-4000-8000-000000000000',
        to: 'paid',
        note: null,
      }),
    );
    expect(unknown).toEqual({ ok: false, reason: 'not_found' });
  });
});
