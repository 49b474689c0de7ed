import { address, dateOfBirth, employment, nationalId, nationality, westernNames } from './common.ts';
import type { AttributeOption } from '@remit/contract';
import type { AttributeSeed } from './types.ts';
import { option } from './types.ts';

/** ISO 3166-2:DE Länder: the German name is the value, the English one the label. */
export const DE_STATES: readonly AttributeOption[] = [
  option('Baden-Württemberg'),
  option('Bayern', 'Bavaria'),
  option('Berlin'),
  option('Brandenburg'),
  option('Bremen'),
  option('Hamburg'),
  option('Hessen', 'Hesse'),
  option('Mecklenburg-Vorpommern', 'Mecklenburg-Western Pomerania'),
  option('Niedersachsen', 'Lower Saxony'),
  option('Nordrhein-Westfalen', 'North Rhine-Westphalia'),
  option('Rheinland-Pfalz', 'Rhineland-Palatinate'),
  option('Saarland'),
  option('Sachsen', 'Saxony'),
  option('Sachsen-Anhalt', 'Saxony-Anhalt'),
  option('Schleswig-Holstein'),
  option('Thüringen', 'Thuringia'),
];

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
