import { address, dateOfBirth, employment, nationalId, nationality, westernNames } from './common.ts';
import type { AttributeSeed } from './types.ts';

/** ISO 3166-2:IT regions, by Italian name. */
export const IT_REGIONS = [
  'Abruzzo',
  'Basilicata',
  'Calabria',
  'Campania',
  'Emilia-Romagna',
  'Friuli-Venezia Giulia',
  'Lazio',
  'Liguria',
  'Lombardia',
  'Marche',
  'Molise',
  'Piemonte',
  'Puglia',
  'Sardegna',
  'Sicilia',
  'Toscana',
  'Trentino-Alto Adige',
  'Umbria',
  "Valle d'Aosta",
  'Veneto',
] as const;

/** Italy: codice fiscale (16 characters incl. omocodia letters; check character verified server-side), CAP. */
export const it: AttributeSeed[] = [
  ...westernNames(),
  dateOfBirth(),
  nationality(),
  nationalId(
    'Codice fiscale',
    '^[A-Z]{6}[0-9LMNP-V]{2}[ABCDEHLMPRST][0-9LMNP-V]{2}[A-Z][0-9LMNP-V]{3}[A-Z]$',
    'Enter a valid 16-character codice fiscale, e.g. RSSMRA85T10A562S.',
    { mask: 'AAAAAA99A99A999A' },
  ),
  ...address({
    cityLabel: 'Comune',
    postcodeLabel: 'CAP',
    postcodeRegex: '^\\d{5}$',
    postcodeMessage: 'Enter a 5-digit CAP, e.g. 00184.',
    regionLabel: 'Region',
    regions: IT_REGIONS,
  }),
  ...employment('EUR'),
];
