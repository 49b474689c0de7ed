import type { Selectable } from 'kysely';
import type { DocumentJson } from '../documents/document.mapper.ts';
import type { AccountsTable, CountryJson, CustomersTable, MfaMethodColumn } from '../../db/types.ts';

/** The shapes the profile query returns (customer.repository.ts); mapped to the contract in customer.mapper.ts. */

export interface AddressJson {
  address_line_1: string | null;
  address_line_2: string | null;
  city: string | null;
  postcode: string | null;
  region: string | null;
  created_at: string;
  updated_at: string;
}

/** Everything needed to answer a Customer, loaded in one query. */
export interface CustomerProfileRow
  extends
    Pick<
      Selectable<CustomersTable>,
      | 'id'
      | 'crn'
      | 'name'
      | 'second_name'
      | 'third_name'
      | 'unique_identity_number'
      | 'poi_name_check'
      | 'created_at'
      | 'updated_at'
    >,
    Pick<Selectable<AccountsTable>, 'email' | 'email_verified_at' | 'password_changed_at' | 'mobile_number'> {
  account_mfa_method: MfaMethodColumn;
  account_created_at: Date;
  account_updated_at: Date;
  country: CountryJson | null;
  nationality: CountryJson | null;
  mobile_number_country: CountryJson | null;
  address: AddressJson | null;
  /** The customer's attribute values (customer_attributes), or null when there are none. */
  attribute_values: Record<string, string | null> | null;
  /** The newest documents with their pages, newest first, or null when there are none. */
  documents: DocumentJson[] | null;
}

export interface SessionColumns {
  s_id: string;
  s_customer_id: string;
  s_public_token: string;
  s_is_mfa_completed: boolean;
  s_mfa_method: MfaMethodColumn | null;
  s_client_version: string | null;
  s_os_version: string | null;
  s_touched_at: Date | null;
  s_last_authenticated_at: Date;
  s_step_up_scope: string | null;
  s_expires_at: Date;
  s_created_at: Date;
  s_updated_at: Date;
}

export type SessionProfileRow = SessionColumns & CustomerProfileRow;
