import type { Money } from '@remit/contract';
import type { PartnerPayoutStatus, PayoutRecipient } from './payout-partner.ts';

/** What the sandbox partner keeps of a payout (its own state: docs/product/payments.md#sandbox-behaviour). */
export interface SandboxPayoutRecord {
  partnerReference: string;
  payoutId: string;
  transactionId: string;
  amount: Money;
  recipient: PayoutRecipient;
  status: PartnerPayoutStatus;
  returnReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The sandbox partner's storage (in memory; the wiring may keep it in the database). */
export interface SandboxPayoutStore {
  insert(record: SandboxPayoutRecord): Promise<void>;
  get(partnerReference: string): Promise<SandboxPayoutRecord | undefined>;
  findByPayoutId(payoutId: string): Promise<SandboxPayoutRecord | undefined>;
  /** Applies `patch` only while the status is one of `from`; answers the updated record, else undefined. */
  transition(
    partnerReference: string,
    from: readonly PartnerPayoutStatus[],
    patch: Pick<SandboxPayoutRecord, 'status' | 'returnReason' | 'updatedAt'>,
  ): Promise<SandboxPayoutRecord | undefined>;
}

export class MemorySandboxPayoutStore implements SandboxPayoutStore {
  private readonly byRef = new Map<string, SandboxPayoutRecord>();

  async insert(record: SandboxPayoutRecord): Promise<void> {
    if (this.byRef.has(record.partnerReference)) throw new Error('sandbox payout partner: duplicate reference');
    for (const r of this.byRef.values()) {
      if (r.payoutId === record.payoutId) throw new Error('sandbox payout partner: duplicate payoutId');
    }
    this.byRef.set(record.partnerReference, { ...record });
  }

  async get(partnerReference: string): Promise<SandboxPayoutRecord | undefined> {
    const found = this.byRef.get(partnerReference);
    return found ? { ...found } : undefined;
  }

  async findByPayoutId(payoutId: string): Promise<SandboxPayoutRecord | undefined> {
    for (const r of this.byRef.values()) if (r.payoutId === payoutId) return { ...r };
    return undefined;
  }

  async transition(
    partnerReference: string,
    from: readonly PartnerPayoutStatus[],
    patch: Pick<SandboxPayoutRecord, 'status' | 'returnReason' | 'updatedAt'>,
  ): Promise<SandboxPayoutRecord | undefined> {
    const found = this.byRef.get(partnerReference);
    if (!found || !from.includes(found.status)) return undefined;
    const next = { ...found, ...patch };
    this.byRef.set(partnerReference, next);
    return { ...next };
  }
}
