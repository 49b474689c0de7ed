import type { BankDetails, PaymentMethodOption, Transaction } from '@remit/contract';
import { buildTransfer, type TransferSeed } from './dashboard-fixtures';

/** A transfer waiting for payment: to Amina Otieno, GBP 100.00 (+1.99 fee), pay by a day from now. */
export function awaitingTransfer(seed: TransferSeed = {}): Transaction {
  const created = new Date(Date.now() - 60_000).toISOString();
  return buildTransfer({
    status: 'awaiting_payment',
    created_at: created,
    updated_at: created,
    pay_by: new Date(Date.parse(created) + 24 * 3600_000).toISOString(),
    reference: 'Rent March',
    timeline: [
      {
        status: 'awaiting_payment',
        at: created,
        note: 'Transfer confirmed. Waiting for your payment of 101.99 GBP.',
      },
    ],
    ...seed,
  });
}

/** The two ways to pay a GBP 101.99 transfer: card (1 % fee, instant), bank transfer (free). */
export function paymentMethods(
  overrides: Partial<Record<'card' | 'bank_transfer', Partial<PaymentMethodOption>>> = {},
) {
  return [
    {
      method: 'card' as const,
      fee: '102',
      total_to_pay: '10301',
      currency: 'GBP',
      available: true,
      reason: null,
      speed: 'Instant',
      ...overrides.card,
    },
    {
      method: 'bank_transfer' as const,
      fee: '0',
      total_to_pay: '10199',
      currency: 'GBP',
      available: true,
      reason: null,
      speed: 'Usually within 2 hours',
      ...overrides.bank_transfer,
    },
  ];
}

/** Our sandbox account (docs/product/payments.md#sandbox-behaviour). */
export function sandboxBankDetails(seed: Partial<BankDetails> = {}): BankDetails {
  return {
    account_name: 'Remit Sandbox Client Funds',
    sort_code: '04-00-04',
    account_number: '12345678',
    iban: 'GB33BUKB20201555555555',
    bic: 'BUKBGB22',
    reference: 'SBXAB12CD34',
    amount: '10199',
    currency: 'GBP',
    ...seed,
  };
}

/** A timeline entry appended to a transfer with its new status. */
export function withStatus(
  transaction: Transaction,
  status: Transaction['status'],
  note: string | null = null,
): Transaction {
  const at = new Date().toISOString();
  return { ...transaction, status, updated_at: at, timeline: [...transaction.timeline, { status, at, note }] };
}
