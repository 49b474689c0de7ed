import { authEndpoints, devicesEndpoints, onboardingEndpoints } from '@remit/contract';
import { http, HttpResponse } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { buildCustomer } from '@/testing/fixtures';
import { logRequest, requestLog } from '@/testing/handlers';
import { server } from '@/testing/server';
import { callEndpoint } from './call-endpoint';

describe('callEndpoint', () => {
  it('calls an endpoint picked from the contract and parses the answer with it', async () => {
    const customer = await callEndpoint((contract) => contract.authEndpoints.getProfile);
    expectTypeOf(customer.account.email).toEqualTypeOf<string>();
    expect(customer.account.email).toBe(buildCustomer().account.email);
    expect(requestLog).toEqual(['GET /client/v1/profile']);
  });

  it('fills path parameters, and answers nothing for a 204', async () => {
    let path: string | undefined;
    server.use(
      http.delete(devicesEndpoints.revokeDevice.path, ({ request }) => {
        path = new URL(request.url).pathname;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const answer = await callEndpoint(devicesEndpoints.revokeDevice, { params: { id: 'sess 2/x' } });
    expectTypeOf(answer).toEqualTypeOf<void>();
    expect(answer).toBeUndefined();
    expect(path).toBe('/client/v1/device/sess%202%2Fx');
  });

  it('sends the query and the body it checked with the endpoint’s schemas', async () => {
    let seen: { search: string; body: unknown } | undefined;
    server.use(
      http.post(onboardingEndpoints.updateAttributes.path, async ({ request }) => {
        logRequest(request);
        seen = { search: new URL(request.url).search, body: await request.json() };
        return HttpResponse.json(buildCustomer());
      }),
    );
    await callEndpoint(onboardingEndpoints.updateAttributes, {
      query: { category: 'address' },
      body: { address: { city: 'Leeds' } },
    });
    expect(seen).toEqual({ search: '?category=address', body: { address: { city: 'Leeds' } } });
  });

  it('refuses a body the contract refuses, before sending anything', async () => {
    const body = { email: 'ada@example.com' } as unknown as { email: string; password: string };
    await expect(callEndpoint(authEndpoints.signIn, { body })).rejects.toThrow();
    expect(requestLog).toEqual([]);
  });

  it('rejects an answer that does not match the contract', async () => {
    server.use(http.get(authEndpoints.getProfile.path, () => HttpResponse.json({ id: 42 })));
    await expect(callEndpoint(authEndpoints.getProfile)).rejects.toThrow();
  });

  it('types the input by the endpoint', () => {
    // Only checked by the type checker: never called.
    const check = () => {
      // @ts-expect-error a body is required
      void callEndpoint(authEndpoints.signIn);
      // @ts-expect-error the path parameter is required
      void callEndpoint(devicesEndpoints.revokeDevice, {});
      // @ts-expect-error this call takes no body
      void callEndpoint(authEndpoints.signOut, { body: {} });
      void callEndpoint(authEndpoints.signOut);
    };
    expect(check).toBeTypeOf('function');
  });
});
