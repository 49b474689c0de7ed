import {
  convert,
  money,
  parseMinorUnits,
  parseRate,
  Quote,
  serialiseMinorUnits,
  sourceFor,
  Transaction,
  type CurrencyCode,
  type QuoteRequest,
  type Recipient,
  type TransactionRecipient,
  type TransactionRequest,
} from '@remit/contract';
import { buildRecipient, hansMueller } from './recipients-fixtures';

export const QUOTE_ID = '5f0c1e2a-0000-4000-8000-000000000001';
const MINUTE = 60_000;

/** Pricing as the api does it, for the test corridors: our fee 2.99 of the source currency, free bank transfer. */
export function priceQuote(
  request: Pick<QuoteRequest, 'source_currency' | 'target_currency'> & {
    source_amount?: string | undefined;
    target_amount?: string | undefined;
  },
  rate: string,
): Pick<Quote, 'source_amount' | 'target_amount' | 'fee' | 'total_to_pay' | 'quoted_by'> {
  const source = request.source_currency as CurrencyCode;
  const target = request.target_currency as CurrencyCode;
  const parsed = parseRate(rate);
  const sourceAmount = request.target_amount
    ? sourceFor(money(parseMinorUnits(request.target_amount), target), parsed, source).amount
    : parseMinorUnits(request.source_amount ?? '100000');
  const targetAmount = convert(money(sourceAmount, source), parsed, target).amount;
  const fee = 299n;
  return {
    quoted_by: request.target_amount ? 'target_amount' : 'source_amount',
    source_amount: serialiseMinorUnits(sourceAmount),
    target_amount: serialiseMinorUnits(targetAmount),
    fee: {
      total: serialiseMinorUnits(fee),
      items: [
        { type: 'our_fee', label: 'Our fee', amount: serialiseMinorUnits(fee) },
        { type: 'pay_in_fee', label: 'Bank transfer fee', amount: '0' },
      ],
    },
    total_to_pay: serialiseMinorUnits(sourceAmount + fee),
  };
}

/**
 * An active quote: £1,000.00 to Germany (EUR, bank account) at 1.1601 (mid-market 1.1650), £2.99 fee,
 * €1,160.10 received, 30 minutes left.
 */
export function buildQuote(overrides: Partial<Quote> = {}): Quote {
  const now = Date.now();
  const source_currency = overrides.source_currency ?? 'GBP';
  const target_currency = overrides.target_currency ?? 'EUR';
  const rate = overrides.rate ?? '1.1601';
  return Quote.parse({
    id: QUOTE_ID,
    status: 'active',
    source_currency,
    target_country: 'DE',
    target_currency,
    payout_method: 'bank_account',
    ...priceQuote({ source_currency, target_currency, source_amount: '100000' }, rate),
    rate,
    mid_market_rate: '1.165',
    rate_as_of: new Date(now - 5 * MINUTE).toISOString(),
    pay_in_method: 'bank_transfer',
    pay_in_options: [
      { method: 'bank_transfer', fee: '0', total_to_pay: '100299', available: true, reason: null },
      { method: 'card', fee: '150', total_to_pay: '100449', available: true, reason: null },
    ],
    delivery_estimate: 'Usually within 1 business day',
    expires_at: new Date(now + 30 * MINUTE).toISOString(),
    notices: [],
    refreshed_from: null,
    changes: [],
    created_at: new Date(now).toISOString(),
    ...overrides,
  });
}

/** A quote to the Philippines (PHP, bank account), where the purpose is required. */
export const philippinesQuote = (overrides: Partial<Quote> = {}): Quote =>
  buildQuote({
    target_country: 'PH',
    target_currency: 'PHP',
    rate: '72.5',
    mid_market_rate: '73.1',
    ...priceQuote({ source_currency: 'GBP', target_currency: 'PHP', source_amount: '100000' }, '72.5'),
    ...overrides,
  });

export const juanDelaCruz = (): Recipient =>
  buildRecipient({
    id: '0b7c6a52-0000-4000-8000-000000000010',
    name: 'Juan Dela Cruz',
    country: 'PH',
    currency: 'PHP',
    payout_method: 'bank_account',
    details: { account_number: '001234567890' },
    summary: 'Account ••• 7890',
  });

export { hansMueller };

/** What a transaction carries of its recipient. */
export function transactionRecipient(recipient: Recipient): TransactionRecipient {
  return {
    id: recipient.id,
    name: recipient.name,
    country: recipient.country,
    currency: recipient.currency,
    payout_method: recipient.payout_method,
    summary: recipient.summary,
  };
}

/** The transaction the api answers for a confirmation of `quote` to `recipient`. */
export function buildTransaction(
  quote: Quote,
  recipient: Recipient,
  body: TransactionRequest,
  id: string,
): Transaction {
  const now = new Date().toISOString();
  return Transaction.parse({
    id,
    status: 'awaiting_payment',
    quote_id: quote.id,
    recipient_id: recipient.id,
    recipient: transactionRecipient(recipient),
    source_currency: quote.source_currency,
    target_country: quote.target_country,
    target_currency: quote.target_currency,
    payout_method: quote.payout_method,
    source_amount: quote.source_amount,
    target_amount: quote.target_amount,
    rate: quote.rate,
    mid_market_rate: quote.mid_market_rate,
    fee: quote.fee,
    pay_in_method: quote.pay_in_method,
    total_to_pay: quote.total_to_pay,
    purpose: body.purpose ?? null,
    reference: body.reference ?? '',
    delivery_estimate: quote.delivery_estimate,
    pay_by: new Date(Date.now() + 24 * 60 * MINUTE).toISOString(),
    created_at: now,
    updated_at: now,
    timeline: [{ status: 'awaiting_payment', at: now, note: null }],
    expected_at: new Date(Date.now() + 26 * 60 * MINUTE).toISOString(),
    step_expected_at: null,
    delay: null,
  });
}
