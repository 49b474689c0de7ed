import {
  convert,
  CorridorsResponse,
  money,
  parseRate,
  Quote,
  sourceFor,
  Transaction,
  type CurrencyCode,
  type PayoutMethod,
  type QuoteRequest,
} from '@remit/contract';

const method = (name: PayoutMethod, estimate = 'Usually within minutes') => ({
  method: name,
  min_amount: '100',
  max_amount: '100000000000',
  delivery_estimate: estimate,
  delivery_hours: { min: 0, max: 1 },
  providers: [],
  pricing: [],
});

/**
 * GET /client/v1/corridors for the dashboard: GBP, EUR and USD; Kenya (KES: wallet or bank), the
 * Philippines (PHP: bank, wallet, cash pickup), Nigeria (NGN or USD, to choose a currency), Japan
 * (JPY, no decimals) and Kuwait (KWD, three decimals).
 */
export function dashboardCorridors(): CorridorsResponse {
  return CorridorsResponse.parse({
    send_currencies: ['GBP', 'EUR', 'USD'],
    destinations: [
      {
        country: 'KE',
        name: 'Kenya',
        currencies: [
          { currency: 'KES', payout_methods: [method('mobile_wallet'), method('bank_account', 'In 1 day')] },
        ],
      },
      {
        country: 'PH',
        name: 'Philippines',
        currencies: [
          {
            currency: 'PHP',
            payout_methods: [method('bank_account', 'In 1 day'), method('mobile_wallet'), method('cash_pickup')],
          },
        ],
      },
      {
        country: 'NG',
        name: 'Nigeria',
        currencies: [
          { currency: 'NGN', payout_methods: [method('bank_account')] },
          { currency: 'USD', payout_methods: [method('bank_account')] },
        ],
      },
      { country: 'JP', name: 'Japan', currencies: [{ currency: 'JPY', payout_methods: [method('bank_account')] }] },
      { country: 'KW', name: 'Kuwait', currencies: [{ currency: 'KWD', payout_methods: [method('bank_account')] }] },
    ],
    pay_in_methods: [],
  });
}

/** Our rate and the mid-market rate per target currency (per one GBP, EUR or USD alike, for tests). */
export const TEST_RATES: Record<string, { rate: string; mid: string }> = {
  KES: { rate: '165.25', mid: '166.9191' },
  PHP: { rate: '73.5', mid: '74.1' },
  NGN: { rate: '2100.5', mid: '2121.7' },
  USD: { rate: '1.25', mid: '1.2625' },
  JPY: { rate: '190.5', mid: '192.4' },
  KWD: { rate: '0.385', mid: '0.3889' },
};

let quotes = 0;

/**
 * A quote for a request as the api prices it: by send amount, target = source × rate rounded down;
 * by receive amount, the smallest source that gives at least the amount asked. A flat fee of 1.99
 * in the send currency.
 */
export function quoteFor(request: QuoteRequest, seed: Partial<Quote> = {}): Quote {
  quotes += 1;
  const source = request.source_currency as CurrencyCode;
  const target = request.target_currency as CurrencyCode;
  const rates = TEST_RATES[target] ?? { rate: '1.5', mid: '1.51' };
  const rate = parseRate(rates.rate);
  const sourceAmount =
    request.source_amount !== undefined
      ? money(request.source_amount, source)
      : sourceFor(money(request.target_amount ?? '0', target), rate, source);
  const targetAmount = convert(sourceAmount, rate, target);
  const fee = 199n;
  const now = new Date();
  return Quote.parse({
    id: `7d1b1f0e-0000-4000-8000-${String(quotes).padStart(12, '0')}`,
    status: 'active',
    source_currency: source,
    target_country: request.target_country,
    target_currency: target,
    payout_method: request.payout_method,
    quoted_by: request.source_amount !== undefined ? 'source_amount' : 'target_amount',
    source_amount: sourceAmount.amount.toString(),
    target_amount: targetAmount.amount.toString(),
    rate: rates.rate,
    mid_market_rate: rates.mid,
    rate_as_of: now.toISOString(),
    fee: { total: fee.toString(), items: [{ type: 'our_fee', label: 'Our fee', amount: fee.toString() }] },
    pay_in_method: 'bank_transfer',
    total_to_pay: (sourceAmount.amount + fee).toString(),
    pay_in_options: [
      {
        method: 'bank_transfer',
        fee: '0',
        total_to_pay: (sourceAmount.amount + fee).toString(),
        available: true,
        reason: null,
      },
    ],
    delivery_estimate: 'Usually within minutes',
    expires_at: new Date(now.getTime() + 30 * 60_000).toISOString(),
    notices: [],
    refreshed_from: null,
    changes: [],
    created_at: now.toISOString(),
    ...seed,
  });
}

export interface TransferSeed extends Partial<Omit<Transaction, 'recipient'>> {
  recipient?: Partial<Transaction['recipient']>;
}

let transfers = 0;

/** A transfer to Amina Otieno (a KES M-Pesa wallet) by default, from GBP 100.00. */
export function buildTransfer(seed: TransferSeed = {}): Transaction {
  transfers += 1;
  const { recipient: recipientSeed, ...rest } = seed;
  const recipient = {
    id: '0b7c6a52-0000-4000-9000-000000000001',
    name: 'Amina Otieno',
    country: 'KE',
    currency: 'KES',
    payout_method: 'mobile_wallet' as const,
    summary: 'M-Pesa ••• 5678',
    ...recipientSeed,
  };
  const created = rest.created_at ?? '2026-11-20T10:00:00.000Z';
  return Transaction.parse({
    id: `5e0c1d2a-0000-4000-a000-${String(transfers).padStart(12, '0')}`,
    status: 'completed',
    quote_id: '7d1b1f0e-0000-4000-8000-999999999999',
    recipient_id: recipient.id,
    recipient,
    source_currency: 'GBP',
    target_country: recipient.country,
    target_currency: recipient.currency,
    payout_method: recipient.payout_method,
    source_amount: '10000',
    target_amount: '1652500',
    rate: '165.25',
    mid_market_rate: '166.9191',
    fee: { total: '199', items: [{ type: 'our_fee', label: 'Our fee', amount: '199' }] },
    pay_in_method: 'bank_transfer',
    total_to_pay: '10199',
    purpose: 'family_support',
    reference: '',
    delivery_estimate: 'Usually within minutes',
    pay_by: created,
    created_at: created,
    updated_at: created,
    timeline: [{ status: 'awaiting_payment', at: created, note: null }],
    expected_at: new Date(Date.parse(created) + 26 * 3600_000).toISOString(),
    step_expected_at: null,
    delay: null,
    ...rest,
  });
}

/** Hans Müller, a EUR bank account in Germany. */
export const hansRecipient = {
  id: '0b7c6a52-0000-4000-9000-000000000002',
  name: 'Hans Müller',
  country: 'DE',
  currency: 'EUR',
  payout_method: 'bank_account' as const,
  summary: 'IBAN ••• 3000',
};
