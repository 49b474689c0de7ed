// The customer and what onboarding records about them (migration 20250101000000_foundation).
// Customer-owned: emptied between tests. One file, so it moves whole to whichever module becomes
// the single writer of customers.
import type { Timestamp } from '../../db/column-types.ts';

export interface CustomersTable {
  id: string;
  crn: string;
  name: string | null;
  second_name: string | null;
  third_name: string | null;
  unique_identity_number: string | null;
  country_id: number | null;
  nationality_id: number | null;
  poi_name_check: boolean | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AddressesTable {
  id: string;
  customer_id: string;
  address_line_1: string | null;
  address_line_2: string | null;
  city: string | null;
  postcode: string | null;
  region: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CustomerAttributesTable {
  customer_id: string;
  attribute: string;
  value: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CustomersTables {
  customers: CustomersTable;
  addresses: AddressesTable;
  customer_attributes: CustomerAttributesTable;
}
