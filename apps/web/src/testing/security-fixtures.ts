import { Customer } from '@remit/contract';
import { buildCustomer } from '@/testing/fixtures';

/** A customer past MFA whose onboarding is complete (country set, no required attribute missing). */
export function completeCustomer(): Customer {
  const base = buildCustomer({ is_email_verified: true, mfa_method: 'email' });
  return Customer.parse({
    ...base,
    session: base.session && { ...base.session, is_mfa_completed: true },
    country: {
      id: 826,
      iso2_alpha: 'GB',
      iso3_alpha: 'GBR',
      iso_numeric: '826',
      fips_code: 'UK',
      slug: 'united-kingdom',
      calling_code: '44',
      common_name: 'United Kingdom',
      official_name: 'United Kingdom of Great Britain and Northern Ireland',
      endonym: null,
      demonym: 'British',
    },
  });
}
