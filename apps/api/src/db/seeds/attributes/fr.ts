import { address, dateOfBirth, employment, nationalId, nationality, westernNames } from './common.ts';
import type { AttributeOption } from '@remit/contract';
import type { AttributeSeed } from './types.ts';
import { option } from './types.ts';

/** ISO 3166-2:FR regions (metropolitan and overseas): the French name is the value, the English one the label. */
export const FR_REGIONS: readonly AttributeOption[] = [
  option('Auvergne-Rhône-Alpes'),
  option('Bourgogne-Franche-Comté'),
  option('Bretagne', 'Brittany'),
  option('Centre-Val de Loire'),
  option('Corse', 'Corsica'),
  option('Grand Est'),
  option('Guadeloupe'),
  option('Guyane', 'French Guiana'),
  option('Hauts-de-France'),
  option('Île-de-France'),
  option('La Réunion', 'Réunion'),
  option('Martinique'),
  option('Mayotte'),
  option('Normandie', 'Normandy'),
  option('Nouvelle-Aquitaine'),
  option('Occitanie', 'Occitania'),
  option('Pays de la Loire'),
  option("Provence-Alpes-Côte d'Azur"),
];

/** France: numéro de sécurité sociale (NIR, 13 characters + 2-digit key checked server-side), code postal. */
export const fr: AttributeSeed[] = [
  ...westernNames(),
  dateOfBirth(),
  nationality(),
  nationalId(
    'Social security number (NIR)',
    '^[12]\\d{2}(0[1-9]|1[0-2]|[2-9]\\d)(\\d{2}|2[AB])\\d{6}\\d{2}$',
    'Enter your 15-character social security number, e.g. 1 85 05 78 006 084 91.',
    { info: 'The 15 characters on your carte Vitale, spaces optional.' },
  ),
  ...address({
    cityLabel: 'Commune',
    postcodeLabel: 'Code postal',
    postcodeRegex: '^\\d{5}$',
    postcodeMessage: 'Enter a 5-digit code postal, e.g. 75001.',
    regionLabel: 'Region',
    regions: FR_REGIONS,
  }),
  ...employment('EUR'),
];
