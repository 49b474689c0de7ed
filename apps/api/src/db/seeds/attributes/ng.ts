import { address, dateOfBirth, employment, nationalId, nationality, text, westernNames } from './common.ts';
import type { AttributeOption } from '@remit/contract';
import type { AttributeSeed } from './types.ts';
import { option } from './types.ts';

/** ISO 3166-2:NG: the 36 states and the Federal Capital Territory, by name. */
export const NG_STATES: readonly AttributeOption[] = [
  option('Abia'),
  option('Adamawa'),
  option('Akwa Ibom'),
  option('Anambra'),
  option('Bauchi'),
  option('Bayelsa'),
  option('Benue'),
  option('Borno'),
  option('Cross River'),
  option('Delta'),
  option('Ebonyi'),
  option('Edo'),
  option('Ekiti'),
  option('Enugu'),
  option('Federal Capital Territory'),
  option('Gombe'),
  option('Imo'),
  option('Jigawa'),
  option('Kaduna'),
  option('Kano'),
  option('Katsina'),
  option('Kebbi'),
  option('Kogi'),
  option('Kwara'),
  option('Lagos'),
  option('Nasarawa'),
  option('Niger'),
  option('Ogun'),
  option('Ondo'),
  option('Osun'),
  option('Oyo'),
  option('Plateau'),
  option('Rivers'),
  option('Sokoto'),
  option('Taraba'),
  option('Yobe'),
  option('Zamfara'),
];

/** Nigeria: NIN (11 digits, NIMC) and BVN (11 digits, CBN), 6-digit postal code (optional), state. */
export const ng: AttributeSeed[] = [
  ...westernNames(),
  dateOfBirth(),
  nationality(),
  nationalId('National Identification Number (NIN)', '^\\d{11}$', 'Enter your 11-digit NIN.', {
    mask: '99999999999',
    info: 'The 11 digits on your NIN slip or national ID card.',
  }),
  text('bvn', 'identity', 'Bank Verification Number (BVN)', {
    mask: '99999999999',
    regular_expression: '^\\d{11}$',
    expression_error_message: 'Enter your 11-digit BVN.',
    info_text: 'Dial *565*0# from your registered phone to see it.',
    is_required: false,
  }),
  ...address({
    postcodeLabel: 'Postal code',
    postcodeRegex: '^\\d{6}$',
    postcodeMessage: 'Enter a 6-digit postal code, e.g. 100001.',
    postcodeMask: '999999',
    postcodeRequired: false,
    regionLabel: 'State',
    regions: NG_STATES,
    regionRequired: true,
  }),
  ...employment('NGN'),
];
