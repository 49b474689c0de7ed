export type {
  PartnerPayout,
  PartnerPayoutStatus,
  PayoutEvent,
  PayoutEventType,
  PayoutPartner,
  PayoutRecipient,
  StartedPayout,
  StartPayoutInput,
} from './payout-partner.ts';
export { PayoutRefused } from './payout-partner.ts';
export {
  ACCOUNT_CLOSED,
  DETAILS_REJECTED,
  isClosedAccount,
  SANDBOX_PAYOUT_SIGNATURE_HEADER,
  SandboxPayoutPartner,
  type SandboxPayoutPartnerOptions,
} from './sandbox-partner.ts';
export { MemorySandboxPayoutStore, type SandboxPayoutRecord, type SandboxPayoutStore } from './sandbox-store.ts';
export { DbSandboxPayoutStore } from './db-sandbox-store.ts';
