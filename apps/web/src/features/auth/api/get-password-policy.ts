/** GET /client/v1/password-policy: shared by several features, so it lives in lib/password-policy. */
export { getPasswordPolicy, passwordPolicyQueryOptions, usePasswordPolicy } from '@/lib/password-policy';
