// Tracking links (docs/product/money-movement.md#tracking): one per transfer, stored hashed, replaced
// when made again, revocable; the public lookup answers only what the recipient needs, nothing about
// the sender, and a guessed, revoked or malformed token is a 404.
import { randomBytes } from 'node:crypto';
import { buildPath, Tracking, TrackingLink, trackingEndpoints as e } from '@remit/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/lib/crypto.ts';
import { TRACKING_LOOKUPS } from '../../src/modules/tracking/tracking.service.ts';
import { customer, everyoneMaySend } from '../transfers/helpers.ts';
import { expectBalancedLedger } from '../payments/helpers.ts';
import type { Client } from '../helpers.ts';
import { GOOD_IBAN, paidTransfer, settlePayouts, usePayoutsApp } from './helpers.ts';

const ctx = usePayoutsApp();

beforeEach(() => {
  everyoneMaySend(ctx);
});
afterEach(async () => {
  await expectBalancedLedger(ctx);
});

async function makeLink(c: Client, id: string): Promise<TrackingLink> {
  const res = await c.post(buildPath(e.createTrackingLink.path, { id }), {});
  expect(res.statusCode, res.body).toBe(201);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return TrackingLink.parse(res.json());
}

const track = (token: string, ip = '10.9.9.9') =>
  ctx.app.inject({ method: 'GET', url: buildPath(e.getTracking.path, { token }), remoteAddress: ip });

describe('tracking', () => {
  it('a link answers the status, amount, first name, estimate and timeline, and nothing about the sender', async () => {
    const { client, tx } = await paidTransfer(ctx, GOOD_IBAN);
    const link = await makeLink(client, tx.id);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`${ctx.config.appUrl.replace(/\/+$/, '')}/track/${link.token}`);
    const stored = await ctx.db.selectFrom('tracking_links').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toBe(sha256Hex(link.token));

    const res = await track(link.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = Tracking.parse(res.json());
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        'amount',
        'currency',
        'delay',
        'delivery_estimate',
        'expected_at',
        'recipient_first_name',
        'status',
        'timeline',
      ].sort(),
    );
    expect(body).toMatchObject({
      status: 'processing',
      amount: tx.target_amount,
      currency: 'EUR',
      recipient_first_name: 'Greta',
      delivery_estimate: tx.delivery_estimate,
    });
    expect(body.timeline.map((t) => t.status)).toEqual([
      'awaiting_payment',
      'payment_processing',
      'paid',
      'processing',
    ]);
    expect(Object.keys(body.timeline[0]!).sort()).toEqual(['at', 'status']);
    // Nothing of the sender: no email, no name, no reference, no notes, no ids.
    const email = (
      await ctx.db
        .selectFrom('accounts')
        .innerJoin('transactions', 'transactions.customer_id', 'accounts.customer_id')
        .select('email')
        .where('transactions.id', '=', tx.id)
        .executeTakeFirstOrThrow()
    ).email;
    expect(res.body).not.toContain(email);
    expect(res.body).not.toContain(tx.id);
    expect(res.body).not.toContain('Rent');
    expect(res.body).not.toContain('Schmidt');

    await settlePayouts(ctx);
    expect(Tracking.parse((await track(link.token)).json()).status).toBe('completed');
  });

  it('making it again replaces it; revoking ends it (204); both are 404 after', async () => {
    const { client, tx } = await paidTransfer(ctx, GOOD_IBAN);
    const first = await makeLink(client, tx.id);
    const second = await makeLink(client, tx.id);
    expect(second.token).not.toBe(first.token);
    expect((await track(first.token)).statusCode).toBe(404);
    expect((await track(second.token)).statusCode).toBe(200);
    const revoked = await client.request('DELETE', buildPath(e.revokeTrackingLink.path, { id: tx.id }));
    expect(revoked.statusCode).toBe(204);
    expect((await track(second.token)).statusCode).toBe(404);
    expect(await ctx.db.selectFrom('tracking_links').selectAll().execute()).toEqual([]);
    await settlePayouts(ctx);
  });

  it('owner only: another customer, an unknown and a malformed id are 404', async () => {
    const { client, tx } = await paidTransfer(ctx, GOOD_IBAN);
    const other = await customer(ctx);
    expect((await other.post(buildPath(e.createTrackingLink.path, { id: tx.id }), {})).statusCode).toBe(404);
    expect((await other.request('DELETE', buildPath(e.revokeTrackingLink.path, { id: tx.id }))).statusCode).toBe(404);
    expect((await client.post(buildPath(e.createTrackingLink.path, { id: 'nope' }), {})).statusCode).toBe(404);
    await settlePayouts(ctx);
  });

  it('guessed and malformed tokens are 404; lookups are rate limited per address', async () => {
    const { client, tx } = await paidTransfer(ctx, GOOD_IBAN);
    await makeLink(client, tx.id);
    for (let i = 0; i < 20; i++) {
      const res = await track(randomBytes(32).toString('base64url'), '10.7.7.7');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
    expect((await track('short', '10.7.7.7')).statusCode).toBe(404);
    for (let i = 21; i < TRACKING_LOOKUPS.max; i++) await track('x'.repeat(43), '10.7.7.7');
    const limited = await track('x'.repeat(43), '10.7.7.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    await settlePayouts(ctx);
  });
});
