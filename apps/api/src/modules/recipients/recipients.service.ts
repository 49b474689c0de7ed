import {
  RECIPIENT_NAME_MAX_LENGTH,
  type Recipient,
  type RecipientList,
  type RecipientListQuery,
  type RecipientRequest,
  type RecipientReveal,
  type RecipientRequirements,
  type RecipientRequirementsRequest,
} from '@remit/contract';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError, emptyFieldErrors, type FieldErrors } from '../../lib/app-error.ts';
import type { ClientInfo } from '../../lib/client-info.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { UUID, newId } from '../../lib/ids.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { StepUp } from '../step-up/step-up.service.ts';
import { checkRecipientName, searchableName } from './checks.ts';
import { recipientsRepository, type RecipientRow, type RecipientValues } from './recipients.repository.ts';
import { checkDetails, findRequirementSet, maskDetails, requirementsOf } from './requirements.ts';

export const DUPLICATE_RECIPIENT = 'You already have this recipient.';
export const INVALID_CURSOR = 'The cursor is invalid.';
const DEFAULT_PAGE = 20;

export interface RecipientsServiceDeps {
  db: Kysely<Database>;
  uow: UnitOfWork;
  now: Clock;
  /** Adding, editing and deleting need a recent step-up (docs/product/auth-and-sessions.md#step-up). */
  stepUp: Pick<StepUp, 'ensure'>;
}

/**
 * A recipient. Every answer of the recipients calls has the details masked (`masked: true`): only
 * reveal answers them in full, after a step-up. Other modules get them in full (`lookup`: a
 * transfer's snapshot, what the payout uses).
 */
export function toRecipient(row: RecipientRow, opts: { masked: boolean } = { masked: false }): Recipient {
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    currency: row.currency,
    payout_method: row.payout_method,
    details: opts.masked ? maskDetails(row.country, row.currency, row.payout_method, row.details) : row.details,
    details_masked: opts.masked,
    summary: row.summary,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Opaque list cursor: the last row's (name_search, id). */
export const encodeCursor = (row: Pick<RecipientRow, 'name_search' | 'id'>): string =>
  Buffer.from(JSON.stringify([row.name_search, row.id])).toString('base64url');

function decodeCursor(cursor: string): [string, string] | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string') {
      return UUID.test(value[1]) ? [value[0], value[1]] : null;
    }
  } catch {
    // not base64url JSON
  }
  return null;
}

/**
 * Recipients (docs/product/money-movement.md#recipients): the requirements schema of each
 * destination, and the customer's recipients checked against it. Every id is checked against the
 * asking customer (another customer's, an unknown, a malformed and a deleted id: the same 404).
 */
export class RecipientsService {
  constructor(private readonly deps: RecipientsServiceDeps) {}

  /** The fields of `details` for a destination, refined by the details chosen so far. */
  requirements(input: RecipientRequirementsRequest): RecipientRequirements {
    const found = findRequirementSet(input.country, input.currency, input.payout_method);
    if (!found.ok) throw AppError.validation(found.errors);
    return requirementsOf(input.country, input.currency, input.payout_method, found.set, input.details);
  }

  async list(auth: AuthContext, query: RecipientListQuery): Promise<RecipientList> {
    const after = query.cursor !== undefined ? decodeCursor(query.cursor) : null;
    if (query.cursor !== undefined && after === null) throw AppError.validation({ cursor: [INVALID_CURSOR] });
    const contains = query.search !== undefined ? searchableName(query.search) : '';
    const limit = query.limit ?? DEFAULT_PAGE;
    const rows = await recipientsRepository.listLive(this.deps.db, auth.customerId, {
      contains: contains === '' ? null : contains,
      after,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      data: page.map((r) => toRecipient(r, { masked: true })),
      next_cursor: rows.length > limit && last ? encodeCursor(last) : null,
    };
  }

  async get(auth: AuthContext, id: string): Promise<Recipient> {
    const row = UUID.test(id) ? await recipientsRepository.find(this.deps.db, auth.customerId, id) : undefined;
    if (!row) throw AppError.notFound();
    return toRecipient(row, { masked: true });
  }

  /** The details in full, after a recent step-up (the route says `stepUp: true`); 404 as `get`. */
  async reveal(auth: AuthContext, id: string): Promise<RecipientReveal> {
    const row = UUID.test(id) ? await recipientsRepository.find(this.deps.db, auth.customerId, id) : undefined;
    if (!row) throw AppError.notFound();
    return { details: row.details };
  }

  /**
   * A recipient of this customer for other modules (a transfer names its recipient; a past transfer
   * still shows a deleted one), or null.
   */
  async lookup(customerId: string, id: string, opts: { includeDeleted: boolean }): Promise<Recipient | null> {
    if (!UUID.test(id)) return null;
    const row = await recipientsRepository.find(this.deps.db, customerId, id, opts);
    return row ? toRecipient(row, { masked: false }) : null;
  }

  async create(auth: AuthContext, input: RecipientRequest, origin: ClientInfo = {}): Promise<Recipient> {
    // The details are checked first: a mistake is told before the step-up is asked for.
    const values = this.checked(input);
    await this.deps.stepUp.ensure(auth, { locale: origin.locale });
    const at = this.deps.now();
    try {
      const row = await this.deps.uow.run(async (trx) => {
        if (await recipientsRepository.findLiveByFingerprint(trx, auth.customerId, values.fingerprint)) {
          throw AppError.conflict(DUPLICATE_RECIPIENT);
        }
        return recipientsRepository.insert(trx, {
          id: newId(),
          customer_id: auth.customerId,
          ...values,
          created_at: at,
          updated_at: at,
        });
      });
      return toRecipient(row, { masked: true });
    } catch (e) {
      // Two adds of the same recipient at once: the partial unique index keeps one.
      if (isUniqueViolation(e)) throw AppError.conflict(DUPLICATE_RECIPIENT);
      throw e;
    }
  }

  /** A full replacement of name, destination and details. */
  async update(auth: AuthContext, id: string, input: RecipientRequest, origin: ClientInfo = {}): Promise<Recipient> {
    if (!UUID.test(id) || !(await recipientsRepository.find(this.deps.db, auth.customerId, id))) {
      throw AppError.notFound();
    }
    const values = this.checked(input);
    await this.deps.stepUp.ensure(auth, { locale: origin.locale });
    const at = this.deps.now();
    try {
      const row = await this.deps.uow.run(async (trx) => {
        if (await recipientsRepository.findLiveByFingerprint(trx, auth.customerId, values.fingerprint, id)) {
          throw AppError.conflict(DUPLICATE_RECIPIENT);
        }
        const updated = await recipientsRepository.update(trx, auth.customerId, id, values, at);
        if (!updated) throw AppError.notFound();
        return updated;
      });
      return toRecipient(row, { masked: true });
    } catch (e) {
      if (isUniqueViolation(e)) throw AppError.conflict(DUPLICATE_RECIPIENT);
      throw e;
    }
  }

  /** Gone from the list and from GET; the row stays for the transfers made to it. */
  async remove(auth: AuthContext, id: string, origin: ClientInfo = {}): Promise<void> {
    if (!UUID.test(id)) throw AppError.notFound();
    await this.deps.stepUp.ensure(auth, { locale: origin.locale });
    const at = this.deps.now();
    await this.deps.uow.run(async (trx) => {
      if (!(await recipientsRepository.softDelete(trx, auth.customerId, id, at))) throw AppError.notFound();
    });
  }

  /** Name, destination and every detail checked (one 422 with all the errors), as stored. */
  private checked(input: RecipientRequest): RecipientValues {
    const errors: FieldErrors = emptyFieldErrors();
    const name = checkRecipientName(input.name, RECIPIENT_NAME_MAX_LENGTH);
    if (!name.ok) errors.name = [name.message];
    const found = findRequirementSet(input.country, input.currency, input.payout_method);
    if (!found.ok) {
      Object.assign(errors, found.errors);
      throw AppError.validation(errors);
    }
    const details = checkDetails(input.country, found.set, input.details);
    if (!details.ok) Object.assign(errors, details.errors);
    if (!name.ok || !details.ok) throw AppError.validation(errors);
    const nameSearch = searchableName(name.name);
    return {
      name: name.name,
      name_search: nameSearch,
      country: input.country,
      currency: input.currency,
      payout_method: input.payout_method,
      details: JSON.stringify(details.details),
      summary: details.summary,
      // The same person (name ignoring case, accents and punctuation) and the same account.
      fingerprint: sha256Hex(
        JSON.stringify([input.country, input.currency, input.payout_method, nameSearch, details.identity]),
      ),
    };
  }
}
