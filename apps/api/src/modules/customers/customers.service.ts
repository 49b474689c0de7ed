import type { Customer } from '@remit/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionView } from './customer.mapper.ts';
import { toCustomer } from './customer.mapper.ts';
import { customerRepository } from './customer.repository.ts';
import type { CustomerProfileRow, SessionProfileRow } from './customer-profile.ts';

export interface CustomersServiceDeps {
  db: Kysely<Database>;
}

/** A customer's profile as other modules read it (the profile query lives in this module only). */
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
}
