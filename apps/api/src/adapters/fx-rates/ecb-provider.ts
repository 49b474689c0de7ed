import { formatRate, isCurrencyCode, multiplyRate, parseRate } from '@remit/contract';
import type { ProvidedRate, RateSet, RatesProvider } from './rates-provider.ts';

/** The ECB's euro foreign exchange reference rates of the last business day. */
export const ECB_DAILY_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';

/** The UAE dirham's fixed rate to the US dollar (AED per USD), which the ECB does not publish. */
export const AED_PER_USD = '3.6725';

/**
 * The moment the ECB sets a day's reference rates: 14:15 Central European Time, CEST (UTC+2)
 * from the last Sunday of March to the last Sunday of October, CET (UTC+1) otherwise.
 */
export function ecbReferenceTime(date: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new Error(`ECB rates: not a date: ${date}`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12) throw new Error(`ECB rates: not a date: ${date}`);
  const lastSunday = (monthIndex: number) => {
    const last = new Date(Date.UTC(year, monthIndex + 1, 0));
    return last.getUTCDate() - last.getUTCDay();
  };
  const key = month * 100 + day;
  const summer = key >= 300 + lastSunday(2) && key < 1000 + lastSunday(9);
  const at = new Date(Date.UTC(year, month - 1, day, 14 - (summer ? 2 : 1), 15));
  if (at.getUTCDate() !== day) throw new Error(`ECB rates: not a date: ${date}`);
  return at;
}

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [, name, , value] of tag.matchAll(/([A-Za-z_:][\w:.-]*)\s*=\s*(['"])(.*?)\2/g)) {
    if (name) out[name] = value ?? '';
  }
  return out;
}

/**
 * Reads `eurofxref-daily.xml`: one `<Cube time="YYYY-MM-DD">` holding `<Cube currency="USD"
 * rate="1.1580"/>` entries. Keeps the currencies the product knows and adds AED through its US
 * dollar peg. Throws on anything else than one dated set of well-formed rates.
 */
export function parseEcbDaily(xml: string): RateSet {
  const dates = new Set<string>();
  const rates: ProvidedRate[] = [];
  for (const [, attrText] of xml.matchAll(/<Cube\b([^>]*?)\/?>/g)) {
    const attrs = attributes(attrText ?? '');
    if (attrs.time !== undefined) dates.add(attrs.time);
    if (attrs.currency === undefined) continue;
    const currency = attrs.currency;
    const rate = attrs.rate ?? '';
    if (!/^[A-Z]{3}$/.test(currency)) throw new Error(`ECB rates: bad currency code ${JSON.stringify(currency)}`);
    let value;
    try {
      value = parseRate(rate);
    } catch {
      throw new Error(`ECB rates: bad rate for ${currency}: ${JSON.stringify(rate)}`);
    }
    if (isCurrencyCode(currency) && currency !== 'EUR') {
      rates.push({ currency, rate: formatRate(value), source: 'ecb' });
    }
  }
  if (dates.size !== 1) throw new Error(`ECB rates: expected one reference date, found ${dates.size}`);
  if (rates.length === 0) throw new Error('ECB rates: no rates in the file');
  const usd = rates.find((r) => r.currency === 'USD');
  if (usd && !rates.some((r) => r.currency === 'AED')) {
    const aed = multiplyRate(parseRate(usd.rate), parseRate(AED_PER_USD));
    rates.push({ currency: 'AED', rate: formatRate(aed), source: 'ecb-usd-peg' });
  }
  const [date] = [...dates];
  return { base: 'EUR', asOf: ecbReferenceTime(date!), rates };
}

export interface EcbRatesProviderOptions {
  url?: string;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

/** The ECB daily reference rates file (no key, no account; about 30 currencies). */
export class EcbRatesProvider implements RatesProvider {
  readonly name = 'ecb';
  private readonly url: string;
  private readonly fetchImpl: typeof globalThis.fetch;
  private readonly timeoutMs: number;

  constructor(opts: EcbRatesProviderOptions = {}) {
    this.url = opts.url ?? ECB_DAILY_URL;
    this.fetchImpl = opts.fetch ?? globalThis.fetch;
    this.timeoutMs = opts.timeoutMs ?? 10_000;
  }

  async fetchRates(): Promise<RateSet> {
    let res: Response;
    try {
      res = await this.fetchImpl(this.url, {
        headers: { accept: 'application/xml, text/xml' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const cause = err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
      throw new Error(`ECB rates: ${this.url} unreachable (${cause})`, { cause: err });
    }
    if (!res.ok) throw new Error(`ECB rates: ${this.url} answered ${res.status}`);
    return parseEcbDaily(await res.text());
  }
}
