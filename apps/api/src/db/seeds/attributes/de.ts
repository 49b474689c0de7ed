import { address, dateOfBirth, employment, nationalId, nationality, westernNames } from './common.ts';
import type { AttributeSeed } from './types.ts';

/** ISO 3166-2:DE Länder, by German name. */
export const DE_STATES = [
  'Baden-Württemberg',
  'Bayern',
  'Berlin',
  'Brandenburg',
  'Bremen',
  'Hamburg',
  'Hessen',
  'Mecklenburg-Vorpommern',
  'Niedersachsen',
  'Nordrhein-Westfalen',
  'Rheinland-Pfalz',
  'Saarland',
  'Sachsen',
  'Sachsen-Anhalt',
  'Schleswig-Holstein',
  'Thüringen',
] as const;

/** Germany: Steuerliche Identifikationsnummer (11 digits, first digit not 0), Postleitzahl. */
export const de: AttributeSeed[] = [
  ...westernNames(),
  dateOfBirth(),
  nationality(),
  nationalId('Tax identification number (Steuer-ID)', '^[1-9]\\d(?: ?\\d{3}){3}$', 'Enter your 11-digit Steuer-ID.', {
    mask: '99 999 999 999',
    info: 'The 11-digit number on your income tax notice or payslip.',
  }),
  ...address({
    postcodeLabel: 'Postleitzahl',
    postcodeRegex: '^\\d{5}$',
    postcodeMessage: 'Enter a 5-digit Postleitzahl, e.g. 10115.',
    regionLabel: 'State (Bundesland)',
    regions: DE_STATES,
  }),
  ...employment('EUR'),
];
