import type { RecipientPayoutMethod } from '@remit/contract';
import {
  BD_BANKS,
  GH_BANKS,
  KE_BANKS,
  KR_BANKS,
  NG_BANKS,
  PH_BANKS,
  TH_BANKS,
  TZ_BANKS,
  UG_BANKS,
  VN_BANKS,
} from './bank-lists.ts';
import type { Scheme } from './requirement-schemes.ts';

/**
 * Every destination we pay out to (docs/product/money-movement.md#recipients), as data: country →
 * currency → payout method → the account scheme and its figures (banks, lengths, examples,
 * providers). The recipients module's own: it does not read the corridors (which list the same
 * destinations for pricing); a destination missing here cannot have recipients. The schemes
 * (requirement-schemes.ts) turn each entry into the fields the form asks for and the checks run.
 */
export type Destinations = Record<string, Record<string, Partial<Record<RecipientPayoutMethod, Scheme>>>>;

/** Euro area countries (EUR, IBAN and BIC), with an example IBAN and BIC each. */
const EURO_AREA: Record<string, readonly [iban: string, bic: string]> = {
  AT: ['AT611904300234573201', 'BKAUATWW'],
  BE: ['BE68539007547034', 'GEBABEBB'],
  BG: ['BG80BNBG96611020345678', 'BNBGBGSF'],
  CY: ['CY17002001280000001200527600', 'BCYPCY2N'],
  DE: ['DE89370400440532013000', 'DEUTDEFF'],
  EE: ['EE382200221020145685', 'HABAEE2X'],
  ES: ['ES9121000418450200051332', 'CAIXESBB'],
  FI: ['FI2112345600000785', 'NDEAFIHH'],
  FR: ['FR1420041010050500013M02606', 'BNPAFRPP'],
  GR: ['GR1601101250000000012300695', 'ETHNGRAA'],
  HR: ['HR1210010051863000160', 'ZABAHR2X'],
  IE: ['IE29AIBK93115212345678', 'AIBKIE2D'],
  IT: ['IT60X0542811101000000123456', 'UNCRITMM'],
  LT: ['LT121000011101001000', 'CBVILT2X'],
  LU: ['LU280019400644750000', 'BCEELULL'],
  LV: ['LV80BANK0000435195001', 'HABALV22'],
  MT: ['MT84MALT011000012345MTLCAST001S', 'MALTMTMT'],
  NL: ['NL91ABNA0417164300', 'ABNANL2A'],
  PT: ['PT50000201231234567890154', 'CGDIPTPL'],
  SI: ['SI56263300012039086', 'LJBASI2X'],
  SK: ['SK3112000000198742637541', 'TATRSKBX'],
};

export const DESTINATIONS: Destinations = {
  KE: {
    KES: {
      bank_account: { scheme: 'bank_list', banks: KE_BANKS, account: { min: 10, max: 16, example: '1234567890' } },
      mobile_wallet: {
        scheme: 'wallet',
        providers: [
          ['mpesa', 'M-Pesa', '+254712345678'],
          ['airtel_money', 'Airtel Money', '+254733123456'],
        ],
      },
    },
  },
  PH: {
    PHP: {
      bank_account: { scheme: 'bank_list', banks: PH_BANKS, account: { min: 10, max: 16, example: '001234567890' } },
      mobile_wallet: { scheme: 'wallet', providers: [['gcash', 'GCash', '+639171234567']] },
      cash_pickup: {
        scheme: 'cash_pickup',
        partners: [
          ['cebuana', 'Cebuana Lhuillier'],
          ['mlhuillier', 'M Lhuillier'],
          ['palawan', 'Palawan Express Pera Padala'],
        ],
        mobileExample: '+639171234567',
      },
    },
  },
  BD: {
    BDT: {
      bank_account: {
        scheme: 'bank_list',
        banks: BD_BANKS,
        branchRoutingExample: '090261725',
        account: { min: 10, max: 17, example: '1234567890123' },
      },
      mobile_wallet: { scheme: 'wallet', providers: [['bkash', 'bKash', '+8801712345678']] },
      cash_pickup: {
        scheme: 'cash_pickup',
        partners: [
          ['brac', 'BRAC Bank branches'],
          ['ibbl', 'Islami Bank Bangladesh branches'],
        ],
        mobileExample: '+8801712345678',
      },
    },
  },
  PK: {
    PKR: {
      bank_account: { scheme: 'iban', iban: 'PK36SCBL0000001123456702' },
      mobile_wallet: {
        scheme: 'wallet',
        providers: [
          ['jazzcash', 'JazzCash', '+923001234567'],
          ['easypaisa', 'Easypaisa', '+923451234567'],
        ],
      },
      cash_pickup: {
        scheme: 'cash_pickup',
        partners: [
          ['hbl', 'HBL branches'],
          ['ubl', 'UBL branches'],
        ],
        mobileExample: '+923001234567',
      },
    },
  },
  MX: {
    MXN: {
      bank_account: { scheme: 'clabe', example: '002010077777777771' },
      cash_pickup: {
        scheme: 'cash_pickup',
        partners: [
          ['elektra', 'Elektra / Banco Azteca'],
          ['coppel', 'Coppel'],
          ['walmart', 'Walmart de México'],
        ],
        mobileExample: '+525512345678',
      },
    },
  },
  IN: {
    INR: {
      bank_account: { scheme: 'ifsc', example: 'HDFC0000123', account: { min: 9, max: 18, example: '50100012345678' } },
    },
  },
  BR: { BRL: { bank_account: { scheme: 'pix' } } },
  TH: {
    THB: {
      bank_account: { scheme: 'bank_list', banks: TH_BANKS, account: { min: 10, max: 12, example: '1234567890' } },
    },
  },
  KR: {
    KRW: {
      bank_account: { scheme: 'bank_list', banks: KR_BANKS, account: { min: 10, max: 14, example: '12345678901234' } },
    },
  },
  VN: {
    VND: {
      bank_account: { scheme: 'bank_list', banks: VN_BANKS, account: { min: 6, max: 19, example: '0123456789' } },
    },
  },
  NG: { NGN: { bank_account: { scheme: 'nuban', banks: NG_BANKS } } },
  GH: {
    GHS: {
      bank_account: { scheme: 'bank_list', banks: GH_BANKS, account: { min: 10, max: 16, example: '1234567890123' } },
      mobile_wallet: {
        scheme: 'wallet',
        providers: [
          ['mtn', 'MTN MoMo', '+233241234567'],
          ['telecel', 'Telecel Cash', '+233201234567'],
          ['airteltigo', 'AT Money', '+233271234567'],
        ],
      },
    },
  },
  UG: {
    UGX: {
      bank_account: { scheme: 'bank_list', banks: UG_BANKS, account: { min: 9, max: 14, example: '9030012345678' } },
      mobile_wallet: {
        scheme: 'wallet',
        providers: [
          ['mtn', 'MTN Mobile Money', '+256772123456'],
          ['airtel_money', 'Airtel Money', '+256701234567'],
        ],
      },
    },
  },
  TZ: {
    TZS: {
      bank_account: { scheme: 'bank_list', banks: TZ_BANKS, account: { min: 10, max: 16, example: '0150012345678' } },
      mobile_wallet: {
        scheme: 'wallet',
        providers: [
          ['mpesa', 'M-Pesa (Vodacom)', '+255754123456'],
          ['mixx', 'Mixx by Yas', '+255714123456'],
          ['airtel_money', 'Airtel Money', '+255684123456'],
          ['halopesa', 'HaloPesa', '+255621123456'],
        ],
      },
    },
  },
  US: {
    USD: {
      bank_account: {
        scheme: 'aba',
        accountTypes: [
          ['checking', 'Checking'],
          ['savings', 'Savings'],
        ],
        routingExample: '026009593',
        account: { min: 4, max: 17, example: '12345678901' },
      },
    },
  },
  CA: {
    CAD: {
      bank_account: {
        scheme: 'canada',
        institutionExample: '003',
        transitExample: '12345',
        account: { min: 7, max: 12, example: '1234567' },
      },
    },
  },
  GB: {
    GBP: {
      bank_account: {
        scheme: 'uk',
        sortCodeExample: '40-47-84',
        account: { min: 8, max: 8, example: '70872490' },
        iban: 'GB29NWBK60161331926819',
      },
    },
  },
  ...Object.fromEntries(
    Object.entries(EURO_AREA).map(([country, [iban, bic]]) => [
      country,
      { EUR: { bank_account: { scheme: 'iban', iban, bic } satisfies Scheme } },
    ]),
  ),
};
