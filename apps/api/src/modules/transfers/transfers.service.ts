import {
  compare,
  money,
  PASSWORD_AGAIN_FROM_GBP,
  referenceRules,
  REFERENCE_PATTERN,
  toMajorString,
  TransactionStatus,
  VERIFICATION_REQUIRED,
  type CurrencyCode,
  type Money,
  type QuoteFeeItem,
  type QuoteNotice,
  type Recipient,
  type TimelineCode,
  type TimelineEntry,
  type Transaction,
  type TransactionList,
  type TransactionListQuery,
  type TransactionRequest,
  type TransactionStatusChangedPayload,
} from '@remit/contract';
import type { Kysely } from 'kysely';
import type { Database, Executor, TransactionStatusColumn } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError, FieldErrorBag } from '../../lib/app-error.ts';
import type { ClientInfo } from '../../lib/client-info.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { AuthContext } from '../auth/session.service.ts';
import {
  LIMITS_CURRENCY,
  SEND_LIMITS,
  type CountedInLast30Days,
  type LimitsService,
  type UsedInLast30Days,
} from '../quotes/limits.service.ts';
import type { QuotesService } from '../quotes/quotes.service.ts';
import { searchableName } from '../recipients/checks.ts';
import type { RecentAuthentication } from '../passwords/recent-authentication.ts';
import type { RecipientsService } from '../recipients/recipients.service.ts';
import type { Jobs } from '../jobs/jobs.ts';
import {
  checkIdempotencyKey,
  IDEMPOTENCY_KEY_REUSED,
  IDEMPOTENCY_KEY_RUNNING,
  IDEMPOTENCY_KEY_TTL_MS,
  requestFingerprint,
} from './idempotency.ts';
import { idempotencyRepository } from './idempotency.repository.ts';
import { timelineEnglish, type TimelineNote } from './timeline-words.ts';
import { TRANSFER_JOBS } from './transfers.jobs.ts';
import { transfersRepository, type TransactionRow } from './transfers.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;
/** An unpaid transfer expires this long after it is confirmed (docs/product/money-movement.md#transaction-statuses). */
export const PAY_WITHIN_MS = DAY_MS;
const DEFAULT_PAGE = 20;

/**
 * Statuses of transfers that can no longer be paid: they do not count against the limits
 * (docs/product/money-movement.md#limits). Every other transfer counts from its confirmation, a
 * declined one (`payment_failed`) too, since it can still be paid.
 */
export const NOT_COUNTED_STATUSES: readonly TransactionStatusColumn[] = ['cancelled', 'expired', 'refunded'];
/** How long a transfer counts against the rolling limit after it is confirmed. */
export const LIMIT_WINDOW_MS = 30 * DAY_MS;
/** The limits screen lists at most this many of the transfers that count. */
const COUNTED_SHOWN = 100;

/** Quote notices that are worked out again when the transfer is confirmed. */
const LIMIT_NOTICES = new Set(['over_per_transfer_limit', 'over_30_day_limit']);

export const QUOTE_NOT_FOUND = 'Quote not found.';
export const QUOTE_USED = 'This quote was already used. Get a new quote.';
export const QUOTE_EXPIRED = 'This quote has expired. Refresh it to see the new rate.';
export const QUOTE_REFRESHED = 'This quote was refreshed: confirm the new quote instead.';
export const RECIPIENT_NOT_FOUND = 'Recipient not found.';
export const INVALID_CURSOR = 'The cursor is invalid.';

const METHOD_WORDS: Record<string, string> = {
  bank_account: 'a bank account',
  mobile_wallet: 'a mobile wallet',
  cash_pickup: 'cash pickup',
};

const words = (m: Money): string => `${toMajorString(m)} ${m.currency}`;

const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';

export interface TransfersServiceDeps {
  db: Kysely<Database>;
  uow: UnitOfWork;
  now: Clock;
  limits: Pick<LimitsService, 'eligibility' | 'inLimitsCurrency'>;
  recipients: Pick<RecipientsService, 'lookup'>;
  /** The quote a confirm uses (the quotes module owns it). */
  quotes: Pick<QuotesService, 'forConfirm' | 'lockForConfirm' | 'refreshedInto' | 'markUsed'>;
  /** Schedules the transfer's expiry at `pay_by` in the confirm's transaction. */
  jobs: Pick<Jobs, 'enqueue'>;
  /** Large transfers ask for the password again after 10 minutes. */
  recentAuthentication: Pick<RecentAuthentication, 'ensure'>;
}

/** What a confirm answers: the transaction, or the stored answer of an earlier request with the same key. */
export interface CreateResult {
  status: number;
  body: Transaction;
  replayed: boolean;
}

/**
 * What counts against the 30-day limit (docs/product/money-movement.md#limits): the GBP amounts (at
 * the mid-market rate when each transfer was confirmed) of the customer's transfers confirmed in the
 * last 30 days that can still be paid or were paid: the LimitsService's `usedInLast30Days`, wired in
 * the composition root.
 */
export function usedInLast30Days(db: Executor): UsedInLast30Days {
  return (customerId, at) =>
    transfersRepository.limitsAmountSince(
      db,
      customerId,
      new Date(at.getTime() - LIMIT_WINDOW_MS),
      NOT_COUNTED_STATUSES,
    );
}

/** The transfers behind `usedInLast30Days`, newest first (the limits screen's "what counts"). */
export function countedInLast30Days(db: Executor): CountedInLast30Days {
  return async (customerId, at) => {
    const rows = await transfersRepository.countedSince(
      db,
      customerId,
      new Date(at.getTime() - LIMIT_WINDOW_MS),
      NOT_COUNTED_STATUSES,
      COUNTED_SHOWN,
    );
    return rows.map((r) => ({
      transaction_id: r.id,
      recipient_name: r.recipient_name,
      status: r.status,
      source_amount: r.source_amount,
      source_currency: r.source_currency,
      amount: r.limits_amount,
      created_at: r.created_at.toISOString(),
      counts_until: new Date(r.created_at.getTime() + LIMIT_WINDOW_MS).toISOString(),
    }));
  };
}

/**
 * The 30-day limit's refusal in words when `used` (what counts already) and `adding` (GBP minor
 * units) together go over it; null within it.
 */
function overRollingLimit(used: bigint, adding: bigint): string | null {
  const rolling = money(SEND_LIMITS.rolling30Days, LIMITS_CURRENCY);
  if (used + adding <= rolling.amount) return null;
  return `This is over your 30-day limit of ${words(rolling)}: ${words(money(used, LIMITS_CURRENCY))} already counts against it (your transfers of the last 30 days, unpaid ones included).`;
}

/** A timeline entry's params in one key order, however they were stored (jsonb orders keys its own way). */
const sortedParams = (params: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

export function toTransaction(row: TransactionRow, timeline: TimelineEntry[]): Transaction {
  return {
    id: row.id,
    status: row.status,
    quote_id: row.quote_id,
    recipient_id: row.recipient_id,
    recipient: {
      id: row.recipient_id,
      name: row.recipient_name,
      country: row.recipient_country,
      currency: row.recipient_currency,
      payout_method: row.recipient_payout_method,
      summary: row.recipient_summary,
    },
    source_currency: row.source_currency,
    target_country: row.target_country,
    target_currency: row.target_currency,
    payout_method: row.payout_method,
    source_amount: row.source_amount,
    target_amount: row.target_amount,
    rate: row.rate,
    mid_market_rate: row.mid_market_rate,
    fee: { total: row.fee_total, items: row.fee_items as QuoteFeeItem[] },
    pay_in_method: row.pay_in_method,
    total_to_pay: row.total_to_pay,
    purpose: row.purpose as Transaction['purpose'],
    reference: row.reference,
    delivery_estimate: row.delivery_estimate,
    pay_by: row.pay_by.toISOString(),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    timeline,
  };
}

/** Opaque list cursor: the last row's (created_at, id). */
export const encodeCursor = (row: { created_at: Date; id: string }): string =>
  Buffer.from(JSON.stringify([row.created_at.toISOString(), row.id])).toString('base64url');

function decodeCursor(cursor: string): [Date, string] | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string') {
      const at = new Date(value[0]);
      return UUID.test(value[1]) && !Number.isNaN(at.getTime()) ? [at, value[1]] : null;
    }
  } catch {
    // not base64url JSON
  }
  return null;
}

/** What does not match between the quote's destination and the recipient's, in words (empty when all match). */
function recipientMismatch(
  quote: { target_country: string; target_currency: string; payout_method: string },
  recipient: Recipient,
): string | null {
  const parts: string[] = [];
  if (recipient.country !== quote.target_country) {
    parts.push(`the quote sends to ${quote.target_country}, the recipient is in ${recipient.country}`);
  }
  if (recipient.currency !== quote.target_currency) {
    parts.push(`the quote pays out ${quote.target_currency}, the recipient is paid in ${recipient.currency}`);
  }
  if (recipient.payout_method !== quote.payout_method) {
    parts.push(
      `the quote pays to ${METHOD_WORDS[quote.payout_method] ?? quote.payout_method}, ` +
        `the recipient is paid to ${METHOD_WORDS[recipient.payout_method] ?? recipient.payout_method}`,
    );
  }
  return parts.length ? `This recipient doesn't match the quote: ${parts.join('; ')}.` : null;
}

/**
 * Transactions (docs/product/money-movement.md#transactions): confirming a transfer from a quote and
 * a recipient, exactly once per Idempotency-Key (#idempotency) and per quote; the customer's list
 * and one transfer with its timeline. Another customer's, an unknown and a malformed id are the
 * same 404 (the same 422 in a request body).
 */
export class TransfersService {
  constructor(private readonly deps: TransfersServiceDeps) {}

  /**
   * POST /client/v1/transactions. The key is claimed on its own first (a second request with it
   * waits for nothing: 409 while this one runs, the stored answer afterwards); the answer is stored
   * in the transaction that creates the transfer; a refused request lets the key go.
   */
  async create(
    auth: AuthContext,
    header: string | string[] | undefined,
    input: TransactionRequest,
    origin: Pick<ClientInfo, 'socketId' | 'locale'> = {},
  ): Promise<CreateResult> {
    const key = checkIdempotencyKey(header);
    // The password (asked again for a large transfer) is not part of what the request is.
    const { password: _password, ...request } = input;
    const hash = requestFingerprint(request);
    const { db } = this.deps;
    const customerId = auth.customerId;
    for (let attempt = 0; ; attempt++) {
      const at = this.deps.now();
      const claimed = await idempotencyRepository.claim(db, {
        customerId,
        key,
        requestHash: hash,
        at,
        expiresAt: new Date(at.getTime() + IDEMPOTENCY_KEY_TTL_MS),
      });
      if (claimed) break;
      const held = await idempotencyRepository.find(db, customerId, key);
      // Let go (a refused request) or expired between the two statements: claim again.
      if (!held || held.expires_at.getTime() <= at.getTime()) {
        if (attempt < 3) continue;
        throw AppError.conflict(IDEMPOTENCY_KEY_RUNNING);
      }
      if (held.request_hash !== hash) throw AppError.validation({ idempotency_key: [IDEMPOTENCY_KEY_REUSED] });
      if (held.state === 'running' || held.response_status === null) throw AppError.conflict(IDEMPOTENCY_KEY_RUNNING);
      // jsonb keeps object keys in its own order: the timeline's params are put back in ours.
      const stored = held.response_body as Transaction;
      const body = {
        ...stored,
        timeline: stored.timeline.map((e) => (e.params ? { ...e, params: sortedParams(e.params) } : e)),
      };
      return { status: held.response_status, body, replayed: true };
    }

    try {
      const body = await this.confirm(auth, input, key, hash, origin);
      return { status: 201, body, replayed: false };
    } catch (err) {
      // Nothing was stored for this key (the transaction rolled back): a corrected retry may use it.
      await idempotencyRepository.release(db, customerId, key, hash).catch(() => undefined);
      throw err;
    }
  }

  async list(auth: AuthContext, query: TransactionListQuery): Promise<TransactionList> {
    const errors = new FieldErrorBag();
    const after = query.cursor !== undefined ? decodeCursor(query.cursor) : null;
    if (query.cursor !== undefined && after === null) errors.add('cursor', INVALID_CURSOR);
    let statuses: TransactionStatusColumn[] | null = null;
    if (query.status !== undefined) {
      const wanted = query.status
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
      for (const s of wanted) {
        if (!TransactionStatus.safeParse(s).success) errors.add('status', `Unknown status: ${s}.`);
      }
      statuses = wanted.length ? (wanted as TransactionStatusColumn[]) : null;
    }
    if (query.recipient_id !== undefined && !UUID.test(query.recipient_id)) {
      errors.add('recipient_id', RECIPIENT_NOT_FOUND);
    }
    const from = query.from !== undefined ? new Date(`${query.from}T00:00:00.000Z`) : null;
    const to = query.to !== undefined ? new Date(`${query.to}T00:00:00.000Z`) : null;
    if (from && to && to.getTime() < from.getTime())
      errors.add('to', 'The end date must be on or after the start date.');
    errors.throwIfAny();

    const contains = query.search !== undefined ? searchableName(query.search) : '';
    const limit = query.limit ?? DEFAULT_PAGE;
    const rows = await transfersRepository.list(this.deps.db, auth.customerId, {
      contains: contains === '' ? null : contains,
      statuses,
      recipientId: query.recipient_id ?? null,
      from,
      before: to ? new Date(to.getTime() + DAY_MS) : null,
      after,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const timelines = await this.timelines(page.map((r) => r.id));
    const last = page[page.length - 1];
    return {
      data: page.map((r) => toTransaction(r, timelines.get(r.id) ?? [])),
      next_cursor: rows.length > limit && last ? encodeCursor(last) : null,
    };
  }

  async get(auth: AuthContext, id: string): Promise<Transaction> {
    const row = UUID.test(id) ? await transfersRepository.find(this.deps.db, auth.customerId, id) : undefined;
    if (!row) throw AppError.notFound();
    const timelines = await this.timelines([row.id]);
    return toTransaction(row, timelines.get(row.id) ?? []);
  }

  /** The customer's transfer as paying it needs it, with its quote's ways to pay (undefined: not theirs). */
  forPayment(customerId: string, id: string) {
    return transfersRepository.forPayment(this.deps.db, customerId, id);
  }

  /** Locks the transfer's row until the end of the caller's transaction (no change); undefined when unknown. */
  lock(trx: Executor, id: string) {
    return transfersRepository.lockForTransition(trx, id);
  }

  /** The way to pay chosen (docs/product/money-movement.md#payment): pay-in method, fee items, fee and total. */
  setPayIn(
    trx: Executor,
    id: string,
    values: {
      pay_in_method: 'card' | 'bank_transfer';
      fee_items: string;
      fee_total: bigint;
      total_to_pay: bigint;
      at: Date;
    },
  ): Promise<void> {
    return transfersRepository.setPayIn(trx, id, values);
  }

  /**
   * Serialises the money steps of one customer (confirms and payment starts) with a row lock on the
   * customer, taken first in the caller's transaction (docs/product/money-movement.md#limits).
   */
  lockCustomer(trx: Executor, customerId: string): Promise<void> {
    return transfersRepository.lockCustomer(trx, customerId);
  }

  /**
   * Before a payment of the customer's transfer starts, under the customer's row lock (lockCustomer,
   * in the same transaction): the customer may still send, the transfer is within the per-transfer
   * limit and, with every other transfer that counts (this one included), within the 30-day limit
   * (docs/product/money-movement.md#limits). Limits are a promise about money paid: whatever
   * happened since the confirm, no payment starts that would break them.
   */
  async ensureWithinLimits(trx: Executor, auth: AuthContext, transactionId: string): Promise<void> {
    const { canSend, missing } = this.deps.limits.eligibility(auth);
    if (!canSend) {
      throw AppError.forbidden(
        `Before you can send, finish: ${missing.map((m) => m.text).join(' ')}`.trim(),
        VERIFICATION_REQUIRED,
      );
    }
    const row = await transfersRepository.limitsOf(trx, auth.customerId, transactionId);
    if (!row) throw AppError.notFound();
    const inGbp = money(row.limits_amount, LIMITS_CURRENCY);
    const perTransfer = money(SEND_LIMITS.perTransfer, LIMITS_CURRENCY);
    if (compare(inGbp, perTransfer) > 0) {
      const source = money(row.source_amount, row.source_currency as CurrencyCode);
      throw AppError.validation({
        transaction_id: [
          `This is over your limit of ${words(perTransfer)} per transfer (${words(source)} is about ${words(inGbp)}).`,
        ],
      });
    }
    const at = this.deps.now();
    const used = await usedInLast30Days(trx)(auth.customerId, at);
    // This transfer counts already (it can be paid) unless it left the window: then add it.
    const counted =
      !NOT_COUNTED_STATUSES.includes(row.status) && row.created_at.getTime() > at.getTime() - LIMIT_WINDOW_MS;
    const others = counted ? used - inGbp.amount : used;
    const over = overRollingLimit(others, inGbp.amount);
    if (over) {
      throw AppError.validation({
        transaction_id: [`${over} Cancel a transfer you will not pay to free its amount, or wait.`],
      });
    }
  }

  /** Whether `id` names one of the customer's transfers (a malformed id: false). */
  async isCustomers(customerId: string, id: string): Promise<boolean> {
    return UUID.test(id) && (await transfersRepository.isCustomers(this.deps.db, customerId, id));
  }

  /**
   * What the public tracking page shows of a transfer, its timeline's statuses and times oldest
   * first (any customer's: the caller checked the link); undefined when unknown.
   */
  async publicView(id: string) {
    const row = await transfersRepository.publicView(this.deps.db, id);
    if (!row) return undefined;
    const events = await transfersRepository.events(this.deps.db, [row.id]);
    return { ...row, timeline: events.map((e) => ({ status: e.status, at: e.at })) };
  }

  /** Deletes the idempotency keys past their 24 hours (hourly, from app.ts). */
  sweepIdempotencyKeys(): Promise<number> {
    return idempotencyRepository.sweep(this.deps.db, this.deps.now());
  }

  private async timelines(ids: string[]): Promise<Map<string, TimelineEntry[]>> {
    const events = await transfersRepository.events(this.deps.db, ids);
    const byId = new Map<string, TimelineEntry[]>();
    for (const e of events) {
      const list = byId.get(e.transaction_id) ?? [];
      list.push({
        status: e.status,
        at: e.at.toISOString(),
        note: e.note,
        ...(e.code ? { code: e.code as TimelineCode, params: sortedParams(e.params ?? {}) } : {}),
      });
      byId.set(e.transaction_id, list);
    }
    return byId;
  }

  /** The checks and the one database transaction of a confirm (docs/product/money-movement.md#transactions). */
  private async confirm(
    auth: AuthContext,
    input: TransactionRequest,
    key: string,
    hash: string,
    origin: Pick<ClientInfo, 'socketId' | 'locale'>,
  ): Promise<Transaction> {
    const { db, limits } = this.deps;
    const customerId = auth.customerId;

    const { canSend, missing } = limits.eligibility(auth);
    if (!canSend) {
      throw AppError.forbidden(
        `Before you can send, finish: ${missing.map((m) => m.text).join(' ')}`.trim(),
        VERIFICATION_REQUIRED,
      );
    }

    // Read first without a lock (what the checks and the limits need); locked and checked again below.
    const quote = await this.deps.quotes.forConfirm(db, customerId, input.quote_id);
    if (!quote) throw AppError.validation({ quote_id: [QUOTE_NOT_FOUND] });
    const at = this.deps.now();
    const quoteState = quote.used_at ? QUOTE_USED : at.getTime() >= quote.expires_at.getTime() ? QUOTE_EXPIRED : null;
    if (quoteState) throw AppError.validation({ quote_id: [quoteState] });
    if (await this.deps.quotes.refreshedInto(db, quote.id)) {
      throw AppError.validation({ quote_id: [QUOTE_REFRESHED] });
    }

    const errors = new FieldErrorBag();
    for (const n of quote.notices as QuoteNotice[]) {
      if (n.type === 'blocked' && !LIMIT_NOTICES.has(n.code)) errors.add('quote_id', n.text);
    }
    const recipient = await this.deps.recipients.lookup(customerId, input.recipient_id, { includeDeleted: false });
    if (!recipient) errors.add('recipient_id', RECIPIENT_NOT_FOUND);
    else {
      const mismatch = recipientMismatch(quote, recipient);
      if (mismatch) errors.add('recipient_id', mismatch);
    }
    const rules = referenceRules(quote.target_country);
    const purpose = input.purpose ?? null;
    if (rules.purposeRequired && purpose === null) {
      errors.add('purpose', `Choose the purpose of this transfer: transfers to ${quote.target_country} need one.`);
    }
    const reference = (input.reference ?? '').trim();
    if (reference.length > rules.referenceMaxLength) {
      errors.add(
        'reference',
        `The reference can be at most ${rules.referenceMaxLength} characters for transfers to ${quote.target_country}.`,
      );
    }
    if (!REFERENCE_PATTERN.test(reference)) {
      errors.add('reference', "The reference can only use letters A to Z, digits, spaces and - . , / ( ) ' + ? :");
    }
    errors.throwIfAny();

    const source = money(quote.source_amount, quote.source_currency as CurrencyCode);
    const inGbp = await limits.inLimitsCurrency(source);
    const perTransfer = money(SEND_LIMITS.perTransfer, LIMITS_CURRENCY);
    if (compare(inGbp, perTransfer) > 0) {
      throw AppError.validation({
        quote_id: [
          `This is over your limit of ${words(perTransfer)} per transfer (${words(source)} is about ${words(inGbp)}).`,
        ],
      });
    }
    // docs/product/auth-and-sessions.md#password-again-after-10-minutes
    if (compare(inGbp, money(PASSWORD_AGAIN_FROM_GBP, LIMITS_CURRENCY)) >= 0) {
      await this.deps.recentAuthentication.ensure(auth, input.password, origin.locale);
    }
    const confirmedRecipient = recipient!;

    try {
      return await this.deps.uow.run(async (trx, after) => {
        // One confirm per customer at a time: the 30-day limit counts every transfer made before.
        await transfersRepository.lockCustomer(trx, customerId);
        const locked = await this.deps.quotes.lockForConfirm(trx, customerId, quote.id);
        if (!locked) throw AppError.validation({ quote_id: [QUOTE_NOT_FOUND] });
        if (locked.used_at) throw AppError.validation({ quote_id: [QUOTE_USED] });
        if (at.getTime() >= locked.expires_at.getTime()) throw AppError.validation({ quote_id: [QUOTE_EXPIRED] });
        // A refresh locks the quote it refreshes: one made before this lock is seen here.
        if (await this.deps.quotes.refreshedInto(trx, locked.id)) {
          throw AppError.validation({ quote_id: [QUOTE_REFRESHED] });
        }

        const used = await usedInLast30Days(trx)(customerId, at);
        const over = overRollingLimit(used, inGbp.amount);
        if (over) throw AppError.validation({ quote_id: [over] });

        const id = newId();
        const payBy = new Date(at.getTime() + PAY_WITHIN_MS);
        const total = money(locked.total_to_pay, locked.source_currency as CurrencyCode);
        const note: TimelineNote = {
          code: 'confirmed',
          params: { amount: total.amount.toString(), currency: total.currency, pay_by: payBy.toISOString() },
        };
        await this.deps.quotes.markUsed(trx, locked.id, at);
        await transfersRepository.insert(trx, {
          id,
          customer_id: customerId,
          quote_id: locked.id,
          recipient_id: confirmedRecipient.id,
          recipient_name: confirmedRecipient.name,
          recipient_country: confirmedRecipient.country,
          recipient_currency: confirmedRecipient.currency,
          recipient_payout_method: confirmedRecipient.payout_method,
          recipient_summary: confirmedRecipient.summary,
          // The payout goes to these details, whatever happens to the recipient later.
          recipient_details: JSON.stringify(confirmedRecipient.details),
          recipient_name_search: searchableName(confirmedRecipient.name),
          reference_search: searchableName(reference),
          source_currency: locked.source_currency,
          target_country: locked.target_country,
          target_currency: locked.target_currency,
          payout_method: locked.payout_method,
          source_amount: locked.source_amount,
          target_amount: locked.target_amount,
          fee_total: locked.fee_total,
          total_to_pay: locked.total_to_pay,
          limits_amount: inGbp.amount,
          rate: locked.rate,
          mid_market_rate: locked.mid_market_rate,
          fee_items: JSON.stringify(locked.fee_items),
          pay_in_method: locked.pay_in_method,
          purpose,
          reference,
          delivery_estimate: locked.delivery_estimate,
          status: 'awaiting_payment',
          pay_by: payBy,
          created_at: at,
          updated_at: at,
          locale: origin.locale ?? 'en',
        });
        await transfersRepository.addEvent(trx, id, 'awaiting_payment', note, at);
        // Unpaid at pay_by, it expires (docs/product/money-movement.md#transaction-statuses).
        await this.deps.jobs.enqueue(
          trx,
          TRANSFER_JOBS.expire,
          { transactionId: id },
          { runAt: payBy, uniqueKey: `${TRANSFER_JOBS.expire.name}:${id}` },
        );

        const row = await transfersRepository.find(trx, customerId, id);
        if (!row) throw AppError.internal('The transaction just made cannot be read.');
        const transaction = toTransaction(row, [
          {
            status: 'awaiting_payment',
            at: at.toISOString(),
            note: timelineEnglish(note),
            code: note.code,
            params: sortedParams(note.params),
          },
        ]);
        await idempotencyRepository.complete(trx, customerId, key, hash, { status: 201, body: transaction });

        const payload: TransactionStatusChangedPayload = { transaction_id: id, status: 'awaiting_payment' };
        after.notify(
          customerId,
          'TransactionStatusChanged',
          payload,
          origin.socketId ? { socketId: origin.socketId } : {},
        );
        return transaction;
      });
    } catch (e) {
      // The quote's unique index: another confirm of the same quote won.
      if (isUniqueViolation(e)) throw AppError.validation({ quote_id: [QUOTE_USED] });
      throw e;
    }
  }
}
