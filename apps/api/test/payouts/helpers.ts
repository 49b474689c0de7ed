// Shared by the payouts tests (docs/product/money-movement.md#payout): a paid transfer (through the
// payments tests' helpers), payouts that start at once, the sandbox partner's notices captured.
import { buildPath, transactionsEndpoints, type Transaction } from '@remit/contract';
import type { AppOverrides } from '../../src/app.ts';
import type { TestContext } from '../helpers.ts';
import {
  CARDS,
  balance,
  deliverAll,
  getTransaction,
  payOnHostedPage,
  payableTransfer,
  startPayment,
  usePaymentsApp,
  type PaymentsContext,
} from '../payments/helpers.ts';
import { customer, recipient } from '../transfers/helpers.ts';
import type { Client } from '../helpers.ts';

/** A German IBAN the sandbox partner pays out (it does not end in 000). */
export const GOOD_IBAN = {
  name: 'Greta Schmidt',
  country: 'DE',
  currency: 'EUR',
  payout_method: 'bank_account',
  details: { iban: 'DE02 1203 0000 0000 2020 51', bic: 'BYLADEM1001' },
};
/** The transactions tests' German IBAN ends in 000: the sandbox returns it ("Account closed"). */
export { GERMAN_IBAN as CLOSED_IBAN } from '../transfers/helpers.ts';

export const SANDBOX_PAYOUT_DELAY_MS = 20_000;

/** The payments test app with payouts starting as soon as a transfer is paid. */
export function usePayoutsApp(env: Record<string, string> = {}, overrides: AppOverrides = {}): PaymentsContext {
  return usePaymentsApp({
    env: { PAYOUT_START_DELAY_SECONDS: '0', SANDBOX_PAYOUT_DELAY_SECONDS: '20', ...env },
    overrides,
  });
}

/**
 * A signed-in customer with a transfer paid by card to `to` (a recipient body), its payment notices
 * delivered. With `drain` (default) the due jobs run too, so the payout has started (processing).
 */
export async function paidTransfer(
  ctx: PaymentsContext,
  to: object = GOOD_IBAN,
  client?: Client,
): Promise<{ client: Client; tx: Transaction }> {
  const c = client ?? (await customer(ctx));
  const existing = await c.get('/client/v1/recipients');
  if (((existing.json() as { data?: unknown[] }).data ?? []).length === 0) await recipient(c, to);
  const { tx } = await payableTransfer(ctx, c);
  const started = await startPayment(c, tx.id, 'card');
  await payOnHostedPage(ctx, started.redirect_url, CARDS.approve);
  await deliverAll(ctx);
  return { client: c, tx: await getTransaction(c, tx.id) };
}

/** The sandbox partner settles after its delay: advance the clock, run the jobs, deliver the notices. */
export async function settlePayouts(ctx: PaymentsContext): Promise<void> {
  ctx.clock.advance(SANDBOX_PAYOUT_DELAY_MS);
  await deliverAll(ctx);
}

export async function payoutsOf(ctx: TestContext, transactionId: string) {
  return ctx.db
    .selectFrom('payouts')
    .selectAll()
    .where('transaction_id', '=', transactionId)
    .orderBy('created_at')
    .execute();
}

/**
 * Ledger balances survive between tests (append-only): a test measures the change of its accounts
 * from a snapshot taken before it starts.
 */
export async function ledgerSnapshot(ctx: TestContext): Promise<(account: string) => Promise<bigint>> {
  const rows = await ctx.db.selectFrom('ledger_accounts').select(['id', 'credits_posted', 'debits_posted']).execute();
  const before = new Map(rows.map((r) => [r.id, BigInt(r.credits_posted) - BigInt(r.debits_posted)]));
  return async (account) => (await balance(ctx, account)) - (before.get(account) ?? 0n);
}

/** Refund a returned transfer (docs/product/money-movement.md#returned). */
export const refundTransfer = (c: Client, id: string) =>
  c.post(buildPath(transactionsEndpoints.refundTransaction.path, { id }), {});

/** Send a returned transfer again, to `recipientId` (docs/product/money-movement.md#returned). */
export const resendTransfer = (c: Client, id: string, recipientId: string) =>
  c.post(buildPath(transactionsEndpoints.resendTransaction.path, { id }), { recipient_id: recipientId });
