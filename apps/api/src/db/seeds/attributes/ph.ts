import { address, dateOfBirth, employment, nationalId, nationality, westernNames } from './common.ts';
import type { AttributeOption } from '@remit/contract';
import type { AttributeSeed } from './types.ts';
import { option } from './types.ts';

/** ISO 3166-2:PH regions, by name. */
export const PH_REGIONS: readonly AttributeOption[] = [
  option('Bangsamoro'),
  option('Bicol Region'),
  option('Cagayan Valley'),
  option('Calabarzon'),
  option('Caraga'),
  option('Central Luzon'),
  option('Central Visayas'),
  option('Cordillera Administrative Region'),
  option('Davao Region'),
  option('Eastern Visayas'),
  option('Ilocos Region'),
  option('Mimaropa'),
  option('National Capital Region'),
  option('Negros Island Region'),
  option('Northern Mindanao'),
  option('Soccsksargen'),
  option('Western Visayas'),
  option('Zamboanga Peninsula'),
];

/** Philippines: PhilSys Card Number (16 digits), 4-digit ZIP code, region. */
export const ph: AttributeSeed[] = [
  ...westernNames(),
  dateOfBirth(),
  nationality(),
  nationalId(
    'PhilSys Card Number (PCN)',
    '^\\d{4}-\\d{4}-\\d{4}-\\d{4}$',
    'Enter your 16-digit PhilSys Card Number, e.g. 1234-5678-9012-3456.',
    {
      mask: '9999-9999-9999-9999',
    },
  ),
  ...address({
    cityLabel: 'City or municipality',
    postcodeLabel: 'ZIP code',
    postcodeRegex: '^\\d{4}$',
    postcodeMessage: 'Enter a 4-digit ZIP code, e.g. 1000.',
    postcodeMask: '9999',
    regionLabel: 'Region',
    regions: PH_REGIONS,
    regionRequired: true,
  }),
  ...employment('PHP'),
];
