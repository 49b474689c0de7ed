import type { Migration } from 'kysely';
import * as m20250101000000 from './20250101000000_foundation.ts';
import * as m20260101000100 from './20260101000100_security.ts';
import * as m20260101000200 from './20260101000200_onboarding.ts';
import * as m20261123000050 from './20261123000050_attribute_options.ts';
import * as m20261123000100 from './20261123000100_account_verification.ts';
import * as m20261123000200 from './20261123000200_corridors.ts';
import * as m20261123000300 from './20261123000300_recipients.ts';
import * as m20261123000400 from './20261123000400_quotes.ts';
import * as m20261124000100 from './20261124000100_transactions.ts';
import * as m20261124000200 from './20261124000200_ledger.ts';
import * as m20261124000300 from './20261124000300_jobs.ts';
import * as m20261124000400 from './20261124000400_payments.ts';
import * as m20261124000500 from './20261124000500_payouts.ts';
import * as m20261126000100 from './20261126000100_money_rules.ts';
import * as m20261126000200 from './20261126000200_timeline_codes.ts';
import * as m20261126000300 from './20261126000300_passkeys.ts';
import * as m20261126000400 from './20261126000400_step_up.ts';
import * as m20261127000100 from './20261127000100_rate_alerts.ts';
import * as m20261127000400 from './20261127000400_transfer_holds.ts';
import * as m20261127000500 from './20261127000500_email_changes.ts';
import * as m20261127000300 from './20261127000300_transfer_delays.ts';
import * as m20261127000200 from './20261127000200_scheduled_transfers.ts';

/** Every migration, keyed by its timestamp-prefixed name (static imports: no fs scanning at runtime). */
export const migrations: Record<string, Migration> = {
  '20250101000000_foundation': m20250101000000,
  '20260101000100_security': m20260101000100,
  '20260101000200_onboarding': m20260101000200,
  '20261123000050_attribute_options': m20261123000050,
  '20261123000100_account_verification': m20261123000100,
  '20261123000200_corridors': m20261123000200,
  '20261123000300_recipients': m20261123000300,
  '20261123000400_quotes': m20261123000400,
  '20261124000100_transactions': m20261124000100,
  '20261124000200_ledger': m20261124000200,
  '20261124000300_jobs': m20261124000300,
  '20261124000400_payments': m20261124000400,
  '20261124000500_payouts': m20261124000500,
  '20261126000100_money_rules': m20261126000100,
  '20261126000200_timeline_codes': m20261126000200,
  '20261126000300_passkeys': m20261126000300,
  '20261126000400_step_up': m20261126000400,
  '20261127000100_rate_alerts': m20261127000100,
  '20261127000400_transfer_holds': m20261127000400,
  '20261127000300_transfer_delays': m20261127000300,
  '20261127000200_scheduled_transfers': m20261127000200,
  '20261127000500_email_changes': m20261127000500,
};
