import { useQuery } from '@tanstack/react-query';
import { fetchProfile, profileQueryOptions, refreshProfile } from '@/lib/customer-store';

/**
 * GET /client/v1/profile. The customer is state shared by every feature, so its fetcher,
 * query options and the de-duplicated refresh live in lib/customer-store; this is the auth entry.
 */
export const getProfile = fetchProfile;
export { profileQueryOptions, refreshProfile };

export function useProfile() {
  return useQuery(profileQueryOptions());
}
