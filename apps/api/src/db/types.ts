// The database as Kysely sees it: one interface composed of every owner's tables. Each table's
// interface lives beside the code that owns it (`<owner>.tables.ts`, importing only
// ./column-types.ts and kysely); adding a table means a `*.tables.ts` file and one line here.
// Everything is re-exported, so importers keep `import type { Database, Executor, PaymentsTable }
// from '../../db/types.ts'`. test/database-types.test.ts holds this to the migrated schema.
import type { Kysely, Transaction } from 'kysely';
import type { MailTables } from '../adapters/mail/mail.tables.ts';
import type { PaymentGatewayTables } from '../adapters/payment-gateway/payment-gateway.tables.ts';
import type { PayoutPartnerTables } from '../adapters/payout-partner/payout-partner.tables.ts';
import type { AuthTables } from '../modules/auth/auth.tables.ts';
import type { CorridorsTables } from '../modules/corridors/corridors.tables.ts';
import type { CustomersTables } from '../modules/customers/customers.tables.ts';
import type { DocumentsTables } from '../modules/documents/documents.tables.ts';
import type { EmailChangeTables } from '../modules/email-change/email-change.tables.ts';
import type { JobsTables } from '../modules/jobs/jobs.tables.ts';
import type { KnownDevicesTables } from '../modules/known-devices/known-devices.tables.ts';
import type { LedgerTables } from '../modules/ledger/ledger.tables.ts';
import type { MfaTables } from '../modules/mfa/mfa.tables.ts';
import type { PasskeysTables } from '../modules/passkeys/passkeys.tables.ts';
import type { PasswordsTables } from '../modules/passwords/passwords.tables.ts';
import type { PaymentsTables } from '../modules/payments/payments.tables.ts';
import type { PayoutsTables } from '../modules/payouts/payouts.tables.ts';
import type { QuotesTables } from '../modules/quotes/quotes.tables.ts';
import type { RateAlertsTables } from '../modules/rate-alerts/rate-alerts.tables.ts';
import type { RecipientsTables } from '../modules/recipients/recipients.tables.ts';
import type { ScheduledTransfersTables } from '../modules/scheduled-transfers/scheduled-transfers.tables.ts';
import type { TrackingTables } from '../modules/tracking/tracking.tables.ts';
import type { TransfersTables } from '../modules/transfers/transfers.tables.ts';
import type { WebhooksTables } from '../modules/webhooks/webhooks.tables.ts';
import type { ReferenceTables } from './reference.tables.ts';

export type * from './column-types.ts';
export type * from './reference.tables.ts';
export type * from '../adapters/mail/mail.tables.ts';
export type * from '../adapters/payment-gateway/payment-gateway.tables.ts';
export type * from '../adapters/payout-partner/payout-partner.tables.ts';
export type * from '../modules/auth/auth.tables.ts';
export type * from '../modules/corridors/corridors.tables.ts';
export type * from '../modules/customers/customers.tables.ts';
export type * from '../modules/documents/documents.tables.ts';
export type * from '../modules/email-change/email-change.tables.ts';
export type * from '../modules/jobs/jobs.tables.ts';
export type * from '../modules/known-devices/known-devices.tables.ts';
export type * from '../modules/ledger/ledger.tables.ts';
export type * from '../modules/mfa/mfa.tables.ts';
export type * from '../modules/passkeys/passkeys.tables.ts';
export type * from '../modules/passwords/passwords.tables.ts';
export type * from '../modules/payments/payments.tables.ts';
export type * from '../modules/payouts/payouts.tables.ts';
export type * from '../modules/quotes/quotes.tables.ts';
export type * from '../modules/rate-alerts/rate-alerts.tables.ts';
export type * from '../modules/recipients/recipients.tables.ts';
export type * from '../modules/scheduled-transfers/scheduled-transfers.tables.ts';
export type * from '../modules/tracking/tracking.tables.ts';
export type * from '../modules/transfers/transfers.tables.ts';
export type * from '../modules/webhooks/webhooks.tables.ts';

export interface Database
  extends
    ReferenceTables,
    CustomersTables,
    AuthTables,
    MfaTables,
    PasswordsTables,
    KnownDevicesTables,
    PasskeysTables,
    DocumentsTables,
    EmailChangeTables,
    CorridorsTables,
    RecipientsTables,
    QuotesTables,
    TransfersTables,
    LedgerTables,
    JobsTables,
    PaymentsTables,
    WebhooksTables,
    PayoutsTables,
    TrackingTables,
    ScheduledTransfersTables,
    MailTables,
    PaymentGatewayTables,
    PayoutPartnerTables,
    RateAlertsTables {}

/** What repositories run their SQL on: the database itself or a transaction a service opened. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** Customer-owned tables, emptied between tests (reference data such as countries is kept). */
export const customerOwnedTables = [
  'one_time_codes',
  'sessions',
  'webauthn_challenges',
  'passkeys',
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
  'transfer_holds',
  'idempotency_keys',
  'payments',
  'webhook_events',
  'sandbox_gateway_payments',
  'payouts',
  'sandbox_payouts',
  'tracking_links',
  'rate_alerts',
  'scheduled_transfer_runs',
  'scheduled_transfers',
  // Work queued for customers (a quote's QuoteExpiring, a transfer's steps).
  'jobs',
] as const satisfies readonly (keyof Database)[];
