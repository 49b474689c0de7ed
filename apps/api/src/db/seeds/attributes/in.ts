import { address, dateOfBirth, employment, nationalId, nationality, westernNames } from './common.ts';
import type { AttributeOption } from '@remit/contract';
import type { AttributeSeed } from './types.ts';
import { option } from './types.ts';

/** ISO 3166-2:IN: 28 states and 8 union territories, by name. */
export const IN_STATES: readonly AttributeOption[] = [
  option('Andaman and Nicobar Islands'),
  option('Andhra Pradesh'),
  option('Arunachal Pradesh'),
  option('Assam'),
  option('Bihar'),
  option('Chandigarh'),
  option('Chhattisgarh'),
  option('Dadra and Nagar Haveli and Daman and Diu'),
  option('Delhi'),
  option('Goa'),
  option('Gujarat'),
  option('Haryana'),
  option('Himachal Pradesh'),
  option('Jammu and Kashmir'),
  option('Jharkhand'),
  option('Karnataka'),
  option('Kerala'),
  option('Ladakh'),
  option('Lakshadweep'),
  option('Madhya Pradesh'),
  option('Maharashtra'),
  option('Manipur'),
  option('Meghalaya'),
  option('Mizoram'),
  option('Nagaland'),
  option('Odisha'),
  option('Puducherry'),
  option('Punjab'),
  option('Rajasthan'),
  option('Sikkim'),
  option('Tamil Nadu'),
  option('Telangana'),
  option('Tripura'),
  option('Uttar Pradesh'),
  option('Uttarakhand'),
  option('West Bengal'),
];

/** India: PAN (5 letters with the holder-type 4th letter, 4 digits, a letter), 6-digit PIN code, state/UT. */
export const inSet: AttributeSeed[] = [
  ...westernNames(),
  dateOfBirth(),
  nationality(),
  nationalId(
    'Permanent Account Number (PAN)',
    '^[A-Z]{3}[ABCFGHLJPT][A-Z]\\d{4}[A-Z]$',
    'Enter a valid 10-character PAN, e.g. ABCPE1234F.',
    {
      mask: 'AAAAA9999A',
    },
  ),
  ...address({
    postcodeLabel: 'PIN code',
    postcodeRegex: '^[1-9]\\d{5}$',
    postcodeMessage: 'Enter a 6-digit PIN code, e.g. 110001.',
    postcodeMask: '999999',
    regionLabel: 'State or union territory',
    regions: IN_STATES,
    regionRequired: true,
  }),
  ...employment('INR'),
];
