// Confirming a transfer under load on a real PostgreSQL (TEST_DATABASE_URL;
// docs/product/money-movement.md#idempotency): the same request sent 50 times at once with one
// Idempotency-Key makes one transaction, and the same quote confirmed 50 times at once with 50 keys
// makes one transaction; the others get a 409 or the stored answer, or the 422 "already used".
// Nothing answers 500 or leaves a key behind.
import { Transaction, ValidationErrorBody } from '@remit/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUOTE_USED } from '../../src/modules/transfers/transfers.service.ts';
import { copiesOf, useTestApp, type Client } from '../helpers.ts';
import {
  KE_WALLET,
  M_PESA,
  confirm,
  customer,
  everyoneMaySend,
  newKey,
  quote,
  recipient,
} from '../transfers/helpers.ts';

const ctx = useTestApp({ env: { DATABASE_POOL_MAX: '10' } });
const N = 50;

const copies = (client: Client, n = N): Client[] => copiesOf(ctx.app, client, n);

beforeEach(() => {
  everyoneMaySend(ctx);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('transaction races (PostgreSQL)', () => {
  it('50 confirms with the same key at once: one transaction; the others 409 or the same answer replayed', async () => {
    const client = await customer(ctx);
    const q = await quote(client, { ...KE_WALLET, source_amount: '10000' });
    const r = await recipient(client, M_PESA);
    const body = { quote_id: q.id, recipient_id: r.id, purpose: 'family_support', reference: 'Rent' };
    const key = newKey();
    const results = await Promise.all(copies(client).map((c) => confirm(c, body, key)));
    expect(
      results.every((x) => x.statusCode === 201 || x.statusCode === 409),
      results.map((x) => x.statusCode).join(),
    ).toBe(true);
    const ok = results.filter((x) => x.statusCode === 201);
    expect(ok.filter((x) => x.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    const ids = new Set(ok.map((x) => Transaction.parse(x.json()).id));
    expect(ids.size).toBe(1);
    const rows = await ctx.db.selectFrom('transactions').select('id').where('quote_id', '=', q.id).execute();
    expect(rows.map((x) => x.id)).toEqual([...ids]);
    // Afterwards, the stored answer.
    const later = await confirm(client, body, key);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(Transaction.parse(later.json()).id).toBe([...ids][0]);
  });

  it('the same quote confirmed 50 times at once with 50 keys: one transaction, the others 422 already used', async () => {
    const client = await customer(ctx);
    const q = await quote(client, { ...KE_WALLET, source_amount: '10000' });
    const r = await recipient(client, M_PESA);
    const body = { quote_id: q.id, recipient_id: r.id, purpose: 'family_support', reference: 'Rent' };
    const results = await Promise.all(copies(client).map((c) => confirm(c, body, newKey())));
    const statuses = results.map((x) => x.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(N - 1).fill(422)]);
    for (const res of results.filter((x) => x.statusCode === 422)) {
      expect(ValidationErrorBody.parse(res.json()).errors).toEqual({ quote_id: [QUOTE_USED] });
    }
    const rows = await ctx.db.selectFrom('transactions').select('id').where('quote_id', '=', q.id).execute();
    expect(rows).toHaveLength(1);
    // The refused requests let their keys go; the one that worked keeps its answer.
    const keys = await ctx.db.selectFrom('idempotency_keys').select(['state']).execute();
    expect(keys).toEqual([{ state: 'done' }]);
  });
});
