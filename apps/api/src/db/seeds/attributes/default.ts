import { address, dateOfBirth, employment, nationalId, nationality, westernNames } from './common.ts';
import type { AttributeSeed } from './types.ts';

/** Countries without their own set: names, date of birth, nationality, an optional ID number, a free-form address. */
export const defaultSet: AttributeSeed[] = [
  ...westernNames(),
  dateOfBirth(),
  nationality(),
  nationalId('National ID number', '^[A-Z0-9-]{4,30}$', 'Enter 4 to 30 letters, digits or hyphens.', {
    info: 'The number of your national identity card, if your country issues one.',
    required: false,
  }),
  ...address({
    postcodeLabel: 'Postal code',
    postcodeRegex: '^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$',
    postcodeMessage: 'Enter a valid postal code.',
    postcodeRequired: false,
  }),
  ...employment('USD'),
];
