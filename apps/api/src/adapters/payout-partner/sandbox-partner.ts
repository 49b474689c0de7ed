import { randomBytes } from 'node:crypto';
import { CurrencyCode, isPositive, money, serialiseMinorUnits } from '@remit/contract';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { type ParsedWebhook, parseSignedWebhook, signWebhook, unixSeconds } from '../../lib/webhook-signature.ts';
import type {
  PartnerPayout,
  PayoutEvent,
  PayoutEventType,
  PayoutPartner,
  PayoutRecipient,
  StartedPayout,
  StartPayoutInput,
  WebhookHeaders,
} from './payout-partner.ts';
import { PayoutRefused } from './payout-partner.ts';
import type { SandboxPayoutRecord, SandboxPayoutStore } from './sandbox-store.ts';

/** The header carrying the sandbox partner's webhook signature (`t=...,v1=...`). */
export const SANDBOX_PAYOUT_SIGNATURE_HEADER = 'sandbox-signature';

/** The reason of a payout the sandbox returns. */
export const ACCOUNT_CLOSED = 'Account closed';

const REFERENCE = /^po_[0-9a-f]{24}$/;

/** Later, injected (docs/product/payments.md#sandbox-behaviour); the payment gateway's TimerScheduler fits. */
export type Schedule = (delayMs: number, task: () => Promise<void>) => void;
export type SendWebhook = (url: string, body: string, headers: Record<string, string>) => Promise<void>;

export interface SandboxPayoutPartnerOptions {
  store: SandboxPayoutStore;
  now: Clock;
  /** Webhook secrets: the first signs; every one verifies (a rotation keeps the old one a while). */
  secrets: readonly [string, ...string[]];
  /** Where its notices go: `{APP_URL}/webhooks/payouts/sandbox`. */
  webhookUrl: string;
  /** Posts one notice; retries are the sender's business. */
  sendWebhook: SendWebhook;
  schedule: Schedule;
  /** From processing to completed (or returned). */
  completionDelayMs: number;
}

/** The detail keys that name the account a payout goes to, by payout method (the requirement keys). */
const ACCOUNT_KEYS: Record<PayoutRecipient['payout_method'], readonly string[]> = {
  bank_account: ['account_number', 'iban', 'clabe'],
  mobile_wallet: ['phone_number'],
  cash_pickup: [],
};

/** Whether the account number, IBAN, CLABE or wallet number ends in `suffix` (spaces and dashes ignored). */
function accountEndsIn(recipient: PayoutRecipient, suffix: string): boolean {
  return ACCOUNT_KEYS[recipient.payout_method].some((key) => {
    const value = recipient.details[key];
    return typeof value === 'string' && value.replace(/[\s-]/g, '').endsWith(suffix);
  });
}

/** The sandbox's bounce: an account number, IBAN or wallet number ending in 000 is a closed account. */
export function isClosedAccount(recipient: PayoutRecipient): boolean {
  return accountEndsIn(recipient, '000');
}

/**
 * The sandbox's bank holiday (docs/product/expected-times.md#sandbox-triggers): an account number,
 * IBAN or wallet number ending in 777 is held by the partner, its bank closed for a public holiday.
 */
export function isHeldForHoliday(recipient: PayoutRecipient): boolean {
  return accountEndsIn(recipient, '777');
}

/** The new date the sandbox gives a held payout: 09:00 UTC on the first weekday after tomorrow. */
export function heldUntil(at: Date): Date {
  const DAY_MS = 86_400_000;
  let day = Math.floor(at.getTime() / DAY_MS) * DAY_MS + 2 * DAY_MS;
  while ([0, 6].includes(new Date(day).getUTCDay())) day += DAY_MS;
  return new Date(day + 9 * 3_600_000);
}

/** The sandbox's refusal at start: an account ending in 999 has details the bank rejects. */
export const DETAILS_REJECTED = 'The recipient’s bank rejected the account details';

const WebhookBody = z.object({
  id: z.string().regex(/^evt_[0-9a-f]{24}$/),
  type: z.enum(['payout.processing', 'payout.held', 'payout.completed', 'payout.returned']),
  created: z.number().int().nonnegative(),
  data: z.object({
    reference: z.string().regex(REFERENCE),
    payout_id: z.string().min(1).max(200),
    transaction_id: z.string().min(1).max(200),
    amount: z.string(),
    currency: CurrencyCode,
    reason: z.string().min(1).max(200).nullable(),
    expected_at: z.string().datetime().nullable().optional(),
  }),
});

/**
 * The embedded sandbox payout partner (docs/product/payments.md#sandbox-behaviour): a payout is
 * processing at once, then completed `completionDelayMs` later, or returned ("Account closed") when
 * the recipient's account number, IBAN or wallet number ends in 000. Each step is a signed webhook.
 */
export class SandboxPayoutPartner implements PayoutPartner {
  readonly name = 'sandbox';

  constructor(private readonly opts: SandboxPayoutPartnerOptions) {
    if (opts.secrets.length === 0 || opts.secrets.some((s) => s.length < 16)) {
      throw new Error('sandbox payout partner: secrets of at least 16 characters are needed');
    }
  }

  async startPayout(input: StartPayoutInput): Promise<StartedPayout> {
    if (!input.payoutId || !input.transactionId) throw new Error('sandbox payout partner: payoutId and transactionId');
    const amount = money(input.amount.amount, input.amount.currency);
    if (!isPositive(amount)) throw new Error('sandbox payout partner: the amount must be positive');
    // Refusals no retry can fix (docs/product/payments.md#sandbox-behaviour).
    if (amount.currency !== input.recipient.currency) {
      throw new PayoutRefused(
        `This account can’t receive ${amount.currency}: it is paid in ${input.recipient.currency}`,
      );
    }
    if (accountEndsIn(input.recipient, '999')) throw new PayoutRefused(DETAILS_REJECTED);
    const existing = await this.opts.store.findByPayoutId(input.payoutId);
    if (existing) {
      const same =
        existing.transactionId === input.transactionId &&
        existing.amount.amount === amount.amount &&
        existing.amount.currency === amount.currency;
      if (!same) throw new Error('sandbox payout partner: this payoutId was started with other details');
      return { partnerReference: existing.partnerReference };
    }
    const at = this.opts.now();
    const record: SandboxPayoutRecord = {
      partnerReference: `po_${randomBytes(12).toString('hex')}`,
      payoutId: input.payoutId,
      transactionId: input.transactionId,
      amount,
      recipient: { ...input.recipient, details: { ...input.recipient.details } },
      status: 'processing',
      returnReason: null,
      createdAt: at,
      updatedAt: at,
    };
    try {
      await this.opts.store.insert(record);
    } catch (err) {
      // Two starts of one payout at once: the store keeps one payoutId; the loser answers the winner's.
      const winner = await this.opts.store.findByPayoutId(input.payoutId);
      if (!winner) throw err;
      return { partnerReference: winner.partnerReference };
    }
    this.scheduleWebhook(record, 'payout.processing', at);
    // Held for a bank holiday: the partner gives its new date at once.
    if (isHeldForHoliday(record.recipient)) this.scheduleWebhook(record, 'payout.held', at, heldUntil(at));
    const ref = record.partnerReference;
    this.opts.schedule(this.completionDelayFor(record.recipient), async () => {
      await this.settle(ref);
    });
    return { partnerReference: ref };
  }

  async getPayout(partnerReference: string): Promise<PartnerPayout | null> {
    if (!REFERENCE.test(partnerReference)) return null;
    const record = await this.opts.store.get(partnerReference);
    if (!record) return null;
    return {
      partnerReference: record.partnerReference,
      status: record.status,
      amount: record.amount,
      ...(record.returnReason ? { returnReason: record.returnReason } : {}),
    };
  }

  /** The delayed step: completed, or returned by the 000 rule. Runs once (compare-and-set). */
  async settle(partnerReference: string): Promise<SandboxPayoutRecord | undefined> {
    const current = await this.opts.store.get(partnerReference);
    if (!current) return undefined;
    const at = this.opts.now();
    const returned = isClosedAccount(current.recipient);
    const record = await this.opts.store.transition(partnerReference, ['processing'], {
      status: returned ? 'returned' : 'completed',
      returnReason: returned ? ACCOUNT_CLOSED : null,
      updatedAt: at,
    });
    if (record) this.scheduleWebhook(record, returned ? 'payout.returned' : 'payout.completed', at);
    return record;
  }

  parseWebhook(rawBody: string | Buffer, headers: WebhookHeaders): ParsedWebhook<PayoutEvent> {
    const header = SANDBOX_PAYOUT_SIGNATURE_HEADER;
    return parseSignedWebhook(rawBody, headers, header, this.opts.secrets, this.opts.now(), (json) => {
      const body = WebhookBody.safeParse(json);
      if (!body.success) return null;
      const { data, type } = body.data;
      if ((type === 'payout.returned') !== (data.reason !== null)) return null;
      if ((type === 'payout.held') !== Boolean(data.expected_at)) return null;
      return {
        id: body.data.id,
        type,
        partnerReference: data.reference,
        payoutId: data.payout_id,
        amount: money(data.amount, data.currency),
        occurredAt: new Date(body.data.created * 1000),
        ...(data.reason !== null ? { reason: data.reason } : {}),
        ...(data.expected_at ? { expectedAt: new Date(data.expected_at) } : {}),
      };
    });
  }

  /**
   * How long the sandbox takes from processing to completed: a payout it holds for a bank holiday
   * (an account ending in 777) four times as long, so the delay is seen before it arrives.
   */
  completionDelayFor(recipient: PayoutRecipient): number {
    return isHeldForHoliday(recipient) ? 4 * this.opts.completionDelayMs : this.opts.completionDelayMs;
  }

  private scheduleWebhook(record: SandboxPayoutRecord, type: PayoutEventType, at: Date, expectedAt?: Date): void {
    const body = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      type,
      created: unixSeconds(at),
      data: {
        reference: record.partnerReference,
        payout_id: record.payoutId,
        transaction_id: record.transactionId,
        amount: serialiseMinorUnits(record.amount),
        currency: record.amount.currency,
        reason: type === 'payout.returned' ? record.returnReason : null,
        expected_at: expectedAt ? expectedAt.toISOString() : null,
      },
    });
    this.opts.schedule(0, async () => {
      // Signed when sent, so a delayed delivery is not stale on arrival.
      const signature = signWebhook(this.opts.secrets[0], body, unixSeconds(this.opts.now()));
      await this.opts.sendWebhook(this.opts.webhookUrl, body, {
        'content-type': 'application/json',
        [SANDBOX_PAYOUT_SIGNATURE_HEADER]: signature,
      });
    });
  }
}
