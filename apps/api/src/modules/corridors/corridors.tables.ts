// Corridors and rates (migration 20261123000200_corridors): reference data seeded from
// seeds/corridors.ts, and the mid-market rates (seeds/rates-snapshot.ts, then each refresh).
// bigint columns are read as `::text`.
import type { ColumnType, Generated } from 'kysely';
import type { BigintColumn, Timestamp } from '../../db/column-types.ts';

export interface CorridorPayoutMethodsTable {
  id: Generated<number>;
  country: string;
  currency: string;
  method: 'bank_account' | 'mobile_wallet' | 'cash_pickup';
  min_amount: BigintColumn;
  max_amount: BigintColumn;
  delivery_estimate: string;
  delivery_min_hours: number;
  delivery_max_hours: number;
  providers: ColumnType<{ code: string; name: string }[], string, string>;
  position: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface CorridorsTable {
  id: Generated<number>;
  send_currency: string;
  payout_method_id: number;
  min_amount: BigintColumn;
  max_amount: BigintColumn;
  fee_fixed: BigintColumn;
  fee_bps: number;
  partner_fee: BigintColumn;
  margin_bps: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PayInFeesTable {
  send_currency: string;
  method: 'bank_transfer' | 'card';
  fee_fixed: BigintColumn;
  fee_bps: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface FxRatesTable {
  id: Generated<string | number>;
  base: Generated<string>;
  currency: string;
  /** numeric: a decimal string, never a float. */
  rate: string;
  as_of: Timestamp;
  source: string;
  fetched_at: Timestamp;
}

export interface CorridorsTables {
  corridor_payout_methods: CorridorPayoutMethodsTable;
  corridors: CorridorsTable;
  pay_in_fees: PayInFeesTable;
  fx_rates: FxRatesTable;
}
