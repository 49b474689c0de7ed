// The double-entry ledger (docs/product/ledger.md): balanced journals per currency, accounts that
// must not go negative never do, two-phase pending entries settled once, append-only entries, and
// `verifyLedger` finding every broken invariant. PGlite by default; PostgreSQL with TEST_DATABASE_URL
// (where the concurrent journals below really run in parallel).
import { money, type CurrencyCode } from '@remit/contract';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/types.ts';
import type { LedgerAccountRef } from '../../src/modules/ledger/chart-of-accounts.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { ledgerRepository } from '../../src/modules/ledger/ledger.repository.ts';
import { Ledger, LedgerError } from '../../src/modules/ledger/ledger.service.ts';
import { createTestDb } from '../helpers.ts';

let db: Kysely<Database>;
const ledger = new Ledger({ now: () => new Date('2030-01-01T09:00:00Z') });

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db.destroy();
});

const acct = (type: LedgerAccountRef['type'], currency: CurrencyCode): LedgerAccountRef => ({ type, currency });
const GBP = (n: bigint | number) => money(BigInt(n), 'GBP');

async function balances(id: string) {
  const a = (await ledgerRepository.accounts(db)).find((x) => x.id === id);
  if (!a) return null;
  return {
    debits_pending: BigInt(a.debits_pending),
    debits_posted: BigInt(a.debits_posted),
    credits_pending: BigInt(a.credits_pending),
    credits_posted: BigInt(a.credits_posted),
  };
}

async function expectClean() {
  const report = await verifyLedger(db);
  expect(report.violations).toEqual([]);
}

/** A customer pays 102.00 GBP: 100.00 to convert and a 2.00 fee. */
async function payIn(currency: CurrencyCode, amount: bigint, fee: bigint, transactionId: string | null = null) {
  return db.transaction().execute((trx) =>
    ledger.record(trx, {
      transactionId,
      legs: [
        {
          debit: acct('payin_clearing', currency),
          credit: acct('customer_funds', currency),
          amount: money(amount + fee, currency),
          code: 'payment_received',
        },
        {
          debit: acct('customer_funds', currency),
          credit: acct('fee_revenue', currency),
          amount: money(fee, currency),
          code: 'fee',
        },
      ],
    }),
  );
}

describe('ledger', () => {
  it('records a balanced journal and moves each account by its legs', async () => {
    const before = (await balances('customer_funds:AUD')) ?? { credits_posted: 0n, debits_posted: 0n };
    const journal = await payIn('AUD', 10_000n, 200n);
    expect(journal.entryIds).toHaveLength(2);
    const after = (await balances('customer_funds:AUD'))!;
    expect(after.credits_posted - before.credits_posted).toBe(10_200n);
    expect(after.debits_posted - before.debits_posted).toBe(200n);
    expect((await balances('fee_revenue:AUD'))!.credits_posted).toBeGreaterThanOrEqual(200n);
    await expectClean();
  });

  it('refuses a journal that would take customer funds below zero, and writes none of it', async () => {
    await payIn('NZD', 1_000n, 0n);
    const entriesBefore = (await verifyLedger(db)).entries;
    const balanceBefore = (await balances('customer_funds:NZD'))!;
    const available = balanceBefore.credits_posted - balanceBefore.debits_posted - balanceBefore.debits_pending;
    const attempt = db.transaction().execute((trx) =>
      ledger.record(trx, {
        legs: [
          {
            debit: acct('customer_funds', 'NZD'),
            credit: acct('fx_liquidity', 'NZD'),
            amount: money(available + 1n, 'NZD'),
            code: 'fx',
          },
        ],
      }),
    );
    await expect(attempt).rejects.toMatchObject({ code: 'insufficient_funds' });
    await expect(attempt).rejects.toBeInstanceOf(LedgerError);
    expect(await balances('customer_funds:NZD')).toEqual(balanceBefore);
    expect((await verifyLedger(db)).entries).toBe(entriesBefore);
    await expectClean();
  });

  it('judges an account by the net of the journal: in and out of customer funds in one journal is fine', async () => {
    const journal = await db.transaction().execute((trx) =>
      ledger.record(trx, {
        legs: [
          // Out first, in second: applied leg by leg this would dip below zero.
          {
            debit: acct('customer_funds', 'SGD'),
            credit: acct('fx_liquidity', 'SGD'),
            amount: money(500n, 'SGD'),
            code: 'fx',
          },
          {
            debit: acct('payin_clearing', 'SGD'),
            credit: acct('customer_funds', 'SGD'),
            amount: money(500n, 'SGD'),
            code: 'payment_received',
          },
        ],
      }),
    );
    expect(journal.entryIds).toHaveLength(2);
    await expectClean();
  });

  it('refuses legs whose accounts are in another currency, negative amounts and one account on both sides', async () => {
    const run = (leg: Parameters<Ledger['record']>[1]['legs'][number]) =>
      db.transaction().execute((trx) => ledger.record(trx, { legs: [leg] }));
    await expect(
      run({ debit: acct('payin_clearing', 'EUR'), credit: acct('customer_funds', 'GBP'), amount: GBP(1), code: 'x' }),
    ).rejects.toMatchObject({ code: 'currency_mismatch' });
    await expect(
      run({ debit: acct('payin_clearing', 'GBP'), credit: acct('customer_funds', 'GBP'), amount: GBP(-1), code: 'x' }),
    ).rejects.toMatchObject({ code: 'invalid_amount' });
    await expect(
      run({ debit: acct('rounding', 'GBP'), credit: acct('rounding', 'GBP'), amount: GBP(1), code: 'x' }),
    ).rejects.toMatchObject({ code: 'invalid_amount' });
    await expectClean();
  });

  it('two-phase: a pending payout is reserved, then posted once; posting or voiding it again is refused', async () => {
    const target: CurrencyCode = 'PHP';
    const before = (await balances('payouts_in_flight:PHP')) ?? { credits_pending: 0n, credits_posted: 0n };
    const { entryIds } = await db.transaction().execute((trx) =>
      ledger.record(trx, {
        pending: true,
        legs: [
          {
            debit: acct('fx_liquidity', target),
            credit: acct('payouts_in_flight', target),
            amount: money(5_000n, target),
            code: 'payout',
          },
        ],
      }),
    );
    expect(await balances('payouts_in_flight:PHP')).toMatchObject({
      credits_pending: before.credits_pending + 5_000n,
      credits_posted: before.credits_posted,
    });
    await db.transaction().execute((trx) => ledger.post(trx, entryIds));
    expect(await balances('payouts_in_flight:PHP')).toMatchObject({
      credits_pending: before.credits_pending,
      credits_posted: before.credits_posted + 5_000n,
    });
    await expect(db.transaction().execute((trx) => ledger.post(trx, entryIds))).rejects.toMatchObject({
      code: 'already_settled',
    });
    await expect(db.transaction().execute((trx) => ledger.void(trx, entryIds))).rejects.toMatchObject({
      code: 'already_settled',
    });
    await expectClean();
  });

  it('two-phase: voiding a pending entry releases the reservation', async () => {
    const before = (await balances('payouts_in_flight:KES')) ?? { credits_pending: 0n, credits_posted: 0n };
    const { entryIds } = await db.transaction().execute((trx) =>
      ledger.record(trx, {
        pending: true,
        legs: [
          {
            debit: acct('fx_liquidity', 'KES'),
            credit: acct('payouts_in_flight', 'KES'),
            amount: money(700n, 'KES'),
            code: 'payout',
          },
        ],
      }),
    );
    await db.transaction().execute((trx) => ledger.void(trx, entryIds));
    expect(await balances('payouts_in_flight:KES')).toMatchObject({
      credits_pending: before.credits_pending,
      credits_posted: before.credits_posted,
    });
    await expect(db.transaction().execute((trx) => ledger.post(trx, entryIds))).rejects.toMatchObject({
      code: 'already_settled',
    });
    await expectClean();
  });

  it('a pending debit counts against the balance rule: funds reserved cannot be spent twice', async () => {
    await payIn('CAD', 1_000n, 0n);
    const funds = (await balances('customer_funds:CAD'))!;
    const available = funds.credits_posted - funds.debits_posted - funds.debits_pending;
    const reserve = (amount: bigint) =>
      db.transaction().execute((trx) =>
        ledger.record(trx, {
          pending: true,
          legs: [
            {
              debit: acct('customer_funds', 'CAD'),
              credit: acct('refunds_payable', 'CAD'),
              amount: money(amount, 'CAD'),
              code: 'refund',
            },
          ],
        }),
      );
    await reserve(available - 200n);
    await expect(reserve(201n)).rejects.toMatchObject({ code: 'insufficient_funds' });
    await reserve(200n);
    await expectClean();
  });

  it('entries are append-only: the database refuses to update or delete one', async () => {
    const { entryIds } = await payIn('AED', 100n, 0n);
    const id = entryIds[0]!;
    await expect(sql`update ledger_entries set amount = 1 where id = ${id}`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from ledger_entries where id = ${id}`.execute(db)).rejects.toThrow(/append-only/);
    await expectClean();
  });

  it('verifyLedger finds a balance changed behind its back, and the missing trigger', async () => {
    await payIn('USD', 1_000n, 0n);
    // Tampered with inside a transaction that rolls back: other test files share this database.
    const rollback = new Error('rolled back');
    const seen = await db
      .transaction()
      .execute(async (trx) => {
        await sql`update ledger_accounts set credits_posted = credits_posted + 1 where id = 'customer_funds:USD'`.execute(
          trx,
        );
        await sql`drop trigger ledger_entries_append_only on ledger_entries`.execute(trx);
        const report = await verifyLedger(trx);
        throw Object.assign(rollback, { report });
      })
      .catch((err: unknown) =>
        err === rollback ? (rollback as Error & { report: unknown }).report : Promise.reject(err),
      );
    expect(seen).toMatchObject({
      violations: expect.arrayContaining([
        expect.objectContaining({ check: 'balances', subject: 'customer_funds:USD' }),
        expect.objectContaining({ check: 'double_entry', subject: 'USD' }),
        expect.objectContaining({ check: 'append_only' }),
      ]),
    });
    await expectClean();
  });

  it('random sequences of pay-ins, conversions, reservations, posts and voids keep every invariant', async () => {
    type Op =
      | { op: 'pay'; amount: number; fee: number }
      | { op: 'convert'; amount: number }
      | { op: 'reserve'; amount: number }
      | { op: 'settle'; index: number; post: boolean };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        op: fc.constant('pay' as const),
        amount: fc.integer({ min: 1, max: 100_000 }),
        fee: fc.integer({ min: 0, max: 1_000 }),
      }),
      fc.record({ op: fc.constant('convert' as const), amount: fc.integer({ min: 1, max: 100_000 }) }),
      fc.record({ op: fc.constant('reserve' as const), amount: fc.integer({ min: 1, max: 100_000 }) }),
      fc.record({ op: fc.constant('settle' as const), index: fc.nat(), post: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 12 }), async (ops) => {
        const pending: string[] = [];
        for (const o of ops) {
          try {
            if (o.op === 'pay') await payIn('JPY', BigInt(o.amount), BigInt(o.fee));
            if (o.op === 'convert' || o.op === 'reserve') {
              const { entryIds } = await db.transaction().execute((trx) =>
                ledger.record(trx, {
                  pending: o.op === 'reserve',
                  legs: [
                    {
                      debit: acct('customer_funds', 'JPY'),
                      credit: acct('fx_liquidity', 'JPY'),
                      amount: money(BigInt(o.amount), 'JPY'),
                      code: 'fx',
                    },
                  ],
                }),
              );
              if (o.op === 'reserve') pending.push(...entryIds);
            }
            if (o.op === 'settle' && pending.length > 0) {
              const [id] = pending.splice(o.index % pending.length, 1);
              await db.transaction().execute((trx) => (o.post ? ledger.post(trx, [id!]) : ledger.void(trx, [id!])));
            }
          } catch (err) {
            // Refusals are fine (not enough funds); anything else is a bug.
            if (!(err instanceof LedgerError) || err.code !== 'insufficient_funds') throw err;
          }
        }
        const funds = (await balances('customer_funds:JPY')) ?? {
          debits_pending: 0n,
          debits_posted: 0n,
          credits_posted: 0n,
        };
        expect(funds.debits_pending + funds.debits_posted).toBeLessThanOrEqual(funds.credits_posted);
        await expectClean();
      }),
      { numRuns: 25 },
    );
  });

  it('concurrent journals over the same accounts in opposite orders neither deadlock nor lose a movement', async () => {
    await payIn('BDT', 100_000n, 0n);
    const before = (await balances('customer_funds:BDT'))!;
    const legsA = [
      {
        debit: acct('customer_funds', 'BDT'),
        credit: acct('fx_liquidity', 'BDT'),
        amount: money(10n, 'BDT'),
        code: 'fx',
      },
      {
        debit: acct('fee_revenue', 'BDT'),
        credit: acct('customer_funds', 'BDT'),
        amount: money(0n, 'BDT'),
        code: 'fee',
      },
    ];
    const legsB = [
      {
        debit: acct('fx_liquidity', 'BDT'),
        credit: acct('rounding', 'BDT'),
        amount: money(3n, 'BDT'),
        code: 'rounding',
      },
      {
        debit: acct('customer_funds', 'BDT'),
        credit: acct('fx_liquidity', 'BDT'),
        amount: money(10n, 'BDT'),
        code: 'fx',
      },
    ];
    const runs = Array.from({ length: 20 }, (_, i) =>
      db.transaction().execute((trx) => ledger.record(trx, { legs: i % 2 === 0 ? legsA : legsB })),
    );
    await Promise.all(runs);
    const after = (await balances('customer_funds:BDT'))!;
    expect(after.debits_posted - before.debits_posted).toBe(200n);
    await expectClean();
  });
});
