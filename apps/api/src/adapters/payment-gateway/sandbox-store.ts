import type { CreatePaymentInput, GatewayPaymentStatus, PaymentFailureReason } from './payment-gateway.ts';

/**
 * The sandbox gateway's own state of a payment, not ours (docs/product/payments.md#sandbox-behaviour):
 * what it was asked to create (`description` null when none was given), and what became of it.
 */
export interface SandboxPaymentRecord extends Omit<CreatePaymentInput, 'description'> {
  providerPaymentId: string;
  description: string | null;
  status: GatewayPaymentStatus;
  failureReason: PaymentFailureReason | null;
  /** The hosted page's per-payment anti-forgery token (hidden field, checked on every POST). */
  pageToken: string;
  /** The bank-transfer reference (null for a card payment). */
  reference: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The sandbox gateway's storage: in memory for tests and a single process; the wiring may keep it in
 * the database. `transition` is a compare-and-set, so a double-submitted form decides once.
 */
export interface SandboxGatewayStore {
  insert(record: SandboxPaymentRecord): Promise<void>;
  get(providerPaymentId: string): Promise<SandboxPaymentRecord | undefined>;
  findByPaymentId(paymentId: string): Promise<SandboxPaymentRecord | undefined>;
  /** Applies `patch` only while the status is one of `from`; answers the updated record, else undefined. */
  transition(
    providerPaymentId: string,
    from: readonly GatewayPaymentStatus[],
    patch: Pick<SandboxPaymentRecord, 'status' | 'failureReason' | 'updatedAt'>,
  ): Promise<SandboxPaymentRecord | undefined>;
}

export class MemorySandboxGatewayStore implements SandboxGatewayStore {
  private readonly byId = new Map<string, SandboxPaymentRecord>();

  async insert(record: SandboxPaymentRecord): Promise<void> {
    if (this.byId.has(record.providerPaymentId)) throw new Error('sandbox gateway: duplicate payment id');
    this.byId.set(record.providerPaymentId, { ...record });
  }

  async get(providerPaymentId: string): Promise<SandboxPaymentRecord | undefined> {
    const found = this.byId.get(providerPaymentId);
    return found ? { ...found } : undefined;
  }

  async findByPaymentId(paymentId: string): Promise<SandboxPaymentRecord | undefined> {
    for (const r of this.byId.values()) if (r.paymentId === paymentId) return { ...r };
    return undefined;
  }

  async transition(
    providerPaymentId: string,
    from: readonly GatewayPaymentStatus[],
    patch: Pick<SandboxPaymentRecord, 'status' | 'failureReason' | 'updatedAt'>,
  ): Promise<SandboxPaymentRecord | undefined> {
    const found = this.byId.get(providerPaymentId);
    if (!found || !from.includes(found.status)) return undefined;
    const next = { ...found, ...patch };
    this.byId.set(providerPaymentId, next);
    return { ...next };
  }
}
