import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction } from 'kysely';

/** timestamptz: read as Date, written as Date or ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type MfaMethodColumn = 'email' | 'totp';
export type OneTimeCodePurpose = 'email_verification' | 'mfa' | 'password_reset';

export interface CountriesTable {
  id: number;
  iso2_alpha: string;
  iso3_alpha: string;
  iso_numeric: string;
  fips_code: string | null;
  slug: string;
  calling_code: string | null;
  common_name: string;
  official_name: string;
  endonym: string | null;
  demonym: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

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

export interface AccountsTable {
  customer_id: string;
  /** Always stored lowercased; unique. */
  email: string;
  password_hash: string;
  email_verified_at: NullableTimestamp;
  password_changed_at: NullableTimestamp;
  mobile_number: string | null;
  mobile_number_country_id: number | null;
  mfa_method: Generated<MfaMethodColumn>;
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

export interface SessionsTable {
  id: string;
  /** sha256 (hex) of the opaque cookie token; the token itself is never stored. */
  token_hash: string;
  /** Public, non-secret handle (Customer.session.session_token). */
  public_token: string;
  customer_id: string;
  is_mfa_completed: Generated<boolean>;
  mfa_method: MfaMethodColumn | null;
  client_version: string | null;
  os_version: string | null;
  ip: string | null;
  touched_at: NullableTimestamp;
  last_authenticated_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OneTimeCodesTable {
  id: string;
  customer_id: string;
  session_id: string | null;
  purpose: OneTimeCodePurpose;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: Timestamp;
}

export interface Database {
  countries: CountriesTable;
  customers: CustomersTable;
  accounts: AccountsTable;
  addresses: AddressesTable;
  customer_attributes: CustomerAttributesTable;
  sessions: SessionsTable;
  one_time_codes: OneTimeCodesTable;
  mail_outbox: MailOutboxTable;
}

export type SessionRow = Selectable<SessionsTable>;
export type NewCountry = Insertable<CountriesTable>;

/** Customer-owned tables, emptied between tests (reference data such as countries is kept). */
export const customerOwnedTables = [
  'one_time_codes',
  'sessions',
  'customer_attributes',
  'addresses',
  'accounts',
  'customers',
  'mail_outbox',
  'documents',
  'document_pages',
  'upload_targets',
  'provider_tokens',
  'recipients',
  'quotes',
  'transactions',
  'transaction_events',
  'idempotency_keys',
  'payments',
  'webhook_events',
  'sandbox_gateway_payments',
  'payouts',
  'sandbox_payouts',
  'tracking_links',
  // Work queued for customers (a quote's QuoteExpiring, a transfer's steps).
  'jobs',
] as const;

// ---- Security (email verification, MFA, password reset, known devices): migration 20260101000100_security ----
// Declared as a separate block and merged into Database by interface declaration merging.

export interface MfaTotpTable {
  customer_id: string;
  secret_enc: string | null;
  pending_secret_enc: string | null;
  pending_created_at: NullableTimestamp;
  enabled_at: NullableTimestamp;
  /** bigint: read as string by pg, written as number. */
  last_used_step: ColumnType<string | number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MfaRecoveryCodesTable {
  id: string;
  customer_id: string;
  code_hash: string;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface PasswordResetTokensTable {
  id: string;
  customer_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface KnownDevicesTable {
  customer_id: string;
  fingerprint: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface Database {
  mfa_totp: MfaTotpTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  password_reset_tokens: PasswordResetTokensTable;
  known_devices: KnownDevicesTable;
}
// ---- end security ----

// ---- Onboarding (attribute definitions, documents): migration 20260101000200_onboarding ----
// A separate block merged into Database by interface declaration merging. `documents` rows are
// customer-owned and emptied between tests through the cascade from `customers`.

export type AttributeCategoryColumn = 'identity' | 'address' | 'employment';
export type DocumentStatusColumn = 'pending' | 'in_review' | 'approved' | 'rejected' | 'expired';

export interface AttributeDefinitionsTable {
  /** A country's iso2 code, or 'default'. */
  scope: string;
  attribute: string;
  category: AttributeCategoryColumn;
  position: number;
  label: string;
  info_text: string | null;
  mask: string | null;
  regular_expression: string | null;
  expression_error_message: string | null;
  is_required: boolean;
  /** jsonb `[{ value, label }]` of a choice attribute, null for free text (migration 20261123000050). */
  options: ColumnType<{ value: string; label: string }[] | null, string | null, string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface DocumentsTable {
  id: string;
  customer_id: string;
  document_category_code: string;
  document_type_code: string;
  status_code: DocumentStatusColumn;
  status_title: string;
  extracted_data: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  // Account verification (migration 20261123000100_account_verification):
  document_number: ColumnType<string | null, string | null | undefined, string | null>;
  status_reason_code: ColumnType<string | null, string | null | undefined, string | null>;
  status_reason: ColumnType<string | null, string | null | undefined, string | null>;
  reviewed_at: NullableTimestamp;
  source: ColumnType<DocumentSourceColumn, DocumentSourceColumn | undefined, DocumentSourceColumn>;
  file_names: ColumnType<string[] | null, string | null | undefined, string | null>;
}

export interface Database {
  attribute_definitions: AttributeDefinitionsTable;
  documents: DocumentsTable;
}
// ---- end onboarding ----

// ---- Account verification: migration 20261123000100_account_verification ----
// Categories and types are reference data (seeds/documents.ts); pages, upload targets and provider
// tokens are customer-owned (cascade from customers or documents).

export type DocumentSourceColumn = 'api' | 'direct' | 'provider';
type Jsonb<T> = ColumnType<T, string, string>;

export interface DocumentCategoriesTable {
  id: Generated<number>;
  code: string;
  title: string;
  description: string | null;
  required_in: ColumnType<string[] | null, string | null, string | null>;
  position: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface DocumentTypesTable {
  id: Generated<number>;
  category_id: number;
  code: string;
  title: string;
  description: string | null;
  info: string | null;
  document_number_label: string | null;
  public_upload: boolean;
  api: string | null;
  min_pages: number;
  max_pages: number;
  sides: ColumnType<('front' | 'back')[] | null, string | null, string | null>;
  accepted_types: Jsonb<string[]>;
  max_page_bytes: number;
  position: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface DocumentPagesTable {
  id: string;
  document_id: string;
  position: number;
  side: 'front' | 'back' | null;
  storage_key: string;
  content_type: string;
  size: number;
  sha256: string;
  created_at: Timestamp;
}

export interface UploadTargetsTable {
  id: string;
  customer_id: string;
  document_category_code: string;
  document_type_code: string;
  file_name: string;
  file_type: string;
  storage_key: string;
  max_bytes: number;
  expires_at: Timestamp;
  uploaded_at: NullableTimestamp;
  size: ColumnType<number | null, number | null | undefined, number | null>;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface ProviderTokensTable {
  id: string;
  customer_id: string;
  kind: 'session' | 'liveness';
  api: string;
  document_type_code: string | null;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface Database {
  document_categories: DocumentCategoriesTable;
  document_types: DocumentTypesTable;
  document_pages: DocumentPagesTable;
  upload_targets: UploadTargetsTable;
  provider_tokens: ProviderTokensTable;
}
// ---- end account verification ----

// ---- ledger (docs/product/ledger.md) ----
/** bigint balances: written as bigint or text, read as text through `::text` in the repository. */
type LedgerBalance = ColumnType<string, bigint | string | undefined, string>;

export interface LedgerAccountsTable {
  id: string;
  type: string;
  currency: string;
  balance_rule: 'none' | 'debits_must_not_exceed_credits' | 'credits_must_not_exceed_debits';
  debits_pending: LedgerBalance;
  debits_posted: LedgerBalance;
  credits_pending: LedgerBalance;
  credits_posted: LedgerBalance;
  created_at: Timestamp;
}

export interface LedgerEntriesTable {
  id: string;
  journal_id: string;
  kind: 'posted' | 'pending' | 'post_pending' | 'void_pending';
  debit_account_id: string;
  credit_account_id: string;
  amount: ColumnType<string, bigint | string, never>;
  currency: string;
  pending_id: string | null;
  code: string;
  transaction_id: string | null;
  created_at: Timestamp;
}

export interface Database {
  ledger_accounts: LedgerAccountsTable;
  ledger_entries: LedgerEntriesTable;
}
// ---- end ledger ----

// ---- durable jobs (docs/product/system.md#durable-jobs) ----
export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: string;
  name: string;
  payload: ColumnType<unknown, string, string>;
  status: JobStatus;
  unique_key: string | null;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: number;
  locked_by: string | null;
  locked_until: NullableTimestamp;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database {
  jobs: JobsTable;
}
// ---- end durable jobs ----

// ---- payments (docs/product/money-movement.md#payment): migration 20261124000400_payments ----
export type PaymentStatusColumn = 'pending' | 'succeeded' | 'failed';

export interface PaymentsTable {
  id: string;
  transaction_id: string;
  customer_id: string;
  provider: string;
  provider_payment_id: string | null;
  method: 'card' | 'bank_transfer';
  /** What is due, in minor units of `currency`. */
  amount: BigintColumn;
  currency: string;
  status: PaymentStatusColumn;
  failure_reason: string | null;
  redirect_url: string | null;
  /** jsonb: the bank details of a bank transfer. */
  bank_details: ColumnType<unknown, string | null | undefined, string | null>;
  refunded_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The webhook inbox: each provider event once (docs/product/money-movement.md#webhooks). */
export interface WebhookEventsTable {
  provider: string;
  event_id: string;
  type: string;
  payment_id: string | null;
  /** What receiving it did: applied, ignored, mismatch, unknown_payment. */
  outcome: string;
  received_at: Timestamp;
}

/** The sandbox gateway's own state (adapters/payment-gateway/sandbox-store.ts). */
export interface SandboxGatewayPaymentsTable {
  provider_payment_id: string;
  payment_id: string;
  transaction_id: string;
  amount: BigintColumn;
  currency: string;
  method: string;
  return_url: string;
  customer_email: string;
  description: string | null;
  status: string;
  failure_reason: string | null;
  page_token: string;
  reference: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database {
  payments: PaymentsTable;
  webhook_events: WebhookEventsTable;
  sandbox_gateway_payments: SandboxGatewayPaymentsTable;
}
// ---- end payments ----

/** What repositories run their SQL on: the database itself or a transaction a service opened. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** A countries row as reference data (the in-memory country catalog), without bookkeeping columns. */
export type CountryJson = Omit<Selectable<CountriesTable>, 'created_at' | 'updated_at'>;

// ---- Corridors and rates: migration 20261123000200_corridors ----
// Reference data seeded from seeds/corridors.ts, and the mid-market rates (seeds/rates-snapshot.ts,
// then each refresh). bigint columns: read as string by pg and as number by PGlite, so repositories
// read them as `::text`.

type BigintColumn = ColumnType<string | number, bigint | string, bigint | string>;

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

export interface Database {
  corridor_payout_methods: CorridorPayoutMethodsTable;
  corridors: CorridorsTable;
  pay_in_fees: PayInFeesTable;
  fx_rates: FxRatesTable;
}
// ---- end corridors and rates ----

// ---- Recipients: migration 20261123000300_recipients ----
// Customer-owned (cascade from customers); a deleted recipient keeps its row (deleted_at).

export interface RecipientsTable {
  id: string;
  customer_id: string;
  name: string;
  name_search: string;
  country: string;
  currency: string;
  payout_method: 'bank_account' | 'mobile_wallet' | 'cash_pickup';
  /** jsonb: the details keyed by the requirement keys, as stored. */
  details: ColumnType<Record<string, string>, string, string>;
  summary: string;
  fingerprint: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface Database {
  recipients: RecipientsTable;
}
// ---- end recipients ----

// ---- Quotes: migration 20261123000400_quotes ----
// Customer-owned (cascade from customers). bigint columns are read as `::text` (see above).

export interface QuotesTable {
  id: string;
  customer_id: string;
  source_currency: string;
  target_country: string;
  target_currency: string;
  payout_method: 'bank_account' | 'mobile_wallet' | 'cash_pickup';
  quoted_by: 'source_amount' | 'target_amount';
  requested_amount: BigintColumn;
  source_amount: BigintColumn;
  target_amount: BigintColumn;
  fee_total: BigintColumn;
  total_to_pay: BigintColumn;
  rate: string;
  mid_market_rate: string;
  rate_as_of: Timestamp;
  pay_in_method: 'bank_transfer' | 'card';
  /** jsonb, as answered: [{ type, label, amount }]. */
  fee_items: ColumnType<unknown, string, string>;
  /** jsonb, as answered: [{ method, fee, total_to_pay, available, reason }]. */
  pay_in_options: ColumnType<unknown, string, string>;
  /** jsonb, as answered: [{ type, code, text, link }]. */
  notices: ColumnType<unknown, string, string>;
  /** jsonb: [{ field, from, to }] against `refreshed_from`. */
  changes: ColumnType<unknown, string, string>;
  delivery_estimate: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  refreshed_from: string | null;
  created_at: Timestamp;
}

export interface Database {
  quotes: QuotesTable;
}
// ---- end quotes ----

// ---- Transactions: migration 20261124000100_transactions ----
// Customer-owned (cascade from customers). bigint columns are read as `::text` (see above).

export type TransactionStatusColumn =
  | 'awaiting_payment'
  | 'payment_processing'
  | 'paid'
  | 'processing'
  | 'completed'
  | 'cancelled'
  | 'payment_failed'
  | 'expired'
  | 'returned'
  | 'refunded';

export interface TransactionsTable {
  id: string;
  customer_id: string;
  quote_id: string;
  recipient_id: string;
  recipient_name: string;
  recipient_country: string;
  recipient_currency: string;
  recipient_payout_method: 'bank_account' | 'mobile_wallet' | 'cash_pickup';
  recipient_summary: string;
  /**
   * jsonb: the recipient's payout details as confirmed, keyed by the requirement keys (migration
   * 20261126000100). The payout goes to these, whatever happens to the recipient later.
   */
  recipient_details: ColumnType<Record<string, string>, string, string>;
  recipient_name_search: string;
  reference_search: string;
  source_currency: string;
  target_country: string;
  target_currency: string;
  payout_method: 'bank_account' | 'mobile_wallet' | 'cash_pickup';
  source_amount: BigintColumn;
  target_amount: BigintColumn;
  fee_total: BigintColumn;
  total_to_pay: BigintColumn;
  /** The send amount in GBP minor units at the mid-market rate when confirmed (the 30-day limit). */
  limits_amount: BigintColumn;
  rate: string;
  mid_market_rate: string;
  /** jsonb, as quoted: [{ type, label, amount }]. */
  fee_items: ColumnType<unknown, string, string>;
  pay_in_method: 'bank_transfer' | 'card';
  purpose: string | null;
  reference: string;
  delivery_estimate: string;
  status: TransactionStatusColumn;
  pay_by: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The language the customer confirmed in: the transfer's mails use it (migration 20261124000400). */
  locale: ColumnType<string, string | undefined, string>;
}

export interface TransactionEventsTable {
  id: Generated<string | number>;
  transaction_id: string;
  status: TransactionStatusColumn;
  note: string | null;
  at: Timestamp;
}

export interface IdempotencyKeysTable {
  customer_id: string;
  key: string;
  /** sha256 hex of the canonical JSON body. */
  request_hash: string;
  state: 'running' | 'done';
  response_status: number | null;
  /** jsonb: the answer as sent. */
  response_body: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface Database {
  transactions: TransactionsTable;
  transaction_events: TransactionEventsTable;
  idempotency_keys: IdempotencyKeysTable;
}
// ---- end transactions ----

// ---- Payouts: migration 20261124000500_payouts ----
// Customer-owned (cascade from transactions). bigint columns are read as `::text`.

export interface PayoutsTable {
  id: string;
  transaction_id: string;
  customer_id: string;
  partner: string;
  partner_reference: string | null;
  recipient_id: string | null;
  /** jsonb: the recipient as sent to the partner ({ name, country, currency, payout_method, details }). */
  recipient: ColumnType<unknown, string, string>;
  amount: BigintColumn;
  currency: string;
  source_amount: BigintColumn;
  source_currency: string;
  status: 'processing' | 'completed' | 'returned';
  return_reason: string | null;
  /** jsonb: the ids of the pending ledger entries this payout posts or voids. */
  pending_entry_ids: ColumnType<unknown, string, string>;
  /** When the customer was told the partner has not taken it yet (migration 20261126000100). */
  delay_noticed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The sandbox payout partner's own state (adapters/payout-partner/sandbox-store.ts). */
export interface SandboxPayoutsTable {
  partner_reference: string;
  payout_id: string;
  transaction_id: string;
  amount: BigintColumn;
  currency: string;
  recipient: ColumnType<unknown, string, string>;
  status: string;
  return_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TrackingLinksTable {
  transaction_id: string;
  /** sha256 hex of the token. */
  token_hash: string;
  created_at: Timestamp;
}

export interface Database {
  payouts: PayoutsTable;
  sandbox_payouts: SandboxPayoutsTable;
  tracking_links: TrackingLinksTable;
}
// ---- end payouts ----
