// Payouts under load on a real PostgreSQL (TEST_DATABASE_URL; docs/product/money-movement.md#payout):
// a cancel racing the payout's start (exactly one wins, the ledger balances), and the payout.start
// job run twice at once (one payout, paid out once).
import { buildPath, transactionsEndpoints } from '@remit/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { deliverAll, drainJobs, getTransaction, usePaymentsApp } from '../payments/helpers.ts';
import { GOOD_IBAN, paidTransfer, payoutsOf, SANDBOX_PAYOUT_DELAY_MS } from '../payouts/helpers.ts';
import { everyoneMaySend } from '../transfers/helpers.ts';

// Payouts do not start by themselves here (the test helpers' start delay): the test starts them.
const ctx = usePaymentsApp({ env: { DATABASE_POOL_MAX: '10', SANDBOX_PAYOUT_DELAY_SECONDS: '20' } });

beforeEach(() => {
  everyoneMaySend(ctx);
});
afterEach(async () => {
  expect((await verifyLedger(ctx.db)).violations).toEqual([]);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('payout races (PostgreSQL)', () => {
  it('a cancel racing the payout start: exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const { client, tx } = await paidTransfer(ctx, GOOD_IBAN);
      expect(tx.status).toBe('paid');
      const [cancel] = await Promise.all([
        client.post(buildPath(transactionsEndpoints.cancelTransaction.path, { id: tx.id }), {}),
        ctx.app.services.payouts.start(tx.id),
      ]);
      await drainJobs(ctx);
      const after = await getTransaction(client, tx.id);
      const payouts = await payoutsOf(ctx, tx.id);
      if (cancel.statusCode === 200) {
        expect(after.status).toBe('refunded');
        expect(payouts).toHaveLength(0);
      } else {
        expect(cancel.statusCode).toBe(409);
        expect(after.status).toBe('processing');
        expect(payouts).toHaveLength(1);
        ctx.clock.advance(SANDBOX_PAYOUT_DELAY_MS);
        await deliverAll(ctx);
        expect((await getTransaction(client, tx.id)).status).toBe('completed');
      }
    }
  });

  it('the payout.start job run twice at once pays out once', async () => {
    const { client, tx } = await paidTransfer(ctx, GOOD_IBAN);
    await Promise.all([ctx.app.services.payouts.start(tx.id), ctx.app.services.payouts.start(tx.id)]);
    await ctx.app.services.payouts.start(tx.id);
    expect(await payoutsOf(ctx, tx.id)).toHaveLength(1);
    const sandbox = await ctx.db
      .selectFrom('sandbox_payouts')
      .select('payout_id')
      .where('transaction_id', '=', tx.id)
      .execute();
    expect(sandbox).toHaveLength(1);
    ctx.clock.advance(SANDBOX_PAYOUT_DELAY_MS);
    await deliverAll(ctx);
    const done = await getTransaction(client, tx.id);
    expect(done.status).toBe('completed');
    expect(done.timeline.filter((e) => e.status === 'completed')).toHaveLength(1);
    const settled = await ctx.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('transaction_id', '=', tx.id)
      .where('code', '=', 'payout_settled')
      .execute();
    expect(settled).toHaveLength(1);
  });
});
