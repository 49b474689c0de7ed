import {
  CorridorsResponse,
  Recipient,
  type RecipientDetails,
  type RecipientRequirements,
  type RecipientRequirementsQuery,
  type RequirementField,
} from '@remit/contract';

const field = (seed: Partial<RequirementField> & Pick<RequirementField, 'key' | 'name'>): RequirementField => ({
  type: 'text',
  required: true,
  example: null,
  min_length: null,
  max_length: null,
  validation_regexp: null,
  values_allowed: [],
  refresh_requirements_on_change: false,
  ...seed,
});

const method = (name: 'bank_account' | 'mobile_wallet' | 'cash_pickup') => ({
  method: name,
  min_amount: '100',
  max_amount: '10000000',
  delivery_estimate: 'Usually within minutes',
  delivery_hours: { min: 0, max: 1 },
  providers: [],
  pricing: [],
});

/** GET /client/v1/corridors: Kenya (KES wallet or bank), the United States (USD bank), Germany (EUR bank). */
export function corridors(): CorridorsResponse {
  return CorridorsResponse.parse({
    send_currencies: ['GBP'],
    destinations: [
      {
        country: 'KE',
        name: 'Kenya',
        currencies: [{ currency: 'KES', payout_methods: [method('mobile_wallet'), method('bank_account')] }],
      },
      {
        country: 'US',
        name: 'United States',
        currencies: [{ currency: 'USD', payout_methods: [method('bank_account')] }],
      },
      { country: 'DE', name: 'Germany', currencies: [{ currency: 'EUR', payout_methods: [method('bank_account')] }] },
    ],
    pay_in_methods: [],
  });
}

const WALLETS = [
  { key: 'mpesa', name: 'M-Pesa' },
  { key: 'airtel_money', name: 'Airtel Money' },
];

/**
 * The requirements the api answers for the test destinations, refined by the details so far like the
 * api: a KE wallet asks for the provider first and the number once one is chosen (here, to show the
 * refresh); a US account's number is named by its type.
 */
export function requirementsFor(
  destination: Pick<RecipientRequirementsQuery, 'country' | 'currency' | 'payout_method'>,
  details: RecipientDetails = {},
): RecipientRequirements | null {
  const { country, currency, payout_method } = destination;
  const answer = (fields: RequirementField[]) => ({ country, currency, payout_method, fields });
  if (country === 'KE' && payout_method === 'mobile_wallet') {
    const provider = WALLETS.find((w) => w.key === details.provider);
    const fields = [
      field({
        key: 'provider',
        name: 'Wallet provider',
        type: 'select',
        values_allowed: WALLETS,
        refresh_requirements_on_change: true,
      }),
    ];
    if (provider) {
      fields.push(
        field({
          key: 'phone_number',
          name: `${provider.name} number`,
          example: '+254712345678',
          min_length: 7,
          max_length: 20,
          validation_regexp: '^\\+?[0-9 ]{7,20}$',
        }),
      );
    }
    return answer(fields);
  }
  if (country === 'US' && payout_method === 'bank_account') {
    const types = [
      { key: 'checking', name: 'Checking' },
      { key: 'savings', name: 'Savings' },
    ];
    const typeName = types.find((t) => t.key === details.account_type)?.name ?? 'Checking';
    return answer([
      field({
        key: 'account_type',
        name: 'Account type',
        type: 'radio',
        values_allowed: types,
        refresh_requirements_on_change: true,
      }),
      field({
        key: 'routing_number',
        name: 'Routing number (ABA)',
        example: '026009593',
        min_length: 9,
        max_length: 9,
        validation_regexp: '^[0-9]{9}$',
      }),
      field({
        key: 'account_number',
        name: `${typeName} account number`,
        example: '12345678901',
        min_length: 4,
        max_length: 17,
        validation_regexp: '^[0-9]{4,17}$',
      }),
    ]);
  }
  if (country === 'DE' && payout_method === 'bank_account') {
    return answer([
      field({
        key: 'iban',
        name: 'IBAN',
        example: 'DE89 3704 0044 0532 0130 00',
        min_length: 22,
        max_length: 27,
        validation_regexp: '^[Dd][Ee][0-9 ]{20,25}$',
      }),
      field({ key: 'bic', name: 'BIC (SWIFT code)', required: false, example: 'DEUTDEFF' }),
    ]);
  }
  return null;
}

const at = '2026-11-01T10:00:00.000Z';

export function buildRecipient(overrides: Partial<Recipient> = {}): Recipient {
  return Recipient.parse({
    id: '0b7c6a52-0000-4000-8000-000000000001',
    name: 'Amina Otieno',
    country: 'KE',
    currency: 'KES',
    payout_method: 'mobile_wallet',
    details: { provider: 'mpesa', phone_number: '+254712345678' },
    // As stored: recipients-handlers answers them masked, as the api does, and in full from reveal.
    details_masked: false,
    summary: 'M-Pesa ••• 5678',
    created_at: at,
    updated_at: at,
    ...overrides,
  });
}

export const hansMueller = (): Recipient =>
  buildRecipient({
    id: '0b7c6a52-0000-4000-8000-000000000002',
    name: 'Hans Müller',
    country: 'DE',
    currency: 'EUR',
    payout_method: 'bank_account',
    details: { iban: 'DE89370400440532013000', bic: 'DEUTDEFF' },
    summary: 'IBAN ••• 3000',
  });

/** `count` recipients named "Recipient 01"…, for paging. */
export function manyRecipients(count: number): Recipient[] {
  return Array.from({ length: count }, (_, i) =>
    buildRecipient({
      id: `0b7c6a52-0000-4000-8000-${String(100 + i).padStart(12, '0')}`,
      name: `Recipient ${String(i + 1).padStart(2, '0')}`,
    }),
  );
}
