import { address, dateOfBirth, employment, nationalId, nationality, westernNames } from './common.ts';
import type { AttributeSeed } from './types.ts';

/** ISO 3166-2:US states and the District of Columbia, by name. */
export const US_STATES = [
  'Alabama', 'Alaska', 'Arizona', 'Arkansas', 'California', 'Colorado', 'Connecticut', 'Delaware', 'District of Columbia',
  'Florida', 'Georgia', 'Hawaii', 'Idaho', 'Illinois', 'Indiana', 'Iowa', 'Kansas', 'Kentucky', 'Louisiana', 'Maine',
  'Maryland', 'Massachusetts', 'Michigan', 'Minnesota', 'Mississippi', 'Missouri', 'Montana', 'Nebraska', 'Nevada',
  'New Hampshire', 'New Jersey', 'New Mexico', 'New York', 'North Carolina', 'North Dakota', 'Ohio', 'Oklahoma', 'Oregon',
  'Pennsylvania', 'Rhode Island', 'South Carolina', 'South Dakota', 'Tennessee', 'Texas', 'Utah', 'Vermont', 'Virginia',
  'Washington', 'West Virginia', 'Wisconsin', 'Wyoming',
] as const;

/** United States: Social Security number (SSA rules: no 000/666/9xx area, 00 group, 0000 serial). */
export const us: AttributeSeed[] = [
  ...westernNames(),
  dateOfBirth(),
  nationality(),
  nationalId('Social Security number', '^(?!000|666|9\\d\\d)\\d{3}-(?!00)\\d{2}-(?!0000)\\d{4}$', 'Enter a valid Social Security number, e.g. 123-45-6789.', {
    mask: '999-99-9999',
  }),
  ...address({
    postcodeLabel: 'ZIP code',
    postcodeRegex: '^\\d{5}(-\\d{4})?$',
    postcodeMessage: 'Enter a 5-digit ZIP code (or ZIP+4), e.g. 10001.',
    regionLabel: 'State',
    regions: US_STATES,
    regionRequired: true,
  }),
  ...employment('USD'),
];
