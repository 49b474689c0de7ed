import type { MfaSettings } from '@remit/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadApi } from '@/lib/api-loader';

export const mfaSettingsQueryKey = ['mfa-settings'] as const;

/** GET /client/v1/mfa/settings. */
export async function getMfaSettings(): Promise<MfaSettings> {
  const { http, contract } = await loadApi();
  const endpoint = contract.securityEndpoints.getMfaSettings;
  const res = await http.get<unknown>(endpoint.path);
  return endpoint.response.parse(res.data);
}

export const mfaSettingsQueryOptions = () => queryOptions({ queryKey: mfaSettingsQueryKey, queryFn: getMfaSettings });

export function useMfaSettings() {
  return useQuery(mfaSettingsQueryOptions());
}
