import {
  compare,
  money,
  referenceRules,
  REFERENCE_PATTERN,
  VERIFICATION_REQUIRED,
  type CurrencyCode,
  type QuoteNotice,
  type Recipient,
  type Transaction,
  type TransactionRequest,
  type TransactionStatusChangedPayload,
  toMajorWithCurrency,
} from '@remit/contract';
import { AppError, FieldErrorBag } from '../../lib/app-error.ts';
import type { ClientInfo } from '../../lib/client-info.ts';
import { newId } from '../../lib/ids.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { LIMITS_CURRENCY, SEND_LIMITS } from '../quotes/limits.service.ts';
import { searchableName } from '../recipients/checks.ts';
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
import { transfersRepository } from './transfers.repository.ts';

import { overRollingLimit, usedInLast30Days } from './transfer-limits.ts';
import { storedTransaction, toTransaction } from './transfer-view.ts';
import type { TransfersServiceDeps } from './transfers.service.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Executor } from '../../db/types.ts';
const DAY_MS = 86_400_000;
/** A recipient added less than this long ago is new (docs/product/auth-and-sessions.md#new-recipients). */
export const NEW_RECIPIENT_MS = DAY_MS;
/** The step-up scope of the first large transfer to a new recipient. */
export const newRecipientScope = (recipientId: string): string => `transfer-to-new-recipient:${recipientId}`;
/** An unpaid transfer expires this long after it is confirmed (docs/product/money-movement.md#transaction-statuses). */
export const PAY_WITHIN_MS = DAY_MS;

/** Quote notices that are worked out again when the transfer is confirmed. */
const LIMIT_NOTICES = new Set(['over_per_transfer_limit', 'over_30_day_limit']);

export const QUOTE_NOT_FOUND = 'Quote not found.';
export const QUOTE_USED = 'This quote was already used. Get a new quote.';
export const QUOTE_EXPIRED = 'This quote has expired. Refresh it to see the new rate.';
export const QUOTE_REFRESHED = 'This quote was refreshed: confirm the new quote instead.';
export const RECIPIENT_NOT_FOUND = 'Recipient not found.';

const METHOD_WORDS: Record<string, string> = {
  bank_account: 'a bank account',
  mobile_wallet: 'a mobile wallet',
  cash_pickup: 'cash pickup',
};

const words = toMajorWithCurrency;

/** What a confirm answers: the transaction, or the stored answer of an earlier request with the same key. */
export interface CreateResult {
  status: number;
  body: Transaction;
  replayed: boolean;
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
 * Confirming a transfer (docs/product/money-movement.md#transactions): from a quote and a recipient,
 * exactly once per Idempotency-Key (#idempotency) and per quote, within the limits.
 */
export class TransferConfirmation {
  constructor(private readonly deps: TransfersServiceDeps) {}

  /**
   * POST /client/v1/transactions. A key answered already gets its answer again. Otherwise the
   * confirm's transaction takes the key's lock first (a second request with the key while it runs
   * waits for nothing: 409) and stores the answer with the transfer; a refused request stores
   * nothing, so its key stays free (docs/product/money-movement.md#idempotency).
   */
  async create(
    auth: AuthContext,
    header: string | string[] | undefined,
    input: TransactionRequest,
    origin: Pick<ClientInfo, 'socketId' | 'locale'> = {},
  ): Promise<CreateResult> {
    const key = checkIdempotencyKey(header);
    const hash = requestFingerprint(input);
    const { db } = this.deps;
    const customerId = auth.customerId;
    const answered = await this.answered(db, customerId, key, hash);
    if (answered) return answered;
    try {
      return await this.confirm(auth, input, key, hash, origin);
    } catch (err) {
      // The same request, answered meanwhile by another instance (so this one found its quote used).
      const late = await this.answered(db, customerId, key, hash);
      if (late) return late;
      throw err;
    }
  }

  /**
   * Sending from the threshold or to a recipient added in the last 24 hours needs a recent step-up;
   * the first such large transfer to a new recipient, one made for it (its scope), even when the
   * customer stepped up for something else (docs/product/auth-and-sessions.md#step-up).
   */
  private async ensureStepUp(
    auth: AuthContext,
    inGbp: bigint,
    recipientId: string,
    toNewRecipient: boolean,
    origin: Pick<ClientInfo, 'locale'>,
  ): Promise<void> {
    const large = inGbp >= this.deps.stepUpThresholdGbp;
    if (!large && !toNewRecipient) return;
    const first =
      large && toNewRecipient && !(await transfersRepository.anyTo(this.deps.db, auth.customerId, recipientId));
    await this.deps.stepUp.ensure(auth, {
      locale: origin.locale,
      ...(first ? { scope: newRecipientScope(recipientId) } : {}),
    });
  }

  /** The stored answer of the key, when its request succeeded; 422 when it was another request. */
  private async answered(db: Executor, customerId: string, key: string, hash: string): Promise<CreateResult | null> {
    const held = await idempotencyRepository.find(db, customerId, key);
    if (!held || held.expires_at.getTime() <= this.deps.now().getTime()) return null;
    if (held.request_hash !== hash) throw AppError.validation({ idempotency_key: [IDEMPOTENCY_KEY_REUSED] });
    // A `running` row is a claim of an earlier version whose request died: the key is free.
    if (held.state !== 'done' || held.response_status === null) return null;
    return { status: held.response_status, body: storedTransaction(held.response_body), replayed: true };
  }

  /** The checks and the one database transaction of a confirm (docs/product/money-movement.md#transactions). */
  private async confirm(
    auth: AuthContext,
    input: TransactionRequest,
    key: string,
    hash: string,
    origin: Pick<ClientInfo, 'socketId' | 'locale'>,
  ): Promise<CreateResult> {
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
    if (quote.refreshed) throw AppError.validation({ quote_id: [QUOTE_REFRESHED] });

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
    const confirmedRecipient = recipient!;
    const toNewRecipient = at.getTime() - Date.parse(confirmedRecipient.created_at) < NEW_RECIPIENT_MS;
    await this.ensureStepUp(auth, inGbp.amount, confirmedRecipient.id, toNewRecipient, origin);

    try {
      return await this.deps.uow.run(async (trx, after): Promise<CreateResult> => {
        // The key's lock, first: held until this transaction ends (or its process dies).
        if (!(await idempotencyRepository.lock(trx, customerId, key))) throw AppError.conflict(IDEMPOTENCY_KEY_RUNNING);
        const answered = await this.answered(trx, customerId, key, hash);
        if (answered) return answered;
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
        const row = await transfersRepository.insert(trx, {
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
          ...this.deps.times.forNew(locked, at),
          status: 'awaiting_payment',
          pay_by: payBy,
          created_at: at,
          updated_at: at,
          locale: origin.locale ?? 'en',
        });
        await transfersRepository.addEvent(trx, id, 'awaiting_payment', note, at);
        // Money to a recipient added in the last 24 hours: the customer hears of it at once
        // (docs/product/auth-and-sessions.md#new-recipients).
        if (toNewRecipient) {
          await this.deps.jobs.enqueue(
            trx,
            TRANSFER_JOBS.mail,
            { transactionId: id, status: 'new_recipient' },
            { uniqueKey: `${TRANSFER_JOBS.mail.name}:${id}:new_recipient` },
          );
        }
        // Unpaid at pay_by, it expires (docs/product/money-movement.md#transaction-statuses).
        await this.deps.jobs.enqueue(
          trx,
          TRANSFER_JOBS.expire,
          { transactionId: id },
          { runAt: payBy, uniqueKey: `${TRANSFER_JOBS.expire.name}:${id}` },
        );

        const transaction = toTransaction(row, [
          {
            status: 'awaiting_payment',
            at: at.toISOString(),
            note: timelineEnglish(note),
            code: note.code,
            params: note.params,
          },
        ]);
        const stored = await idempotencyRepository.store(trx, {
          customerId,
          key,
          requestHash: hash,
          at,
          expiresAt: new Date(at.getTime() + IDEMPOTENCY_KEY_TTL_MS),
          response: { status: 201, body: transaction },
        });
        // Under the key's lock this cannot happen; were it to, the transfer is not made twice.
        if (!stored) throw AppError.conflict(IDEMPOTENCY_KEY_RUNNING);

        const payload: TransactionStatusChangedPayload = { transaction_id: id, status: 'awaiting_payment' };
        after.notify(
          customerId,
          'TransactionStatusChanged',
          payload,
          origin.socketId ? { socketId: origin.socketId } : {},
        );
        return { status: 201, body: transaction, replayed: false };
      });
    } catch (e) {
      // The quote's unique index: another confirm of the same quote won.
      if (isUniqueViolation(e)) throw AppError.validation({ quote_id: [QUOTE_USED] });
      throw e;
    }
  }
}
