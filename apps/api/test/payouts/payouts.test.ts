// Payouts (docs/product/money-movement.md#payout, docs/product/ledger.md#postings): a paid transfer
// is paid out through the sandbox partner by the durable job `payout.start`, then completed or
// returned by its signed notices; repeats and out-of-order notices change nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_CLOSED } from '../../src/adapters/payout-partner/index.ts';
import { everyoneMaySend } from '../transfers/helpers.ts';
import {
  captureWebhooks,
  deliver,
  drainJobs,
  entryCodes,
  expectBalancedLedger,
  getTransaction,
} from '../payments/helpers.ts';
import {
  CLOSED_IBAN,
  GOOD_IBAN,
  ledgerSnapshot,
  paidTransfer,
  payoutsOf,
  settlePayouts,
  usePayoutsApp,
} from './helpers.ts';

let balance: (ctx: unknown, account: string) => Promise<bigint>;

const ctx = usePayoutsApp();

beforeEach(async () => {
  everyoneMaySend(ctx);
  const delta = await ledgerSnapshot(ctx);
  balance = (_ctx: unknown, account: string) => delta(account);
});
afterEach(async () => {
  await expectBalancedLedger(ctx);
});

describe('payouts', () => {
  it('paid → processing → completed: the fee earned, the money converted, reserved, then settled', async () => {
    const { client, tx } = await paidTransfer(ctx, GOOD_IBAN);
    expect(tx.status).toBe('processing');
    const [payout] = await payoutsOf(ctx, tx.id);
    expect(payout).toMatchObject({ status: 'processing', currency: 'EUR', partner: 'sandbox' });
    expect(String(payout!.amount)).toBe(tx.target_amount);
    expect(payout!.partner_reference).toMatch(/^po_/);
    const fee = BigInt(tx.total_to_pay) - BigInt(tx.source_amount);
    expect(await balance(ctx, 'fee_revenue:GBP')).toBe(fee);
    expect(await balance(ctx, 'customer_funds:GBP')).toBe(0n);
    expect(await balance(ctx, 'fx_liquidity:GBP')).toBe(BigInt(tx.source_amount));

    await settlePayouts(ctx);
    const done = await getTransaction(client, tx.id);
    expect(done.status).toBe('completed');
    expect(done.timeline.map((e) => e.status)).toEqual([
      'awaiting_payment',
      'payment_processing',
      'paid',
      'processing',
      'completed',
    ]);
    expect(done.timeline.at(-1)!.note).toContain('Greta Schmidt received');
    expect(await balance(ctx, 'payout_settlement:EUR')).toBe(BigInt(tx.target_amount));
    expect(await balance(ctx, 'payouts_in_flight:EUR')).toBe(0n);
    expect(await entryCodes(ctx, tx.id)).toEqual([
      'payment_received',
      'fee',
      'fx_in',
      'payout',
      'post',
      'payout_settled',
    ]);
    expect((await payoutsOf(ctx, tx.id)).map((p) => p.status)).toEqual(['completed']);
  });

  it('returned ("Account closed"): the reservation voided, the conversion reversed, the fee kept', async () => {
    const { client, tx } = await paidTransfer(ctx, CLOSED_IBAN);
    await settlePayouts(ctx);
    const returned = await getTransaction(client, tx.id);
    expect(returned.status).toBe('returned');
    expect(returned.timeline.at(-1)!.note).toContain(ACCOUNT_CLOSED);
    const [payout] = await payoutsOf(ctx, tx.id);
    expect(payout).toMatchObject({ status: 'returned', return_reason: ACCOUNT_CLOSED });
    expect(await balance(ctx, 'customer_funds:GBP')).toBe(BigInt(tx.source_amount));
    expect(await balance(ctx, 'fx_liquidity:GBP')).toBe(0n);
    expect(await balance(ctx, 'payouts_in_flight:EUR')).toBe(0n);
    expect(await entryCodes(ctx, tx.id)).toEqual(['payment_received', 'fee', 'fx_in', 'payout', 'void', 'fx_reversed']);
  });

  it('a repeated notice, and a notice after the decision, change nothing', async () => {
    const { client, tx } = await paidTransfer(ctx, GOOD_IBAN);
    ctx.clock.advance(20_000);
    const notices = await captureWebhooks(ctx);
    const completed = notices.filter((w) => w.body.includes('"payout.completed"'));
    expect(completed).toHaveLength(1);
    for (const w of ctx.webhooks.filter((x) => !x.delivered)) expect((await deliver(ctx, w)).statusCode).toBe(200);
    expect((await deliver(ctx, completed[0]!)).statusCode).toBe(200);
    // A forged "returned" for the same payout (another event id) after completion: signed, but decided already.
    const forged = JSON.parse(completed[0]!.body) as { id: string; type: string; data: { reason: string | null } };
    forged.id = `evt_${'1'.repeat(24)}`;
    forged.type = 'payout.returned';
    forged.data.reason = ACCOUNT_CLOSED;
    const { signWebhook, unixSeconds } = await import('../../src/lib/webhook-signature.ts');
    const { hmacBase64Url } = await import('../../src/lib/crypto.ts');
    const secret = hmacBase64Url(ctx.config.appKey, 'payouts:sandbox-partner:webhook-secret');
    const body = JSON.stringify(forged);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/payouts/sandbox',
      headers: {
        'content-type': 'application/json',
        'sandbox-signature': signWebhook(secret, body, unixSeconds(ctx.clock.now())),
      },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    await drainJobs(ctx);
    const done = await getTransaction(client, tx.id);
    expect(done.status).toBe('completed');
    expect(done.timeline.filter((e) => e.status === 'completed')).toHaveLength(1);
    const inbox = await ctx.db
      .selectFrom('webhook_events')
      .select(['outcome'])
      .where('event_id', '=', forged.id)
      .execute();
    expect(inbox).toEqual([{ outcome: 'already_decided' }]);
  });

  it('refuses a forged, unsigned or stale notice (400) and an unknown partner (404)', async () => {
    const body = JSON.stringify({ id: 'evt_x' });
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/payouts/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(400);
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/payouts/sandbox',
      headers: { 'content-type': 'application/json', 'sandbox-signature': `t=1,v1=${'0'.repeat(64)}` },
      payload: body,
    });
    expect(forged.statusCode).toBe(400);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/payouts/elsewhere',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('a payout.start job run again pays out once (idempotent by payout id)', async () => {
    const { tx } = await paidTransfer(ctx, GOOD_IBAN);
    await ctx.app.services.payouts.start(tx.id);
    await ctx.app.services.payouts.start(tx.id);
    expect(await payoutsOf(ctx, tx.id)).toHaveLength(1);
    const sandbox = await ctx.db
      .selectFrom('sandbox_payouts')
      .selectAll()
      .where('transaction_id', '=', tx.id)
      .execute();
    expect(sandbox).toHaveLength(1);
    await settlePayouts(ctx);
    expect(await balance(ctx, 'payout_settlement:EUR')).toBe(BigInt(tx.target_amount));
  });

  it('a crash between the payout row and the partner: the retried job hands the same payout over', async () => {
    const { client, tx } = await paidTransfer(ctx, GOOD_IBAN);
    // As if the partner had never been asked: forget its record and our reference.
    await ctx.db.deleteFrom('sandbox_payouts').execute();
    await ctx.db.updateTable('payouts').set({ partner_reference: null }).execute();
    await ctx.app.services.payouts.start(tx.id);
    const [payout] = await payoutsOf(ctx, tx.id);
    expect(payout!.partner_reference).toMatch(/^po_/);
    await settlePayouts(ctx);
    expect((await getTransaction(client, tx.id)).status).toBe('completed');
  });
});
