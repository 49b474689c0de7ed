// The partner's port (everything of payout-partner.ts), then the sandbox partner that implements it.
export * from './payout-partner.ts';
export {
  ACCOUNT_CLOSED,
  DETAILS_REJECTED,
  heldUntil,
  isHeldForHoliday,
  isClosedAccount,
  SANDBOX_PAYOUT_SIGNATURE_HEADER,
  SandboxPayoutPartner,
  type SandboxPayoutPartnerOptions,
} from './sandbox-partner.ts';
export { MemorySandboxPayoutStore, type SandboxPayoutRecord, type SandboxPayoutStore } from './sandbox-store.ts';
export { DbSandboxPayoutStore } from './db-sandbox-store.ts';
