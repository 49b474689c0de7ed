import {
  addDays,
  isCurrencyCode,
  maxAmount,
  MAX_SCHEDULE_DAYS_AHEAD,
  MAX_SCHEDULES,
  referenceRules,
  REFERENCE_PATTERN,
  SCHEDULE_AMOUNT_BOTH,
  SCHEDULE_AMOUNT_NEITHER,
  SCHEDULE_AMOUNT_ZERO,
  SCHEDULE_DATE_FAR,
  SCHEDULE_DATE_PAST,
  SCHEDULE_TOO_MANY,
  scheduleDay,
  firstRunOnOrAfter,
  quoteAmountTooLarge,
  utcDate,
  type ScheduleFrequency,
  type ScheduleRunError,
  type ScheduledTransfer,
  type ScheduledTransferList,
  type ScheduledTransferRequest,
  type ScheduledTransferUpdate,
  type TransferPurpose,
} from '@remit/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError, FieldErrorBag } from '../../lib/app-error.ts';
import type { ClientInfo } from '../../lib/client-info.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId, UUID } from '../../lib/ids.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { CorridorsService } from '../corridors/corridors.service.ts';
import type { RecipientsService } from '../recipients/recipients.service.ts';
import type { StepUp } from '../step-up/step-up.service.ts';
import { scheduledTransfersRepository as repo, type ScheduleRow } from './scheduled-transfers.repository.ts';

/** An amount in a currency we do not know is refused past this many digits (a SQL bigint holds 18). */
const MAX_AMOUNT_DIGITS = 15;
export const SCHEDULE_NOT_RESUMABLE = 'This schedule has ended: make a new one.';
export const SCHEDULE_ONCE_PAST = 'This date has passed: choose a new date to resume it.';

export interface ScheduledTransfersServiceDeps {
  db: Kysely<Database>;
  uow: UnitOfWork;
  now: Clock;
  recipients: Pick<RecipientsService, 'lookup'>;
  corridors: Pick<CorridorsService, 'corridor'>;
  /** Creating and changing a schedule needs a recent step-up (docs/product/scheduled-transfers.md#step-up). */
  stepUp: Pick<StepUp, 'ensure'>;
}

export function toScheduledTransfer(row: ScheduleRow): ScheduledTransfer {
  return {
    id: row.id,
    recipient_id: row.recipient_id,
    recipient_name: row.recipient_name,
    source_currency: row.source_currency,
    target_currency: row.target_currency,
    target_country: row.target_country,
    payout_method: row.payout_method,
    source_amount: row.source_amount,
    target_amount: row.target_amount,
    purpose: row.purpose as TransferPurpose | null,
    reference: row.reference,
    frequency: row.frequency,
    day: row.day,
    next_run_on: row.next_run_on,
    status: row.status,
    last_run: row.last_run_on
      ? {
          on: row.last_run_on,
          transaction_id: row.last_run_transaction_id,
          error:
            row.last_run_error_code !== null
              ? { code: row.last_run_error_code as ScheduleRunError, text: row.last_run_error_text ?? '' }
              : null,
        }
      : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Exactly one amount, above zero: `{ source }` or `{ target }` in minor units, or the errors. */
function checkAmounts(
  input: { source_amount?: string | undefined; target_amount?: string | undefined },
  currencies: { source: string; target: string },
  errors: FieldErrorBag,
): { source: bigint | null; target: bigint | null } | null {
  const { source_amount: s, target_amount: t } = input;
  if ((s === undefined) === (t === undefined)) {
    errors.add('source_amount', s !== undefined ? SCHEDULE_AMOUNT_BOTH : SCHEDULE_AMOUNT_NEITHER);
    return null;
  }
  const field = s !== undefined ? 'source_amount' : 'target_amount';
  const text = (s ?? t)!;
  const value = BigInt(text);
  if (value <= 0n) {
    errors.add(field, SCHEDULE_AMOUNT_ZERO);
    return null;
  }
  // Within the currency's largest amount, in the quote's words (docs/product/money-movement.md#money);
  // what the run's quote converts is bounded again on the day.
  const currency = s !== undefined ? currencies.source : currencies.target;
  const largest = isCurrencyCode(currency) ? maxAmount(currency) : null;
  if (largest && value > largest.amount) {
    errors.add(field, quoteAmountTooLarge(largest));
    return null;
  }
  if (text.replace(/^0+/, '').length > MAX_AMOUNT_DIGITS) {
    errors.add(field, 'This amount is too large.');
    return null;
  }
  return s !== undefined ? { source: value, target: null } : { source: null, target: value };
}

/**
 * Scheduled transfers (docs/product/scheduled-transfers.md): the customer's schedules to their saved
 * recipients. Another customer's, an unknown and a malformed id are the same 404; so is a recipient
 * that is not the customer's (or deleted) in a request.
 */
export class ScheduledTransfersService {
  constructor(private readonly deps: ScheduledTransfersServiceDeps) {}

  private today(): string {
    return utcDate(this.deps.now());
  }

  private checkDate(date: string, errors: FieldErrorBag): void {
    const today = this.today();
    if (date < today) errors.add('next_run_on', SCHEDULE_DATE_PAST);
    else if (date > addDays(today, MAX_SCHEDULE_DAYS_AHEAD)) errors.add('next_run_on', SCHEDULE_DATE_FAR);
  }

  async list(auth: AuthContext): Promise<ScheduledTransferList> {
    const rows = await repo.list(this.deps.db, auth.customerId);
    return { data: rows.map(toScheduledTransfer) };
  }

  async get(auth: AuthContext, id: string): Promise<ScheduledTransfer> {
    return toScheduledTransfer(await this.owned(auth, id));
  }

  private async owned(auth: AuthContext, id: string): Promise<ScheduleRow> {
    const row = UUID.test(id) ? await repo.find(this.deps.db, auth.customerId, id) : undefined;
    if (!row) throw AppError.notFound();
    return row;
  }

  async create(
    auth: AuthContext,
    input: ScheduledTransferRequest,
    origin: Pick<ClientInfo, 'locale'> = {},
  ): Promise<ScheduledTransfer> {
    const recipient = await this.deps.recipients.lookup(auth.customerId, input.recipient_id, { includeDeleted: false });
    if (!recipient) throw AppError.notFound();
    const errors = new FieldErrorBag();
    const amounts = checkAmounts(input, { source: input.source_currency, target: recipient.currency }, errors);
    this.checkDate(input.next_run_on, errors);
    const corridor = this.deps.corridors.corridor(
      input.source_currency,
      recipient.country,
      recipient.currency,
      recipient.payout_method,
    );
    if (!corridor) {
      errors.add('source_currency', `We don't send from ${input.source_currency} to this recipient.`);
    }
    const rules = referenceRules(recipient.country);
    const purpose = input.purpose ?? null;
    if (rules.purposeRequired && purpose === null) {
      errors.add('purpose', `Choose the purpose of this transfer: transfers to ${recipient.country} need one.`);
    }
    const reference = (input.reference ?? '').trim();
    if (reference.length > rules.referenceMaxLength) {
      errors.add(
        'reference',
        `The reference can be at most ${rules.referenceMaxLength} characters for transfers to ${recipient.country}.`,
      );
    } else if (!REFERENCE_PATTERN.test(reference)) {
      errors.add('reference', "The reference can only use letters A to Z, digits, spaces and - . , / ( ) ' + ? :");
    }
    errors.throwIfAny();
    // A mistake is told before the step-up is asked for (as recipients do).
    await this.deps.stepUp.ensure(auth, { locale: origin.locale });

    const id = newId();
    const at = this.deps.now();
    await this.deps.uow.run(async (trx) => {
      // One change of a customer's schedules at a time (the cap).
      await trx.selectFrom('customers').select('id').where('id', '=', auth.customerId).forUpdate().execute();
      if ((await repo.countOpen(trx, auth.customerId)) >= MAX_SCHEDULES) throw AppError.conflict(SCHEDULE_TOO_MANY);
      await repo.insert(trx, {
        id,
        customer_id: auth.customerId,
        recipient_id: recipient.id,
        source_currency: input.source_currency,
        target_currency: recipient.currency,
        target_country: recipient.country,
        payout_method: recipient.payout_method,
        source_amount: amounts!.source,
        target_amount: amounts!.target,
        purpose,
        reference,
        frequency: input.frequency,
        day: scheduleDay(input.frequency, input.next_run_on),
        next_run_on: input.next_run_on,
        status: 'active',
        locale: origin.locale ?? 'en',
        last_run_on: null,
        last_run_transaction_id: null,
        last_run_error_code: null,
        last_run_error_text: null,
        created_at: at,
        updated_at: at,
      });
    });
    return this.get(auth, id);
  }

  /**
   * Changes a schedule. Pausing alone needs no step-up (it only stops money); any other change does.
   * Resuming a recurring schedule whose date went by moves it to its next date from today; a `once`
   * schedule needs a new date.
   */
  async update(
    auth: AuthContext,
    id: string,
    input: ScheduledTransferUpdate,
    origin: Pick<ClientInfo, 'locale'> = {},
  ): Promise<ScheduledTransfer> {
    const row = await this.owned(auth, id);
    const errors = new FieldErrorBag();
    const amountGiven = input.source_amount !== undefined || input.target_amount !== undefined;
    const currencies = { source: row.source_currency, target: row.target_currency };
    const amounts = amountGiven ? checkAmounts(input, currencies, errors) : null;
    if (input.next_run_on !== undefined) this.checkDate(input.next_run_on, errors);
    if (row.status === 'ended' && input.status === 'active') errors.add('status', SCHEDULE_NOT_RESUMABLE);
    const frequency: ScheduleFrequency = input.frequency ?? row.frequency;
    const status = input.status ?? row.status;
    let next = input.next_run_on ?? row.next_run_on;
    const anchor = input.next_run_on ?? row.next_run_on;
    const day =
      input.next_run_on !== undefined || input.frequency !== undefined
        ? scheduleDay(frequency, anchor ?? this.today())
        : row.day;
    if (status === 'active' && row.status !== 'ended' && next !== null && next < this.today()) {
      next = firstRunOnOrAfter(frequency, next, day, this.today());
      if (next === null) errors.add('next_run_on', SCHEDULE_ONCE_PAST);
    }
    errors.throwIfAny();
    const onlyPausing =
      !amountGiven && input.frequency === undefined && input.next_run_on === undefined && input.status !== 'active';
    if (!onlyPausing) await this.deps.stepUp.ensure(auth, { locale: origin.locale });

    await this.deps.uow.run(async (trx) => {
      const locked = await repo.lock(trx, row.id);
      if (!locked || locked.customer_id !== auth.customerId) throw AppError.notFound();
      await repo.update(trx, row.id, {
        ...(amounts ? { source_amount: amounts.source, target_amount: amounts.target } : {}),
        frequency,
        day,
        ...(locked.status !== 'ended' ? { next_run_on: next, status } : {}),
        updated_at: this.deps.now(),
      });
    });
    return this.get(auth, row.id);
  }

  /** Deletes a schedule; the transfers its runs created stay. */
  async remove(auth: AuthContext, id: string): Promise<void> {
    if (!UUID.test(id)) throw AppError.notFound();
    const removed = await this.deps.uow.run((trx) => repo.remove(trx, auth.customerId, id));
    if (!removed) throw AppError.notFound();
  }
}
