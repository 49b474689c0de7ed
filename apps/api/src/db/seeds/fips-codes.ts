/**
 * FIPS 10-4 country codes (a.k.a. GEC codes) keyed by ISO 3166-1 alpha-2.
 *
 * Neither `world-countries` nor `i18n-iso-countries` carries FIPS codes, so this table was generated
 * once from the "fips" column of GeoNames' countryInfo.txt (https://download.geonames.org/export/dump/countryInfo.txt,
 * CC BY 4.0) and is checked in. Countries without a FIPS code there (AX, BQ, UM) are absent and seed as null.
 * To refresh: take columns 1 (ISO) and 4 (fips) of that file.
 */
const PAIRS =
  'AD:AN AE:AE AF:AF AG:AC AI:AV AL:AL AM:AM AO:AO AQ:AY AR:AR AS:AQ AT:AU AU:AS AW:AA AZ:AJ BA:BK BB:BB BD:BG BE:BE ' +
  'BF:UV BG:BU BH:BA BI:BY BJ:BN BL:TB BM:BD BN:BX BO:BL BR:BR BS:BF BT:BT BV:BV BW:BC BY:BO BZ:BH CA:CA CC:CK CD:CG ' +
  'CF:CT CG:CF CH:SZ CI:IV CK:CW CL:CI CM:CM CN:CH CO:CO CR:CS CU:CU CV:CV CW:UC CX:KT CY:CY CZ:EZ DE:GM DJ:DJ DK:DA ' +
  'DM:DO DO:DR DZ:AG EC:EC EE:EN EG:EG EH:WI ER:ER ES:SP ET:ET FI:FI FJ:FJ FK:FK FM:FM FO:FO FR:FR GA:GB GB:UK GD:GJ ' +
  'GE:GG GF:FG GG:GK GH:GH GI:GI GL:GL GM:GA GN:GV GP:GP GQ:EK GR:GR GS:SX GT:GT GU:GQ GW:PU GY:GY HK:HK HM:HM HN:HO ' +
  'HR:HR HT:HA HU:HU ID:ID IE:EI IL:IS IM:IM IN:IN IO:IO IQ:IZ IR:IR IS:IC IT:IT JE:JE JM:JM JO:JO JP:JA KE:KE KG:KG ' +
  'KH:CB KI:KR KM:CN KN:SC KP:KN KR:KS XK:KV KW:KU KY:CJ KZ:KZ LA:LA LB:LE LC:ST LI:LS LK:CE LR:LI LS:LT LT:LH LU:LU ' +
  'LV:LG LY:LY MA:MO MC:MN MD:MD ME:MJ MF:RN MG:MA MH:RM MK:MK ML:ML MM:BM MN:MG MO:MC MP:CQ MQ:MB MR:MR MS:MH MT:MT ' +
  'MU:MP MV:MV MW:MI MX:MX MY:MY MZ:MZ NA:WA NC:NC NE:NG NF:NF NG:NI NI:NU NL:NL NO:NO NP:NP NR:NR NU:NE NZ:NZ OM:MU ' +
  'PA:PM PE:PE PF:FP PG:PP PH:RP PK:PK PL:PL PM:SB PN:PC PR:RQ PS:WE PT:PO PW:PS PY:PA QA:QA RE:RE RO:RO RS:RI RU:RS ' +
  'RW:RW SA:SA SB:BP SC:SE SD:SU SS:OD SE:SW SG:SN SH:SH SI:SI SJ:SV SK:LO SL:SL SM:SM SN:SG SO:SO SR:NS ST:TP SV:ES ' +
  'SX:NN SY:SY SZ:WZ TC:TK TD:CD TF:FS TG:TO TH:TH TJ:TI TK:TL TL:TT TM:TX TN:TS TO:TN TR:TU TT:TD TV:TV TW:TW TZ:TZ ' +
  'UA:UP UG:UG US:US UY:UY UZ:UZ VA:VT VC:VC VE:VE VG:VI VI:VQ VN:VM VU:NH WF:WF WS:WS YE:YM YT:MF ZA:SF ZM:ZA ZW:ZI';

export const FIPS_BY_ISO2: ReadonlyMap<string, string> = new Map(
  PAIRS.split(' ').map((pair) => pair.split(':') as [string, string]),
);
