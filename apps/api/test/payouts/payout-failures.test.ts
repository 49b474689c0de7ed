// A payout that cannot succeed says so (issue #20; docs/product/money-movement.md#payout): a refusal
// that retrying cannot fix returns the transfer with the partner's reason, so the customer chooses a
// refund or a resend; a transient failure keeps retrying with backoff and, once the payout has waited
// PAYOUT_DELAY_NOTICE_MS, the customer is told once (a timeline note, a push, a mail).
import type { PayoutPartner } from '../../src/adapters/payout-partner/index.ts';
import { DETAILS_REJECTED } from '../../src/adapters/payout-partner/index.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { mailbox } from '../helpers.ts';
import { drainJobs, getTransaction } from '../payments/helpers.ts';
import { everyoneMaySend, recipient } from '../transfers/helpers.ts';
import { GOOD_IBAN, paidTransfer, payoutsOf, resendTransfer, settlePayouts, usePayoutsApp } from './helpers.ts';

/** A German IBAN with a valid checksum ending in 999: the sandbox partner rejects its details at once. */
const REJECTED_IBAN = {
  name: 'Hans Becker',
  country: 'DE',
  currency: 'EUR',
  payout_method: 'bank_account',
  details: { iban: 'DE82 3704 0044 0532 0139 99', bic: 'DEUTDEFF' },
};

/** The partner is out of reach while `down` is true, as a real partner's outage would be. */
const outage = { down: false, calls: 0 };
const flaky = (partner: PayoutPartner): PayoutPartner => ({
  name: partner.name,
  startPayout: async (input) => {
    outage.calls++;
    if (outage.down) throw new Error('connect ECONNREFUSED payout partner');
    return partner.startPayout(input);
  },
  getPayout: (ref) => partner.getPayout(ref),
  parseWebhook: (body, headers) => partner.parseWebhook(body, headers),
});

const ctx = usePayoutsApp(
  {
    SESSION_IDLE_MINUTES: String(60 * 24),
    SESSION_ABSOLUTE_HOURS: String(24 * 7),
    RATES_MAX_AGE_HOURS: String(24 * 7),
  },
  { wrapPayoutPartner: flaky },
);

const MINUTE = 60_000;
const PAYOUT_DELAYED_NOTE =
  'Your transfer is delayed: our payout partner has not taken it yet. We keep trying; you don’t need to do anything.';

beforeEach(() => {
  everyoneMaySend(ctx);
  outage.down = false;
  outage.calls = 0;
});

async function jobErrors() {
  return ctx.db.selectFrom('jobs').select(['name', 'status', 'attempts', 'last_error']).execute();
}

describe('a payout the partner refuses for good', () => {
  it('returns the transfer with the reason at once, then a resend to corrected details completes', async () => {
    const { client, tx } = await paidTransfer(ctx, REJECTED_IBAN);
    await drainJobs(ctx);
    const returned = await getTransaction(client, tx.id);
    expect(returned.status).toBe('returned');
    expect(returned.timeline.at(-1)?.note).toBe(
      `The payout to ${REJECTED_IBAN.name} was returned: ${DETAILS_REJECTED}. ` +
        'Choose a refund, or send it again with corrected details.',
    );
    const [payout] = await payoutsOf(ctx, tx.id);
    expect(payout).toMatchObject({ status: 'returned', return_reason: DETAILS_REJECTED, partner_reference: null });
    // Asked once, not retried in silence.
    expect(outage.calls).toBe(1);
    expect((await jobErrors()).filter((j) => j.status === 'failed' || j.last_error !== null)).toEqual([]);
    expect((await verifyLedger(ctx.db)).violations).toEqual([]);
    const mails = (await mailbox(ctx.app)).messages.filter((m) => m.subject === 'Your transfer was returned');
    expect(mails).toHaveLength(1);

    const corrected = await recipient(client, GOOD_IBAN);
    const res = await resendTransfer(client, tx.id, corrected.id);
    expect(res.statusCode, res.body).toBe(200);
    await drainJobs(ctx);
    await settlePayouts(ctx);
    expect((await getTransaction(client, tx.id)).status).toBe('completed');
    expect((await verifyLedger(ctx.db)).violations).toEqual([]);
  });
});

describe('a payout the partner cannot take for a while', () => {
  it('keeps retrying with backoff, tells the customer once after 30 minutes, and completes when the partner is back', async () => {
    outage.down = true;
    const { client, tx } = await paidTransfer(ctx, GOOD_IBAN);
    expect((await getTransaction(client, tx.id)).status).toBe('processing');
    const first = (await jobErrors()).find((j) => j.name === 'payout.start');
    expect(first).toMatchObject({ status: 'queued', attempts: 1 });
    expect(first?.last_error).toMatch(/ECONNREFUSED/);

    // Retried with backoff; nothing is said to the customer before 30 minutes.
    for (let i = 0; i < 6; i++) {
      ctx.clock.advance(4 * MINUTE);
      await drainJobs(ctx);
    }
    const early = await getTransaction(client, tx.id);
    expect(early.status).toBe('processing');
    expect(early.timeline.map((e) => e.note)).not.toContain(PAYOUT_DELAYED_NOTE);
    expect(outage.calls).toBeGreaterThan(3);

    // Past 30 minutes: one note on the timeline (the status stays processing) and one mail.
    for (let i = 0; i < 6; i++) {
      ctx.clock.advance(10 * MINUTE);
      await drainJobs(ctx);
    }
    const late = await getTransaction(client, tx.id);
    expect(late.status).toBe('processing');
    expect(late.timeline.filter((e) => e.note === PAYOUT_DELAYED_NOTE)).toHaveLength(1);
    expect(late.timeline.at(-1)).toMatchObject({ status: 'processing', note: PAYOUT_DELAYED_NOTE });
    const delayed = (await mailbox(ctx.app)).messages.filter((m) =>
      m.subject.startsWith(`Your transfer to ${GOOD_IBAN.name} is delayed`),
    );
    expect(delayed).toHaveLength(1);

    // The partner is back: the next retry hands the payout over, and it completes.
    outage.down = false;
    ctx.clock.advance(61 * MINUTE);
    await drainJobs(ctx);
    const [payout] = await payoutsOf(ctx, tx.id);
    expect(payout?.partner_reference).toMatch(/^po_/);
    await settlePayouts(ctx);
    const done = await getTransaction(client, tx.id);
    expect(done.status).toBe('completed');
    expect(done.timeline.filter((e) => e.note === PAYOUT_DELAYED_NOTE)).toHaveLength(1);
    expect((await verifyLedger(ctx.db)).violations).toEqual([]);
  });
});
