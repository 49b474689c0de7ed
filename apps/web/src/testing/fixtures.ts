import { Customer, PasswordPolicy } from '@remit/contract';

const now = '2025-01-01T10:00:00.000Z';

/** A valid customer (parsed with the contract), overridable per test. */
export function buildCustomer(
  overrides: { is_email_verified?: boolean; mfa_method?: 'email' | 'totp' | null; email?: string } = {},
): Customer {
  return Customer.parse({
    id: '6f1c2d3e-0000-4000-8000-000000000001',
    crn: 'CRN0000001',
    name: null,
    second_name: null,
    third_name: null,
    whole_name: null,
    unique_identity_number: null,
    created_at: now,
    updated_at: now,
    poi_name_check: null,
    account: {
      email: overrides.email ?? 'ada@example.com',
      is_email_verified: overrides.is_email_verified ?? false,
      password_changed_at: null,
      mobile_number: null,
      mobile_number_country: null,
      created_at: now,
      updated_at: now,
    },
    session: {
      id: 'sess-1',
      is_mfa_completed: false,
      session_token: 'public-handle',
      mfa_method: overrides.mfa_method === undefined ? null : overrides.mfa_method,
      client_version: 'Chrome 130',
      os_version: 'Linux',
      touched_at: now,
      created_at: now,
      updated_at: now,
    },
    country: null,
    nationality: null,
    address: null,
    attributes: [],
    documents: [],
    pending_documents: [],
  });
}

/** The api's default policy shape: length 12 and the four character-class rules. */
export const passwordPolicy: PasswordPolicy = PasswordPolicy.parse({
  length: { value: 12, message: 'At least 12 characters' },
  uppercase: { value: true, message: 'An uppercase letter', regex: '[A-Z]' },
  lowercase: { value: true, message: 'A lowercase letter', regex: '[a-z]' },
  digits: { value: true, message: 'A digit', regex: '[0-9]' },
  wildcard: { value: true, message: 'A special character', regex: '[^A-Za-z0-9]' },
});
