import { authEndpoints } from '@remit/contract';
import { http as mswHttp, HttpResponse, delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildCustomer } from '@/testing/fixtures';
import { server } from '@/testing/server';
import {
  clearCustomer,
  getCustomer,
  needsMultiFactorAuth,
  profileQueryKey,
  refreshProfile,
  setCustomer,
} from './customer-store';
import { createQueryClient } from './query-client';

describe('customer store', () => {
  it('de-duplicates refreshProfile: two calls while one runs make one request and share the result', async () => {
    let calls = 0;
    server.use(
      mswHttp.get(authEndpoints.getProfile.path, async () => {
        calls += 1;
        await delay(30);
        return HttpResponse.json(buildCustomer({ email: 'shared@example.com' }));
      }),
    );
    const queryClient = createQueryClient();
    const first = refreshProfile(queryClient);
    const second = refreshProfile(queryClient);
    expect(second).toBe(first);
    const [a, b] = await Promise.all([first, second]);
    expect(calls).toBe(1);
    expect(a).toBe(b);
    expect(a.account.email).toBe('shared@example.com');
    expect(getCustomer(queryClient)).toEqual(a);

    // Once settled, a new call fetches again.
    await refreshProfile(queryClient);
    expect(calls).toBe(2);
  });

  it('stores the customer under ["profile"] and clears it', () => {
    const queryClient = createQueryClient();
    const customer = buildCustomer();
    setCustomer(queryClient, customer);
    expect(queryClient.getQueryData(profileQueryKey)).toEqual(customer);
    expect(profileQueryKey).toEqual(['profile']);
    clearCustomer(queryClient);
    expect(getCustomer(queryClient)).toBeUndefined();
  });

  it('needs MFA only when the email is verified and the session has an MFA method', () => {
    expect(needsMultiFactorAuth(buildCustomer({ is_email_verified: true, mfa_method: 'email' }))).toBe(true);
    expect(needsMultiFactorAuth(buildCustomer({ is_email_verified: true, mfa_method: null }))).toBe(false);
    expect(needsMultiFactorAuth(buildCustomer({ is_email_verified: false, mfa_method: 'totp' }))).toBe(false);
  });
});
