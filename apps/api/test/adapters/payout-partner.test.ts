// The sandbox payout partner (docs/product/payments.md#payout-partner): processing at once, then
// completed after a delay, or returned ("Account closed") by the 000 rule; every step a signed webhook.
import { money } from '@remit/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ACCOUNT_CLOSED,
  isClosedAccount,
  MemorySandboxPayoutStore,
  PayoutRefused,
  SANDBOX_PAYOUT_SIGNATURE_HEADER,
  SandboxPayoutPartner,
  type PayoutEvent,
  type PayoutRecipient,
  type SandboxPayoutPartnerOptions,
  type StartPayoutInput,
} from '../../src/adapters/payout-partner/index.ts';
import { signWebhook, unixSeconds } from '../../src/lib/webhook-signature.ts';
import { FakeTime, webhookOutbox } from './sandbox-helpers.ts';

const SECRET = 'payout_secret_0123456789abcdef';
const OLD_SECRET = 'payout_secret_previous_0123456';
const WEBHOOK_URL = 'http://localhost:3000/webhooks/payouts/sandbox';
const DELAY = 120_000;

let time: FakeTime;
let outbox: ReturnType<typeof webhookOutbox>;
let partner: SandboxPayoutPartner;

function makePartner(over: Partial<SandboxPayoutPartnerOptions> = {}): SandboxPayoutPartner {
  return new SandboxPayoutPartner({
    store: new MemorySandboxPayoutStore(),
    now: time.now,
    secrets: [SECRET],
    webhookUrl: WEBHOOK_URL,
    sendWebhook: outbox.send,
    schedule: time.schedule,
    completionDelayMs: DELAY,
    ...over,
  });
}

beforeEach(() => {
  time = new FakeTime();
  outbox = webhookOutbox();
  partner = makePartner();
});

const bankRecipient: PayoutRecipient = {
  name: 'Grace Hopper',
  country: 'NG',
  currency: 'NGN',
  payout_method: 'bank_account',
  details: { bank_code: '058', account_number: '0123456789' },
};

function input(over: Partial<StartPayoutInput> = {}): StartPayoutInput {
  return {
    payoutId: 'po_ours_1',
    transactionId: 'tx_1',
    amount: money(15_000_050n, 'NGN'),
    recipient: bankRecipient,
    ...over,
  };
}

function events(p: SandboxPayoutPartner = partner): PayoutEvent[] {
  return outbox.sent.map((hook) => {
    expect(hook.url).toBe(WEBHOOK_URL);
    expect(hook.headers['content-type']).toBe('application/json');
    const parsed = p.parseWebhook(hook.body, hook.headers);
    if (!parsed.ok) throw new Error(`refused: ${parsed.reason}`);
    return parsed.event;
  });
}

describe('the sandbox payout partner', () => {
  it('is processing at once, then completed after the delay, each step a signed webhook', async () => {
    const { partnerReference } = await partner.startPayout(input());
    expect(partnerReference).toMatch(/^po_[0-9a-f]{24}$/);
    expect(await partner.getPayout(partnerReference)).toEqual({
      partnerReference,
      status: 'processing',
      amount: { amount: 15_000_050n, currency: 'NGN' },
    });

    await time.advance(0);
    const start = time.now();
    expect(events()).toEqual([
      {
        id: expect.stringMatching(/^evt_[0-9a-f]{24}$/),
        type: 'payout.processing',
        partnerReference,
        payoutId: 'po_ours_1',
        amount: { amount: 15_000_050n, currency: 'NGN' },
        occurredAt: start,
      },
    ]);

    await time.advance(DELAY - 1);
    expect((await partner.getPayout(partnerReference))?.status).toBe('processing');
    expect(outbox.sent).toHaveLength(1);

    await time.advance(1);
    expect(await partner.getPayout(partnerReference)).toEqual({
      partnerReference,
      status: 'completed',
      amount: { amount: 15_000_050n, currency: 'NGN' },
    });
    const [, completed] = events();
    expect(completed).toMatchObject({ type: 'payout.completed', partnerReference, occurredAt: time.now() });
    expect(completed!.reason).toBeUndefined();
    expect(JSON.parse(outbox.sent[1]!.body).data).toMatchObject({
      amount: '15000050',
      currency: 'NGN',
      payout_id: 'po_ours_1',
      transaction_id: 'tx_1',
      reason: null,
    });
  });

  it.each<[string, PayoutRecipient]>([
    ['an account number', { ...bankRecipient, details: { bank_code: '058', account_number: '0123457000' } }],
    [
      'an IBAN',
      {
        ...bankRecipient,
        country: 'DE',
        currency: 'EUR',
        details: { iban: 'DE89 3704 0044 0532 0130 00' },
      },
    ],
    [
      'a wallet number',
      {
        ...bankRecipient,
        country: 'KE',
        currency: 'KES',
        payout_method: 'mobile_wallet',
        details: { provider: 'mpesa', phone_number: '+254712345000' },
      },
    ],
  ])('returns a payout to %s ending in 000 with "Account closed"', async (_what, recipient) => {
    const amount = money(250_000n, recipient.currency);
    const { partnerReference } = await partner.startPayout(input({ recipient, amount }));
    await time.advance(DELAY);
    expect(await partner.getPayout(partnerReference)).toEqual({
      partnerReference,
      status: 'returned',
      amount,
      returnReason: ACCOUNT_CLOSED,
    });
    expect(events().map((e) => [e.type, e.reason])).toEqual([
      ['payout.processing', undefined],
      ['payout.returned', 'Account closed'],
    ]);
    expect(events()[1]!.amount).toEqual(amount);
  });

  it('applies the 000 rule to the account fields only', () => {
    expect(isClosedAccount(bankRecipient)).toBe(false);
    expect(isClosedAccount({ ...bankRecipient, details: { bank_code: '000', account_number: '12345678' } })).toBe(
      false,
    );
    expect(isClosedAccount({ ...bankRecipient, details: { clabe: '002010077777777000' } })).toBe(true);
    expect(isClosedAccount({ ...bankRecipient, details: { account_number: '1000 1001' } })).toBe(false);
    expect(isClosedAccount({ ...bankRecipient, details: { account_number: '1234-5000' } })).toBe(true);
    const pickup: PayoutRecipient = {
      ...bankRecipient,
      payout_method: 'cash_pickup',
      details: { pickup_partner: 'x', phone_number: '+2348012345000' },
    };
    expect(isClosedAccount(pickup)).toBe(false);
  });

  it('settles once, and is idempotent by our payout id', async () => {
    const a = await partner.startPayout(input());
    expect(await partner.startPayout(input())).toEqual(a);
    await expect(partner.startPayout(input({ amount: money(1n, 'NGN') }))).rejects.toThrow(/other details/);
    await time.advance(DELAY);
    expect(await partner.settle(a.partnerReference)).toBeUndefined();
    await time.advance(DELAY);
    expect(events().map((e) => e.type)).toEqual(['payout.processing', 'payout.completed']);
  });

  it("refuses an amount in another currency than the recipient's, and a non-positive amount", async () => {
    // A refusal no retry can fix: PayoutRefused, in words for the customer (issue #20).
    const refused = partner.startPayout(input({ amount: money(100n, 'GBP') }));
    await expect(refused).rejects.toBeInstanceOf(PayoutRefused);
    await expect(refused).rejects.toThrow(/can’t receive GBP: it is paid in NGN/);
    await expect(partner.startPayout(input({ amount: money(0n, 'NGN') }))).rejects.toThrow(/positive/);
    expect(time.pending).toBe(0);
  });

  it('does not know other references', async () => {
    expect(await partner.getPayout('po_000000000000000000000000')).toBeNull();
    expect(await partner.getPayout('anything')).toBeNull();
  });
});

describe('payout webhooks', () => {
  async function oneHook() {
    await partner.startPayout(input());
    await time.advance(0);
    return outbox.sent[0]!;
  }
  const now = () => unixSeconds(time.now());
  const header = (value: string) => ({ [SANDBOX_PAYOUT_SIGNATURE_HEADER]: value });

  it('refuses forged, tampered, unsigned and malformed notices', async () => {
    const hook = await oneHook();
    expect(partner.parseWebhook(hook.body, header(signWebhook('forger_secret_0123456789', hook.body, now())))).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(partner.parseWebhook(hook.body.replace('15000050', '15000051'), hook.headers)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(partner.parseWebhook(hook.body, {})).toEqual({ ok: false, reason: 'missing' });
    expect(partner.parseWebhook(hook.body, header('t=1'))).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses stale notices (replays) and notices from too far ahead', async () => {
    const hook = await oneHook();
    time.skip(301_000);
    expect(partner.parseWebhook(hook.body, hook.headers)).toEqual({ ok: false, reason: 'stale' });
    expect(partner.parseWebhook(hook.body, header(signWebhook(SECRET, hook.body, now() + 301)))).toEqual({
      ok: false,
      reason: 'stale',
    });
  });

  it('refuses a signed body that is not one of its events', async () => {
    const hook = await oneHook();
    const event = JSON.parse(hook.body);
    const bodies = [
      '{',
      JSON.stringify({ ...event, type: 'payout.cancelled' }),
      JSON.stringify({ ...event, type: 'payout.returned' }),
      JSON.stringify({ ...event, data: { ...event.data, reason: 'Account closed' } }),
      JSON.stringify({ ...event, data: { ...event.data, amount: '150000.50' } }),
      JSON.stringify({ ...event, data: { ...event.data, reference: 'other' } }),
    ];
    for (const body of bodies) {
      expect(partner.parseWebhook(body, header(signWebhook(SECRET, body, now()))), body).toEqual({
        ok: false,
        reason: 'invalid_payload',
      });
    }
  });

  it('accepts the previous secret during a rotation', async () => {
    const hook = await oneHook();
    const old = header(signWebhook(OLD_SECRET, hook.body, now()));
    expect(partner.parseWebhook(hook.body, old)).toEqual({ ok: false, reason: 'bad_signature' });
    const rotated = makePartner({ secrets: [SECRET, OLD_SECRET] });
    expect(rotated.parseWebhook(Buffer.from(hook.body), old).ok).toBe(true);
  });
});
