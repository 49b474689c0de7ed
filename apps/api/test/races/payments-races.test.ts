// Paying under load on a real PostgreSQL (TEST_DATABASE_URL; docs/product/money-movement.md#payment):
// 50 starts of one transfer at once make one payment (the others get its answer or a 409); a cancel
// racing the payment's success: exactly one wins and the ledger balances.
import { StartedPayment, Transaction, buildPath, paymentsEndpoints, transactionsEndpoints } from '@remit/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { copiesOf, type Client } from '../helpers.ts';
import {
  CARDS,
  drainJobs,
  getTransaction,
  payOnHostedPage,
  payableTransfer,
  paymentReturn,
  returnQuery,
  startPayment,
  usePaymentsApp,
} from '../payments/helpers.ts';
import { everyoneMaySend } from '../transfers/helpers.ts';

const ctx = usePaymentsApp({ env: { DATABASE_POOL_MAX: '10' } });
const N = 50;

const copies = (client: Client, n = N): Client[] => copiesOf(ctx.app, client, n);

beforeEach(() => {
  everyoneMaySend(ctx);
});
afterEach(async () => {
  expect((await verifyLedger(ctx.db)).violations).toEqual([]);
  vi.restoreAllMocks();
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('payment races (PostgreSQL)', () => {
  it('50 concurrent starts of one transfer make one payment', async () => {
    const { client, tx } = await payableTransfer(ctx);
    const path = buildPath(paymentsEndpoints.startPayment.path, { id: tx.id });
    const answers = await Promise.all(copies(client).map((c) => c.post(path, { method: 'card' })));
    const statuses = answers.map((r) => r.statusCode);
    expect(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(','),
    ).toBe(true);
    const ok = answers.filter((r) => r.statusCode === 201).map((r) => StartedPayment.parse(r.json()));
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((p) => p.payment_id)).size).toBe(1);
    expect(new Set(ok.map((p) => p.redirect_url)).size).toBe(1);
    const rows = await ctx.db
      .selectFrom('payments')
      .select(['id', 'provider_payment_id'])
      .where('transaction_id', '=', tx.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await ctx.db.selectFrom('sandbox_gateway_payments').select('payment_id').execute()).toHaveLength(1);
    const after = await getTransaction(client, tx.id);
    expect(after.status).toBe('payment_processing');
    expect(after.timeline.filter((e) => e.status === 'payment_processing')).toHaveLength(1);
  });

  it('cancel racing the payment success: exactly one wins, the ledger balances', async () => {
    for (let round = 0; round < 5; round++) {
      const { client, tx } = await payableTransfer(ctx);
      const started = await startPayment(client, tx.id, 'bank_transfer');
      const providerId = (
        await ctx.db
          .selectFrom('payments')
          .select('provider_payment_id')
          .where('id', '=', started.payment_id)
          .executeTakeFirstOrThrow()
      ).provider_payment_id!;
      const gateway = ctx.app.services.sandboxGateway!;
      await gateway.receiveBankTransfer(providerId);
      const [cancel, applied] = await Promise.all([
        client.post(buildPath(transactionsEndpoints.cancelTransaction.path, { id: tx.id })),
        ctx.app.services.payments.applyGatewayWord(started.payment_id, {
          outcome: 'succeeded',
          amount: null,
          source: 'reconciler',
        }),
      ]);
      expect(cancel.statusCode).toBe(200);
      expect(applied).toBe('applied');
      await drainJobs(ctx);
      const final = Transaction.parse((await client.get(`/client/v1/transactions/${tx.id}`)).json());
      const statuses = final.timeline.map((e) => e.status);
      // Either the cancel came first (the money arrives for a cancelled transfer and goes back), or
      // the payment did (paid, then cancelled and refunded): refunded in the end, once.
      expect(final.status).toBe('refunded');
      expect(statuses.filter((s) => s === 'cancelled')).toHaveLength(1);
      expect(statuses.filter((s) => s === 'refunded')).toHaveLength(1);
      const codes = (
        await ctx.db.selectFrom('ledger_entries').select('code').where('transaction_id', '=', tx.id).execute()
      ).map((r) => r.code);
      expect(codes.sort()).toEqual(['payment_received', 'refund_owed', 'refund_sent']);
    }
  });

  it('redirect and webhook at once: paid once', async () => {
    const { client, tx } = await payableTransfer(ctx);
    const started = await startPayment(client, tx.id, 'card');
    const location = await payOnHostedPage(ctx, started.redirect_url, CARDS.approve);
    await ctx.app.services.sandboxIdle();
    await ctx.app.services.jobs.runDue();
    const [hook] = ctx.webhooks;
    const [ret, wh] = await Promise.all([
      paymentReturn(client, tx.id, returnQuery(location)),
      ctx.app.inject({ method: 'POST', url: new URL(hook!.url).pathname, headers: hook!.headers, payload: hook!.body }),
    ]);
    expect(ret.statusCode).toBe(200);
    expect(wh.statusCode).toBe(200);
    const final = await getTransaction(client, tx.id);
    expect(final.timeline.filter((e) => e.status === 'paid')).toHaveLength(1);
  });
});
