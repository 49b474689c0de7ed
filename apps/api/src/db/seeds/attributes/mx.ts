import { address, dateOfBirth, employment, nameField, nationalId, nationality } from './common.ts';
import type { AttributeOption } from '@remit/contract';
import type { AttributeSeed } from './types.ts';
import { option } from './types.ts';

/** ISO 3166-2:MX: 31 states and Ciudad de México, by name (English labels for the two Méxicos). */
export const MX_STATES: readonly AttributeOption[] = [
  option('Aguascalientes'),
  option('Baja California'),
  option('Baja California Sur'),
  option('Campeche'),
  option('Chiapas'),
  option('Chihuahua'),
  option('Ciudad de México', 'Mexico City'),
  option('Coahuila'),
  option('Colima'),
  option('Durango'),
  option('Guanajuato'),
  option('Guerrero'),
  option('Hidalgo'),
  option('Jalisco'),
  option('México', 'State of Mexico'),
  option('Michoacán'),
  option('Morelos'),
  option('Nayarit'),
  option('Nuevo León'),
  option('Oaxaca'),
  option('Puebla'),
  option('Querétaro'),
  option('Quintana Roo'),
  option('San Luis Potosí'),
  option('Sinaloa'),
  option('Sonora'),
  option('Tabasco'),
  option('Tamaulipas'),
  option('Tlaxcala'),
  option('Veracruz'),
  option('Yucatán'),
  option('Zacatecas'),
];

/** RENAPO state codes used in positions 12-13 of a CURP (NE = born abroad). */
const CURP_STATES =
  'AS|BC|BS|CC|CL|CM|CS|CH|DF|DG|GT|GR|HG|JC|MC|MN|MS|NT|NL|OC|PL|QT|QR|SP|SL|SR|TC|TS|TL|VZ|YN|ZS|NE';

/** Mexico: nombre(s), apellido paterno and materno, CURP (RENAPO structure), código postal, state. */
export const mx: AttributeSeed[] = [
  nameField('first_name', 'First name(s) (nombre)'),
  nameField('last_name', 'Paternal surname (apellido paterno)'),
  nameField(
    'second_last_name',
    'Maternal surname (apellido materno)',
    false,
    'Leave empty if you have only one surname.',
  ),
  dateOfBirth(),
  nationality(),
  nationalId(
    'CURP',
    `^[A-Z][AEIOUX][A-Z]{2}\\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\\d|3[01])[HMX](${CURP_STATES})[B-DF-HJ-NP-TV-Z]{3}[A-Z\\d]\\d$`,
    'Enter your 18-character CURP, e.g. GODE561231HDFRRN09.',
    { mask: 'AAAA999999AAAAAAA9', info: 'Clave Única de Registro de Población, 18 characters.' },
  ),
  ...address({
    cityLabel: 'City or municipality',
    postcodeLabel: 'Código postal',
    postcodeRegex: '^\\d{5}$',
    postcodeMessage: 'Enter a 5-digit código postal, e.g. 06600.',
    postcodeMask: '99999',
    regionLabel: 'State',
    regions: MX_STATES,
    regionRequired: true,
  }),
  ...employment('MXN'),
];
