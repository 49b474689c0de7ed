import { EcbRatesProvider } from './ecb-provider.ts';
import type { RatesProvider } from './rates-provider.ts';
import { SandboxRatesProvider } from './snapshot-provider.ts';

export type { ProvidedRate, RateSet, RatesProvider } from './rates-provider.ts';
export { EcbRatesProvider, ECB_DAILY_URL, parseEcbDaily } from './ecb-provider.ts';
export { SandboxRatesProvider, SnapshotRatesProvider } from './snapshot-provider.ts';

export type RatesProviderName = 'sandbox' | 'ecb';

/** The configured provider: the sandbox (snapshot values, dated now) or the ECB's daily file. */
export function createRatesProvider(
  opts: { provider: RatesProviderName; ecbUrl: string },
  now: () => Date,
  fetch?: typeof globalThis.fetch,
): RatesProvider {
  if (opts.provider === 'ecb') return new EcbRatesProvider({ url: opts.ecbUrl, ...(fetch ? { fetch } : {}) });
  return new SandboxRatesProvider(now);
}
