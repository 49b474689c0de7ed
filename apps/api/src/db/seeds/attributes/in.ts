import { address, dateOfBirth, employment, nationalId, nationality, westernNames } from './common.ts';
import type { AttributeSeed } from './types.ts';

/** ISO 3166-2:IN: 28 states and 8 union territories, by name. */
export const IN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;

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
