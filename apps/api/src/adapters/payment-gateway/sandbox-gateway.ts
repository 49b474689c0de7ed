import { randomBytes, randomInt } from 'node:crypto';
import { CurrencyCode, isPositive, money, serialiseMinorUnits, type Money } from '@remit/contract';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { hmacBase64Url, randomToken } from '../../lib/crypto.ts';
import {
  type ParsedWebhook,
  parseSignedWebhook,
  signWebhook,
  unixSeconds,
  verifyWebhook,
} from '../../lib/webhook-signature.ts';
import type {
  BankDetails,
  CreatedPayment,
  CreatePaymentInput,
  GatewayPayment,
  GatewayPaymentStatus,
  PaymentEvent,
  PaymentFailureReason,
  PaymentGateway,
  PaymentOutcome,
  VerifiedReturn,
  WebhookHeaders,
} from './payment-gateway.ts';
import type { Schedule } from './scheduler.ts';
import type { SandboxGatewayStore, SandboxPaymentRecord } from './sandbox-store.ts';

/** The header carrying the sandbox gateway's webhook signature (`t=...,v1=...`). */
export const SANDBOX_GATEWAY_SIGNATURE_HEADER = 'sandbox-signature';
/** Where the hosted pages live, under the gateway's base URL. */
export const SANDBOX_GATEWAY_PATH = '/sandbox/gateway';

const PAYMENT_ID = /^pay_[0-9a-f]{24}$/;
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Our sandbox account, where bank transfers go (fictional numbers). */
export const SANDBOX_BANK_ACCOUNT: Omit<BankDetails, 'reference'> = {
  accountName: 'Remit Sandbox Client Funds',
  sortCode: '04-00-04',
  accountNumber: '12345678',
  iban: 'GB33BUKB20201555555555',
  bic: 'BUKBGB22',
};

export type SendWebhook = (url: string, body: string, headers: Record<string, string>) => Promise<void>;

export interface SandboxGatewayOptions {
  store: SandboxGatewayStore;
  now: Clock;
  /** Webhook secrets: the first signs; every one verifies (a rotation keeps the old one a while). */
  secrets: readonly [string, ...string[]];
  /** The gateway's public base URL: its hosted page is `{pagesBaseUrl}/sandbox/gateway/pay/{id}`. */
  pagesBaseUrl: string;
  /** Where its notices go: `{APP_URL}/webhooks/payments/sandbox`. */
  webhookUrl: string;
  /** The merchant shown on the hosted page. */
  merchantName: string;
  /** Posts one notice; retries are the sender's business. */
  sendWebhook: SendWebhook;
  schedule: Schedule;
  /** Delay before each notice goes out (default 0: right after the step that causes it). */
  webhookDelayMs?: number;
  /** How long until a bank transfer "arrives"; null: never by itself (receiveBankTransfer does it). */
  bankTransferDelayMs: number | null;
  /** Told when the sandbox has received a bank transfer (after its webhook is scheduled). */
  onBankTransferReceived?: (payment: GatewayPayment) => void | Promise<void>;
  bankAccount?: Omit<BankDetails, 'reference'>;
}

const WebhookBody = z.object({
  id: z.string().regex(/^evt_[0-9a-f]{24}$/),
  type: z.enum(['payment.succeeded', 'payment.failed']),
  created: z.number().int().nonnegative(),
  data: z.object({
    payment: z.string().regex(PAYMENT_ID),
    payment_id: z.string().min(1).max(200),
    transaction_id: z.string().min(1).max(200),
    amount: z.string(),
    currency: CurrencyCode,
    failure_reason: z
      .enum(['card_declined', 'insufficient_funds', 'authentication_failed', 'cancelled', 'processing_error'])
      .nullable(),
  }),
});

/**
 * The embedded sandbox gateway (docs/product/payments.md#sandbox-behaviour): card payments go through
 * its own hosted page (`sandboxGatewayPages`), bank transfers are "received" after a delay. Every
 * outcome is told twice, as a signed browser redirect and as a signed webhook.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  private readonly returnKeys: readonly string[];

  constructor(private readonly opts: SandboxGatewayOptions) {
    if (opts.secrets.length === 0 || opts.secrets.some((s) => s.length < 16)) {
      throw new Error('sandbox gateway: secrets of at least 16 characters are needed');
    }
    this.returnKeys = opts.secrets.map((s) => hmacBase64Url(s, 'sandbox-gateway:return'));
  }

  get merchantName(): string {
    return this.opts.merchantName;
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    if (!input.paymentId || !input.transactionId) throw new Error('sandbox gateway: paymentId and transactionId');
    const amount = money(input.amount.amount, input.amount.currency);
    if (!isPositive(amount)) throw new Error('sandbox gateway: the amount must be positive');
    checkReturnUrl(input.returnUrl);
    const existing = await this.opts.store.findByPaymentId(input.paymentId);
    if (existing) {
      const same =
        existing.transactionId === input.transactionId &&
        existing.method === input.method &&
        existing.amount.amount === amount.amount &&
        existing.amount.currency === amount.currency;
      if (!same) throw new Error('sandbox gateway: this paymentId was created with other details');
      return this.created(existing);
    }
    const at = this.opts.now();
    const record: SandboxPaymentRecord = {
      providerPaymentId: `pay_${randomBytes(12).toString('hex')}`,
      paymentId: input.paymentId,
      transactionId: input.transactionId,
      amount,
      method: input.method,
      returnUrl: input.returnUrl,
      customerEmail: input.customerEmail,
      description: input.description ?? null,
      status: 'pending',
      failureReason: null,
      pageToken: randomToken(32),
      reference: input.method === 'bank_transfer' ? bankReference() : null,
      createdAt: at,
      updatedAt: at,
    };
    await this.opts.store.insert(record);
    if (record.method === 'bank_transfer' && this.opts.bankTransferDelayMs !== null) {
      const id = record.providerPaymentId;
      this.opts.schedule(this.opts.bankTransferDelayMs, async () => {
        await this.receiveBankTransfer(id);
      });
    }
    return this.created(record);
  }

  async getPayment(providerPaymentId: string): Promise<GatewayPayment | null> {
    const record = await this.record(providerPaymentId);
    return record ? toGatewayPayment(record) : null;
  }

  parseWebhook(rawBody: string | Buffer, headers: WebhookHeaders): ParsedWebhook<PaymentEvent> {
    const header = SANDBOX_GATEWAY_SIGNATURE_HEADER;
    return parseSignedWebhook(rawBody, headers, header, this.opts.secrets, this.opts.now(), (json) => {
      const body = WebhookBody.safeParse(json);
      if (!body.success) return null;
      const { data } = body.data;
      const failed = body.data.type === 'payment.failed';
      if (failed !== (data.failure_reason !== null)) return null;
      return {
        id: body.data.id,
        type: body.data.type,
        providerPaymentId: data.payment,
        paymentId: data.payment_id,
        amount: money(data.amount, data.currency),
        occurredAt: new Date(body.data.created * 1000),
        ...(data.failure_reason ? { failureReason: data.failure_reason } : {}),
      };
    });
  }

  verifyReturn(query: Readonly<Record<string, unknown>>): VerifiedReturn {
    const { payment, outcome, t, sig } = query;
    if (payment === undefined && outcome === undefined && t === undefined && sig === undefined) {
      return { ok: false, reason: 'missing' };
    }
    if (
      typeof payment !== 'string' ||
      !PAYMENT_ID.test(payment) ||
      (outcome !== 'succeeded' && outcome !== 'failed') ||
      typeof t !== 'string' ||
      !/^[0-9]{1,12}$/.test(t) ||
      typeof sig !== 'string' ||
      !/^[0-9a-f]{64}$/.test(sig)
    ) {
      return { ok: false, reason: 'malformed' };
    }
    const verified = verifyWebhook(`t=${t},v1=${sig}`, returnPayload(payment, outcome), this.returnKeys, {
      nowSeconds: unixSeconds(this.opts.now()),
    });
    if (verified.status !== 'ok') return { ok: false, reason: verified.status };
    return { ok: true, providerPaymentId: payment, outcome };
  }

  /** A succeeded payment can be refunded up to its amount; the refund id is derived from the payment (idempotent). */
  async refundPayment(input: { providerPaymentId: string; amount: Money }): Promise<{ refundId: string }> {
    const record = await this.record(input.providerPaymentId);
    if (!record || record.status !== 'succeeded')
      throw new Error('sandbox gateway: only a succeeded payment is refunded');
    const amount = money(input.amount.amount, input.amount.currency);
    if (amount.currency !== record.amount.currency || amount.amount <= 0n || amount.amount > record.amount.amount) {
      throw new Error('sandbox gateway: the refund must be in the payment currency and at most its amount');
    }
    return { refundId: `re_${record.providerPaymentId.slice(4)}` };
  }

  // ---- what the hosted pages and the sandbox's own timers use ----

  /** The payment behind a hosted page's id; undefined for an unknown or malformed id. */
  async record(providerPaymentId: string): Promise<SandboxPaymentRecord | undefined> {
    if (!PAYMENT_ID.test(providerPaymentId)) return undefined;
    return this.opts.store.get(providerPaymentId);
  }

  /** A card payment waits for the 3-D Secure challenge. */
  async requireAction(providerPaymentId: string): Promise<SandboxPaymentRecord | undefined> {
    return this.opts.store.transition(providerPaymentId, ['pending'], {
      status: 'requires_action',
      failureReason: null,
      updatedAt: this.opts.now(),
    });
  }

  /**
   * Decides a payment once (from one of `from`), then schedules its signed webhook. Undefined when
   * it was decided already (a double-submitted form): the first decision stands.
   */
  async decide(
    providerPaymentId: string,
    from: readonly GatewayPaymentStatus[],
    outcome: { status: 'succeeded' } | { status: 'failed'; reason: PaymentFailureReason },
  ): Promise<SandboxPaymentRecord | undefined> {
    const at = this.opts.now();
    const record = await this.opts.store.transition(providerPaymentId, from, {
      status: outcome.status,
      failureReason: outcome.status === 'failed' ? outcome.reason : null,
      updatedAt: at,
    });
    if (record) this.scheduleWebhook(record, at);
    return record;
  }

  /** The sandbox "receives" a bank transfer: the payment succeeds, its webhook goes out. */
  async receiveBankTransfer(providerPaymentId: string): Promise<SandboxPaymentRecord | undefined> {
    const current = await this.record(providerPaymentId);
    if (!current || current.method !== 'bank_transfer') return undefined;
    const record = await this.decide(providerPaymentId, ['pending'], { status: 'succeeded' });
    if (record) await this.opts.onBankTransferReceived?.(toGatewayPayment(record));
    return record;
  }

  /** The signed return to the merchant for a decided payment: `returnUrl?payment=..&outcome=..&t=..&sig=..`. */
  returnLocation(record: SandboxPaymentRecord): string {
    if (record.status !== 'succeeded' && record.status !== 'failed') {
      throw new Error('sandbox gateway: only a decided payment returns to the merchant');
    }
    const outcome: PaymentOutcome = record.status;
    const t = unixSeconds(this.opts.now());
    const header = signWebhook(this.returnKeys[0]!, returnPayload(record.providerPaymentId, outcome), t);
    const sig = header.slice(header.indexOf('v1=') + 3);
    return withQuery(record.returnUrl, { payment: record.providerPaymentId, outcome, t: String(t), sig });
  }

  hostedPageUrl(providerPaymentId: string): string {
    return `${this.opts.pagesBaseUrl.replace(/\/+$/, '')}${SANDBOX_GATEWAY_PATH}/pay/${providerPaymentId}`;
  }

  private created(record: SandboxPaymentRecord): CreatedPayment {
    if (record.method === 'card') {
      return {
        providerPaymentId: record.providerPaymentId,
        method: 'card',
        redirectUrl: this.hostedPageUrl(record.providerPaymentId),
      };
    }
    return {
      providerPaymentId: record.providerPaymentId,
      method: 'bank_transfer',
      bankDetails: { ...(this.opts.bankAccount ?? SANDBOX_BANK_ACCOUNT), reference: record.reference ?? '' },
    };
  }

  private scheduleWebhook(record: SandboxPaymentRecord, at: Date): void {
    const created = unixSeconds(at);
    const body = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      type: record.status === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
      created,
      data: {
        payment: record.providerPaymentId,
        payment_id: record.paymentId,
        transaction_id: record.transactionId,
        amount: serialiseMinorUnits(record.amount),
        currency: record.amount.currency,
        failure_reason: record.failureReason,
      },
    });
    this.opts.schedule(this.opts.webhookDelayMs ?? 0, async () => {
      // Signed when sent, so a delayed delivery is not stale on arrival.
      const signature = signWebhook(this.opts.secrets[0], body, unixSeconds(this.opts.now()));
      await this.opts.sendWebhook(this.opts.webhookUrl, body, {
        'content-type': 'application/json',
        [SANDBOX_GATEWAY_SIGNATURE_HEADER]: signature,
      });
    });
  }
}

function toGatewayPayment(record: SandboxPaymentRecord): GatewayPayment {
  return {
    providerPaymentId: record.providerPaymentId,
    status: record.status,
    amount: record.amount,
    ...(record.failureReason ? { failureReason: record.failureReason } : {}),
  };
}

function returnPayload(providerPaymentId: string, outcome: PaymentOutcome): string {
  return `payment=${providerPaymentId}&outcome=${outcome}`;
}

function bankReference(): string {
  let out = 'SBX';
  for (let i = 0; i < 8; i++) out += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return out;
}

/** An absolute http(s) URL, or a path on the same origin ("/payment/cb/..."). */
function checkReturnUrl(url: string): void {
  if (url.startsWith('/') && !url.startsWith('//') && !url.includes('\\')) return;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('sandbox gateway: returnUrl is not a URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error('sandbox gateway: returnUrl must be http(s)');
  }
}

function withQuery(url: string, params: Record<string, string>): string {
  const relative = url.startsWith('/');
  const u = new URL(url, 'http://relative.invalid');
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return relative ? `${u.pathname}${u.search}${u.hash}` : u.toString();
}

/** The origin a return URL sends the browser to (for the page's form-action), or null for a same-origin path. */
export function returnOrigin(url: string): string | null {
  if (url.startsWith('/')) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
