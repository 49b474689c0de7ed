import { address, dateOfBirth, employment, nationalId, nationality, westernNames } from './common.ts';
import type { AttributeSeed } from './types.ts';

/** United Kingdom: National Insurance number (HMRC format), Royal Mail postcode, optional county. */
export const gb: AttributeSeed[] = [
  ...westernNames(),
  dateOfBirth(),
  nationality(),
  nationalId(
    'National Insurance number',
    '^[A-CEGHJ-PR-TW-Z]{2} ?\\d{2} ?\\d{2} ?\\d{2} ?[A-D]$',
    'Enter a valid National Insurance number, e.g. AB 12 34 56 C.',
    {
      mask: 'AA 99 99 99 A',
      info: 'Two letters, six digits and a letter A-D, e.g. AB 12 34 56 C. It is on your payslip or P60.',
    },
  ),
  ...address({
    cityLabel: 'Town or city',
    postcodeLabel: 'Postcode',
    postcodeRegex: '^([A-Z][A-HJ-Y]?\\d[A-Z\\d]? ?\\d[A-Z]{2}|GIR ?0AA)$',
    postcodeMessage: 'Enter a real UK postcode, e.g. SW1A 1AA.',
    postcodeInfo: 'For example SW1A 1AA.',
    regionLabel: 'County',
  }),
  ...employment('GBP'),
];
