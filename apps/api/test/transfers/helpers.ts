// Shared by the transactions tests (docs/product/money-movement.md#transactions): a customer who may
// send, quotes, recipients and confirms with an Idempotency-Key.
import { randomUUID } from 'node:crypto';
import {
  Quote,
  Recipient,
  quotesEndpoints,
  recipientsEndpoints,
  transactionsEndpoints,
  type Task,
} from '@remit/contract';
import { expect, vi } from 'vitest';
import { TASKS } from '../../src/modules/tasks/tasks.service.ts';
import { Client, type TestContext } from '../helpers.ts';

export const KE_WALLET = {
  source_currency: 'GBP',
  target_country: 'KE',
  target_currency: 'KES',
  payout_method: 'mobile_wallet',
} as const;
export const DE_BANK = {
  source_currency: 'GBP',
  target_country: 'DE',
  target_currency: 'EUR',
  payout_method: 'bank_account',
} as const;
export const IN_BANK = {
  source_currency: 'GBP',
  target_country: 'IN',
  target_currency: 'INR',
  payout_method: 'bank_account',
} as const;
export const PH_WALLET = {
  source_currency: 'GBP',
  target_country: 'PH',
  target_currency: 'PHP',
  payout_method: 'mobile_wallet',
} as const;

export const M_PESA = {
  name: 'Wanjiru Kamau',
  country: 'KE',
  currency: 'KES',
  payout_method: 'mobile_wallet',
  details: { provider: 'mpesa', phone_number: '0712 344 567' },
};
export const GERMAN_IBAN = {
  name: 'Jürgen Müller',
  country: 'DE',
  currency: 'EUR',
  payout_method: 'bank_account',
  details: { iban: 'DE89 3704 0044 0532 0130 00', bic: 'DEUTDEFF' },
};
export const INDIAN_BANK = {
  name: 'Priya Sharma',
  country: 'IN',
  currency: 'INR',
  payout_method: 'bank_account',
  details: { ifsc: 'HDFC0001234', account_number: '50100012345678' },
};
export const GCASH = {
  name: 'Maria Santos',
  country: 'PH',
  currency: 'PHP',
  payout_method: 'mobile_wallet',
  details: { provider: 'gcash', phone_number: '+639171234567' },
};

export function tasks(done: (code: Task['code']) => boolean): Task[] {
  return TASKS.map((t) => ({ ...t, status: done(t.code) ? 'completed' : 'pending' }));
}

/** Every customer may send (every task done) until a test says otherwise. */
export function everyoneMaySend(ctx: TestContext) {
  return vi.spyOn(ctx.app.services.tasks, 'list').mockReturnValue(tasks(() => true));
}

export async function customer(ctx: TestContext): Promise<Client> {
  const client = new Client(ctx.app);
  await client.signUp();
  return client;
}

export async function quote(client: Client, body: object): Promise<Quote> {
  const res = await client.post(quotesEndpoints.createQuote.path, body);
  expect(res.statusCode, res.body).toBe(201);
  return Quote.parse(res.json());
}

export async function recipient(client: Client, body: object): Promise<Recipient> {
  const res = await client.post(recipientsEndpoints.createRecipient.path, body);
  expect(res.statusCode, res.body).toBe(201);
  return Recipient.parse(res.json());
}

export const newKey = (): string => randomUUID();

/** One confirm, as sent: a 403 step_up_required is the answer (the step-up's own tests use this). */
export function confirmOnce(client: Client, body: object, key: string | null = newKey()) {
  return client.post(
    transactionsEndpoints.createTransaction.path,
    body,
    key === null ? {} : { 'idempotency-key': key },
  );
}

/**
 * A confirm as the web app makes it: asked for a step-up (a large transfer, a new recipient:
 * docs/product/auth-and-sessions.md#step-up), the customer steps up with the password and the
 * request is sent again with the same key.
 */
export async function confirm(client: Client, body: object, key: string | null = newKey()) {
  const res = await confirmOnce(client, body, key);
  const answer = res.statusCode === 403 ? (res.json() as { code?: string; scope?: string }) : undefined;
  if (answer?.code !== 'step_up_required') return res;
  await client.stepUp(answer.scope);
  return confirmOnce(client, body, key);
}
