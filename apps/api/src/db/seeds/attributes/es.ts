import { address, dateOfBirth, employment, nameField, nationalId, nationality } from './common.ts';
import type { AttributeOption } from '@remit/contract';
import type { AttributeSeed } from './types.ts';
import { option } from './types.ts';

/** ISO 3166-2:ES autonomous communities and cities: the Spanish name is the value, the English one the label. */
export const ES_COMMUNITIES: readonly AttributeOption[] = [
  option('Andalucía', 'Andalusia'),
  option('Aragón', 'Aragon'),
  option('Asturias'),
  option('Canarias', 'Canary Islands'),
  option('Cantabria'),
  option('Castilla y León', 'Castile and León'),
  option('Castilla-La Mancha'),
  option('Cataluña', 'Catalonia'),
  option('Ceuta'),
  option('Comunidad de Madrid', 'Community of Madrid'),
  option('Comunidad Valenciana', 'Valencian Community'),
  option('Extremadura'),
  option('Galicia'),
  option('Illes Balears', 'Balearic Islands'),
  option('La Rioja'),
  option('Melilla'),
  option('Murcia', 'Region of Murcia'),
  option('Navarra', 'Navarre'),
  option('País Vasco', 'Basque Country'),
];

/** Spain: nombre and two surnames, DNI or NIE (control letter checked server-side), código postal 01000-52999. */
export const es: AttributeSeed[] = [
  nameField('first_name', 'First name (nombre)'),
  nameField('last_name', 'First surname (primer apellido)'),
  nameField(
    'second_last_name',
    'Second surname (segundo apellido)',
    false,
    'Leave empty if you have only one surname.',
  ),
  dateOfBirth(),
  nationality(),
  nationalId('DNI or NIE', '^([0-9]{8}|[XYZ][0-9]{7})[A-Z]$', 'Enter a valid DNI (12345678Z) or NIE (X1234567L).', {
    info: 'DNI: 8 digits and a letter. NIE: X, Y or Z, 7 digits and a letter.',
  }),
  ...address({
    cityLabel: 'Municipality',
    postcodeLabel: 'Código postal',
    postcodeRegex: '^(0[1-9]|[1-4]\\d|5[0-2])\\d{3}$',
    postcodeMessage: 'Enter a valid 5-digit código postal, e.g. 28013.',
    regionLabel: 'Autonomous community',
    regions: ES_COMMUNITIES,
  }),
  ...employment('EUR'),
];
