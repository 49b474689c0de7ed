import { address, dateOfBirth, employment, nationalId, nationality, westernNames } from './common.ts';
import type { AttributeOption } from '@remit/contract';
import type { AttributeSeed } from './types.ts';
import { option } from './types.ts';

/** ISO 3166-2:IT regions: the Italian name is the value, the English one the label. */
export const IT_REGIONS: readonly AttributeOption[] = [
  option('Abruzzo'),
  option('Basilicata'),
  option('Calabria'),
  option('Campania'),
  option('Emilia-Romagna'),
  option('Friuli-Venezia Giulia'),
  option('Lazio'),
  option('Liguria'),
  option('Lombardia', 'Lombardy'),
  option('Marche'),
  option('Molise'),
  option('Piemonte', 'Piedmont'),
  option('Puglia', 'Apulia'),
  option('Sardegna', 'Sardinia'),
  option('Sicilia', 'Sicily'),
  option('Toscana', 'Tuscany'),
  option('Trentino-Alto Adige', 'Trentino-South Tyrol'),
  option('Umbria'),
  option("Valle d'Aosta", 'Aosta Valley'),
  option('Veneto'),
];

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
