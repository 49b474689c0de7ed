import type { Customer } from '@remit/contract';
import type { Kysely } from 'kysely';
import type { Database, Executor } from '../../db/types.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionView } from './customer.mapper.ts';
import { toCustomer } from './customer.mapper.ts';
import {
  customerRepository,
  type CustomerAddressColumns,
  type CustomerIdentityColumns,
} from './customer.repository.ts';
import type { CustomerProfileRow, SessionProfileRow } from './customer-profile.ts';

export interface CustomersServiceDeps {
  db: Kysely<Database>;
}

/**
 * A customer's profile as other modules read it (the profile query lives in this module only), and
 * the customers table's writes: this module owns the table, the others change it here inside their
 * own transaction (`trx`).
 */
export class CustomersService {
  constructor(private readonly deps: CustomersServiceDeps) {}

  /** The hot path of every authenticated request: a live session by token hash, with its customer's profile. */
  profileBySessionTokenHash(tokenHash: string): Promise<SessionProfileRow | undefined> {
    return customerRepository.findProfileBySessionTokenHash(this.deps.db, tokenHash);
  }

  profileRowById(customerId: string): Promise<CustomerProfileRow | undefined> {
    return customerRepository.findProfileById(this.deps.db, customerId);
  }

  /** The customer as the contract's Customer, read fresh after a change; 401 when the account is gone. */
  async customer(customerId: string, session: SessionView | null): Promise<Customer> {
    const profile = await this.profileRowById(customerId);
    if (!profile) throw AppError.unauthenticated();
    return toCustomer(profile, session);
  }

  /** A new customer, no details yet (sign-up; the account follows in the same transaction). */
  insert(trx: Executor, c: { customerId: string; crn: string; at: Date }): Promise<void> {
    return customerRepository.insert(trx, c);
  }

  crnExists(crn: string): Promise<boolean> {
    return customerRepository.crnExists(this.deps.db, crn);
  }

  setCountry(trx: Executor, customerId: string, countryId: number, at: Date): Promise<void> {
    return customerRepository.setCountry(trx, customerId, countryId, at);
  }

  updateIdentity(trx: Executor, customerId: string, cols: CustomerIdentityColumns, at: Date): Promise<void> {
    return customerRepository.updateIdentity(trx, customerId, cols, at);
  }

  setPoiNameCheck(trx: Executor, customerId: string, value: boolean | null, at: Date): Promise<void> {
    return customerRepository.setPoiNameCheck(trx, customerId, value, at);
  }

  /** Marks the customer changed (`updated_at`) when a detail kept elsewhere changed (the account's mobile number). */
  touch(trx: Executor, customerId: string, at: Date): Promise<void> {
    return customerRepository.touch(trx, customerId, at);
  }

  /** The customer's attribute values by attribute key (read in the caller's transaction). */
  attributeValues(trx: Executor, customerId: string): Promise<Record<string, string | null>> {
    return customerRepository.attributeValues(trx, customerId);
  }

  /** Drops the values of attributes that are not in `keep`. */
  deleteAttributesExcept(trx: Executor, customerId: string, keep: readonly string[]): Promise<void> {
    return customerRepository.deleteAttributesExcept(trx, customerId, keep);
  }

  /** Inserts or updates these attribute values. */
  upsertAttributeValues(
    trx: Executor,
    customerId: string,
    values: Record<string, string | null>,
    at: Date,
  ): Promise<void> {
    return customerRepository.upsertAttributeValues(trx, customerId, values, at);
  }

  /** Inserts or updates the customer's single address row (`id` if new); removes it when every column is empty. */
  saveAddress(trx: Executor, customerId: string, id: string, cols: CustomerAddressColumns, at: Date): Promise<void> {
    return customerRepository.saveAddress(trx, customerId, id, cols, at);
  }

  /** The customer's names and email (a receipt's sender); undefined when the customer is gone. */
  contact(customerId: string) {
    return customerRepository.contact(this.deps.db, customerId);
  }
}
