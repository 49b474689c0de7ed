import type { Choice } from './requirement-fields.ts';

/**
 * The banks a recipient's account can be at, per destination (docs/product/money-movement.md#recipients):
 * `[key, name]`, the key as stored in `details.bank_code`, in the order the form lists them (the
 * first one is the form's default). Plain data: the requirements catalog (requirements-catalog.ts)
 * names the list each destination uses.
 */

export const KE_BANKS: readonly Choice[] = [
  ['01', 'KCB Bank'],
  ['68', 'Equity Bank'],
  ['11', 'Co-operative Bank'],
  ['02', 'Standard Chartered Kenya'],
  ['03', 'Absa Bank Kenya'],
  ['07', 'NCBA Bank'],
  ['31', 'Stanbic Bank Kenya'],
  ['63', 'Diamond Trust Bank'],
  ['57', 'I&M Bank'],
  ['70', 'Family Bank'],
];

export const PH_BANKS: readonly Choice[] = [
  ['BDO', 'BDO Unibank'],
  ['BPI', 'Bank of the Philippine Islands'],
  ['MBTC', 'Metrobank'],
  ['LBP', 'Land Bank of the Philippines'],
  ['PNB', 'Philippine National Bank'],
  ['SECB', 'Security Bank'],
  ['UBP', 'UnionBank'],
  ['RCBC', 'RCBC'],
  ['CBC', 'China Bank'],
];

/** Bangladesh: the branch routing number (9 digits, asked beside the bank) names bank and branch. */
export const BD_BANKS: readonly Choice[] = [
  ['sonali', 'Sonali Bank'],
  ['janata', 'Janata Bank'],
  ['agrani', 'Agrani Bank'],
  ['dbbl', 'Dutch-Bangla Bank'],
  ['brac', 'BRAC Bank'],
  ['ibbl', 'Islami Bank Bangladesh'],
  ['city', 'The City Bank'],
  ['ebl', 'Eastern Bank'],
];

export const TH_BANKS: readonly Choice[] = [
  ['002', 'Bangkok Bank'],
  ['004', 'Kasikornbank'],
  ['006', 'Krung Thai Bank'],
  ['014', 'Siam Commercial Bank'],
  ['025', 'Bank of Ayudhya (Krungsri)'],
  ['011', 'TMBThanachart Bank (ttb)'],
];

export const KR_BANKS: readonly Choice[] = [
  ['004', 'KB Kookmin Bank'],
  ['088', 'Shinhan Bank'],
  ['020', 'Woori Bank'],
  ['081', 'Hana Bank'],
  ['011', 'NongHyup Bank'],
  ['003', 'Industrial Bank of Korea'],
  ['090', 'Kakao Bank'],
  ['092', 'Toss Bank'],
];

export const VN_BANKS: readonly Choice[] = [
  ['VCB', 'Vietcombank'],
  ['CTG', 'VietinBank'],
  ['BIDV', 'BIDV'],
  ['VBA', 'Agribank'],
  ['TCB', 'Techcombank'],
  ['MB', 'MB Bank'],
  ['ACB', 'Asia Commercial Bank'],
  ['VPB', 'VPBank'],
];

/** Nigerian banks by their 3-digit CBN code (the NUBAN check digit is computed with it). */
export const NG_BANKS: readonly Choice[] = [
  ['058', 'Guaranty Trust Bank'],
  ['044', 'Access Bank'],
  ['011', 'First Bank of Nigeria'],
  ['033', 'United Bank for Africa'],
  ['057', 'Zenith Bank'],
  ['070', 'Fidelity Bank'],
  ['214', 'First City Monument Bank'],
  ['050', 'Ecobank Nigeria'],
  ['032', 'Union Bank of Nigeria'],
  ['221', 'Stanbic IBTC Bank'],
  ['232', 'Sterling Bank'],
  ['035', 'Wema Bank'],
  ['076', 'Polaris Bank'],
  ['023', 'Citibank Nigeria'],
];

export const GH_BANKS: readonly Choice[] = [
  ['GCB', 'GCB Bank'],
  ['ECO', 'Ecobank Ghana'],
  ['SBG', 'Stanbic Bank Ghana'],
  ['ABG', 'Absa Bank Ghana'],
  ['FBL', 'Fidelity Bank Ghana'],
  ['CAL', 'CalBank'],
];

export const UG_BANKS: readonly Choice[] = [
  ['SBU', 'Stanbic Bank Uganda'],
  ['CEN', 'Centenary Bank'],
  ['DFCU', 'dfcu Bank'],
  ['ABU', 'Absa Bank Uganda'],
  ['EQU', 'Equity Bank Uganda'],
  ['SCU', 'Standard Chartered Uganda'],
];

export const TZ_BANKS: readonly Choice[] = [
  ['CRDB', 'CRDB Bank'],
  ['NMB', 'NMB Bank'],
  ['NBC', 'NBC Bank'],
  ['SBT', 'Stanbic Bank Tanzania'],
  ['EXIM', 'Exim Bank Tanzania'],
  ['EQT', 'Equity Bank Tanzania'],
];
