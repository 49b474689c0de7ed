import { parseMajor, SEND_CURRENCIES, type CurrencyCode, type SendCurrency } from '@remit/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../types.ts';

/**
 * Corridors (docs/product/money-movement.md#corridors): every destination country and currency
 * with its real payout methods, each reachable from every send currency. Idempotent: upsert by
 * natural key (country, currency, method; send currency and payout method), ids stay stable.
 *
 * - A payout method's min/max are what one payout by it may carry, in the destination currency
 *   (e.g. an M-Pesa wallet takes at most KES 250,000 per transfer).
 * - A corridor (send currency × payout method) has the send amount's min/max, our fee (fixed in the
 *   send currency + basis points of the amount converted), the payout partner's fee and our margin
 *   over the mid-market rate.
 * - Pay-in fees depend on the send currency and the method (bank transfer or card).
 * Amounts here are in major units ("0.79"), stored in minor units.
 */

type Method = 'bank_account' | 'mobile_wallet' | 'cash_pickup';

const DELIVERY = {
  minutes: { text: 'Usually within minutes', min: 0, max: 1 },
  sameDay: { text: 'Usually the same day', min: 1, max: 12 },
  oneDay: { text: 'Within 1 business day', min: 2, max: 24 },
  twoDays: { text: '1 to 2 business days', min: 24, max: 48 },
} as const;

export interface PayoutMethodSeed {
  method: Method;
  /** Major units of the destination currency. */
  min: string;
  max: string;
  delivery: keyof typeof DELIVERY;
  providers?: readonly (readonly [code: string, name: string])[];
}

export interface DestinationSeed {
  country: string;
  currency: CurrencyCode;
  methods: readonly PayoutMethodSeed[];
}

const bank = (min: string, max: string, delivery: keyof typeof DELIVERY): PayoutMethodSeed => ({
  method: 'bank_account',
  min,
  max,
  delivery,
});

const M_PESA = ['mpesa', 'M-Pesa'] as const;
const AIRTEL_MONEY = ['airtel_money', 'Airtel Money'] as const;
const MTN_MOMO = ['mtn_momo', 'MTN MoMo'] as const;

/** Euro-area countries paid by IBAN + BIC (SEPA). */
const EURO_AREA = ['AT', 'BE', 'DE', 'ES', 'FI', 'FR', 'GR', 'IE', 'IT', 'NL', 'PT'] as const;

export const DESTINATIONS: readonly DestinationSeed[] = [
  {
    country: 'KE',
    currency: 'KES',
    methods: [
      bank('100', '1000000', 'oneDay'),
      { method: 'mobile_wallet', min: '10', max: '250000', delivery: 'minutes', providers: [M_PESA, AIRTEL_MONEY] },
    ],
  },
  {
    country: 'PH',
    currency: 'PHP',
    methods: [
      bank('100', '2000000', 'sameDay'),
      {
        method: 'mobile_wallet',
        min: '100',
        max: '100000',
        delivery: 'minutes',
        providers: [
          ['gcash', 'GCash'],
          ['maya', 'Maya'],
        ],
      },
      {
        method: 'cash_pickup',
        min: '500',
        max: '100000',
        delivery: 'minutes',
        providers: [
          ['cebuana', 'Cebuana Lhuillier'],
          ['mlhuillier', 'M Lhuillier'],
          ['palawan', 'Palawan Express'],
        ],
      },
    ],
  },
  {
    country: 'BD',
    currency: 'BDT',
    methods: [
      bank('500', '2500000', 'oneDay'),
      {
        method: 'mobile_wallet',
        min: '50',
        max: '150000',
        delivery: 'minutes',
        providers: [
          ['bkash', 'bKash'],
          ['nagad', 'Nagad'],
        ],
      },
      {
        method: 'cash_pickup',
        min: '500',
        max: '500000',
        delivery: 'sameDay',
        providers: [
          ['brac_bank', 'BRAC Bank'],
          ['sonali_bank', 'Sonali Bank'],
        ],
      },
    ],
  },
  {
    country: 'PK',
    currency: 'PKR',
    methods: [
      bank('500', '5000000', 'sameDay'),
      {
        method: 'mobile_wallet',
        min: '100',
        max: '200000',
        delivery: 'minutes',
        providers: [
          ['jazzcash', 'JazzCash'],
          ['easypaisa', 'Easypaisa'],
        ],
      },
      {
        method: 'cash_pickup',
        min: '1000',
        max: '1000000',
        delivery: 'sameDay',
        providers: [
          ['hbl', 'HBL'],
          ['meezan_bank', 'Meezan Bank'],
        ],
      },
    ],
  },
  {
    country: 'MX',
    currency: 'MXN',
    methods: [
      bank('50', '500000', 'minutes'),
      {
        method: 'cash_pickup',
        min: '100',
        max: '60000',
        delivery: 'minutes',
        providers: [
          ['elektra', 'Elektra (Banco Azteca)'],
          ['oxxo', 'OXXO'],
          ['walmart', 'Walmart'],
        ],
      },
    ],
  },
  { country: 'IN', currency: 'INR', methods: [bank('100', '2500000', 'sameDay')] },
  { country: 'BR', currency: 'BRL', methods: [bank('10', '100000', 'minutes')] },
  { country: 'TH', currency: 'THB', methods: [bank('100', '2000000', 'sameDay')] },
  { country: 'KR', currency: 'KRW', methods: [bank('10000', '7000000', 'sameDay')] },
  { country: 'VN', currency: 'VND', methods: [bank('200000', '500000000', 'sameDay')] },
  { country: 'NG', currency: 'NGN', methods: [bank('1000', '10000000', 'minutes')] },
  {
    country: 'GH',
    currency: 'GHS',
    methods: [
      bank('10', '100000', 'oneDay'),
      {
        method: 'mobile_wallet',
        min: '1',
        max: '20000',
        delivery: 'minutes',
        providers: [MTN_MOMO, ['telecel_cash', 'Telecel Cash']],
      },
    ],
  },
  {
    country: 'UG',
    currency: 'UGX',
    methods: [
      bank('10000', '50000000', 'oneDay'),
      {
        method: 'mobile_wallet',
        min: '1000',
        max: '5000000',
        delivery: 'minutes',
        providers: [MTN_MOMO, AIRTEL_MONEY],
      },
    ],
  },
  {
    country: 'TZ',
    currency: 'TZS',
    methods: [
      bank('10000', '50000000', 'oneDay'),
      { method: 'mobile_wallet', min: '1000', max: '5000000', delivery: 'minutes', providers: [M_PESA, AIRTEL_MONEY] },
    ],
  },
  { country: 'US', currency: 'USD', methods: [bank('1', '50000', 'twoDays')] },
  { country: 'CA', currency: 'CAD', methods: [bank('1', '50000', 'oneDay')] },
  { country: 'GB', currency: 'GBP', methods: [bank('1', '50000', 'minutes')] },
  ...EURO_AREA.map((country) => ({ country, currency: 'EUR' as const, methods: [bank('1', '50000', 'oneDay')] })),
];

/**
 * Per send currency, in its major units: the send amount's bounds (a wallet or cash payout at most
 * a fifth of a bank payout's), our fixed fee and the cash-pickup partner's fee.
 */
export const SEND_TERMS: Record<SendCurrency, { min: string; max: string; fee: string; cashPartnerFee: string }> = {
  GBP: { min: '1', max: '10000', fee: '0.79', cashPartnerFee: '1.99' },
  EUR: { min: '1', max: '12000', fee: '0.89', cashPartnerFee: '2.29' },
  USD: { min: '1', max: '12000', fee: '0.99', cashPartnerFee: '2.49' },
  CAD: { min: '2', max: '16000', fee: '1.39', cashPartnerFee: '3.49' },
  AUD: { min: '2', max: '18000', fee: '1.49', cashPartnerFee: '3.79' },
  NZD: { min: '2', max: '20000', fee: '1.69', cashPartnerFee: '4.19' },
  SGD: { min: '2', max: '15000', fee: '1.29', cashPartnerFee: '3.29' },
  AED: { min: '5', max: '45000', fee: '3.69', cashPartnerFee: '9.19' },
};

/** Our variable fee, in basis points of the amount converted, by payout method. */
export const FEE_BPS: Record<Method, number> = { bank_account: 35, mobile_wallet: 45, cash_pickup: 35 };

/**
 * Our margin over the mid-market rate by destination currency: none when nothing is converted,
 * then by how deep and cheap the currency's market is.
 */
const MAJOR = new Set<CurrencyCode>(['AED', 'AUD', 'CAD', 'EUR', 'GBP', 'NZD', 'SGD', 'USD']);
const EMERGING = new Set<CurrencyCode>(['BRL', 'INR', 'KRW', 'MXN', 'PHP', 'THB']);
export function marginBps(send: SendCurrency, target: CurrencyCode): number {
  if (send === target) return 0;
  if (MAJOR.has(target)) return 20;
  if (EMERGING.has(target)) return 50;
  return 100;
}

/** Pay-in fees: a bank transfer costs nothing; a card costs what the card networks charge us. */
export const PAY_IN_FEES: Record<SendCurrency, { bank_transfer: number; card: number }> = {
  GBP: { bank_transfer: 0, card: 100 },
  EUR: { bank_transfer: 0, card: 100 },
  USD: { bank_transfer: 0, card: 150 },
  CAD: { bank_transfer: 0, card: 150 },
  AUD: { bank_transfer: 0, card: 150 },
  NZD: { bank_transfer: 0, card: 150 },
  SGD: { bank_transfer: 0, card: 150 },
  AED: { bank_transfer: 0, card: 200 },
};

const minor = (major: string, currency: CurrencyCode): string => parseMajor(major, currency).toString();

/** The send amount's bounds of a corridor, minor units of the send currency. */
export function sendBounds(send: SendCurrency, method: Method): { min: bigint; max: bigint } {
  const terms = SEND_TERMS[send];
  const max = parseMajor(terms.max, send);
  return { min: parseMajor(terms.min, send), max: method === 'bank_account' ? max : max / 5n };
}

export async function seedCorridors(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [position, d] of DESTINATIONS.flatMap((d) => d.methods.map((m) => [d, m] as const)).entries()) {
      const [destination, m] = d;
      const delivery = DELIVERY[m.delivery];
      const row = await trx
        .insertInto('corridor_payout_methods')
        .values({
          country: destination.country,
          currency: destination.currency,
          method: m.method,
          min_amount: minor(m.min, destination.currency),
          max_amount: minor(m.max, destination.currency),
          delivery_estimate: delivery.text,
          delivery_min_hours: delivery.min,
          delivery_max_hours: delivery.max,
          providers: JSON.stringify((m.providers ?? []).map(([code, name]) => ({ code, name }))),
          position,
        })
        .onConflict((oc) =>
          oc.constraint('corridor_payout_methods_key').doUpdateSet((eb) => ({
            min_amount: eb.ref('excluded.min_amount'),
            max_amount: eb.ref('excluded.max_amount'),
            delivery_estimate: eb.ref('excluded.delivery_estimate'),
            delivery_min_hours: eb.ref('excluded.delivery_min_hours'),
            delivery_max_hours: eb.ref('excluded.delivery_max_hours'),
            providers: eb.ref('excluded.providers'),
            position: eb.ref('excluded.position'),
            updated_at: new Date(),
          })),
        )
        .returning('id')
        .executeTakeFirstOrThrow();

      await trx
        .insertInto('corridors')
        .values(
          SEND_CURRENCIES.map((send) => {
            const bounds = sendBounds(send, m.method);
            return {
              send_currency: send,
              payout_method_id: row.id,
              min_amount: bounds.min.toString(),
              max_amount: bounds.max.toString(),
              fee_fixed: minor(SEND_TERMS[send].fee, send),
              fee_bps: FEE_BPS[m.method],
              partner_fee: m.method === 'cash_pickup' ? minor(SEND_TERMS[send].cashPartnerFee, send) : '0',
              margin_bps: marginBps(send, destination.currency),
            };
          }),
        )
        .onConflict((oc) =>
          oc.constraint('corridors_key').doUpdateSet((eb) => ({
            min_amount: eb.ref('excluded.min_amount'),
            max_amount: eb.ref('excluded.max_amount'),
            fee_fixed: eb.ref('excluded.fee_fixed'),
            fee_bps: eb.ref('excluded.fee_bps'),
            partner_fee: eb.ref('excluded.partner_fee'),
            margin_bps: eb.ref('excluded.margin_bps'),
            updated_at: new Date(),
          })),
        )
        .execute();
    }

    await trx
      .insertInto('pay_in_fees')
      .values(
        SEND_CURRENCIES.flatMap((send) =>
          (['bank_transfer', 'card'] as const).map((method) => ({
            send_currency: send,
            method,
            fee_fixed: '0',
            fee_bps: PAY_IN_FEES[send][method],
          })),
        ),
      )
      .onConflict((oc) =>
        oc.constraint('pay_in_fees_pkey').doUpdateSet((eb) => ({
          fee_fixed: eb.ref('excluded.fee_fixed'),
          fee_bps: eb.ref('excluded.fee_bps'),
          updated_at: new Date(),
        })),
      )
      .execute();
  });
}
