// The gateway's port (every type of payment-gateway.ts), then the sandbox gateway that implements it.
export type * from './payment-gateway.ts';
export {
  SANDBOX_BANK_ACCOUNT,
  SANDBOX_GATEWAY_PATH,
  SANDBOX_GATEWAY_SIGNATURE_HEADER,
  SandboxGateway,
  type SandboxGatewayOptions,
  type SendWebhook,
} from './sandbox-gateway.ts';
export { sandboxGatewayPages, type SandboxGatewayPagesOptions } from './sandbox-pages.ts';
export { MemorySandboxGatewayStore, type SandboxGatewayStore, type SandboxPaymentRecord } from './sandbox-store.ts';
export { TimerScheduler, type Schedule } from './scheduler.ts';
export { TEST_CARDS, checkCard, luhnValid, type TestCard } from './test-cards.ts';
export { DbSandboxGatewayStore } from './db-sandbox-store.ts';
