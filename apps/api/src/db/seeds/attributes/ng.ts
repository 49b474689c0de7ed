import { address, dateOfBirth, employment, nationalId, nationality, text, westernNames } from './common.ts';
import type { AttributeSeed } from './types.ts';

/** ISO 3166-2:NG: the 36 states and the Federal Capital Territory, by name. */
export const NG_STATES = [
  'Abia', 'Adamawa', 'Akwa Ibom', 'Anambra', 'Bauchi', 'Bayelsa', 'Benue', 'Borno', 'Cross River', 'Delta', 'Ebonyi', 'Edo',
  'Ekiti', 'Enugu', 'Federal Capital Territory', 'Gombe', 'Imo', 'Jigawa', 'Kaduna', 'Kano', 'Katsina', 'Kebbi', 'Kogi', 'Kwara',
  'Lagos', 'Nasarawa', 'Niger', 'Ogun', 'Ondo', 'Osun', 'Oyo', 'Plateau', 'Rivers', 'Sokoto', 'Taraba', 'Yobe', 'Zamfara',
] as const;

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
