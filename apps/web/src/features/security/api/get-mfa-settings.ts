import type { MfaSettings } from '@remit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

export const mfaSettingsQueryKey = ['mfa-settings'] as const;

/** GET /client/v1/mfa/settings. */
export const getMfaSettings = (): Promise<MfaSettings> =>
  callEndpoint((contract) => contract.securityEndpoints.getMfaSettings);

export const mfaSettingsQueryOptions = () => queryOptions({ queryKey: mfaSettingsQueryKey, queryFn: getMfaSettings });

export function useMfaSettings() {
  return useQuery(mfaSettingsQueryOptions());
}
