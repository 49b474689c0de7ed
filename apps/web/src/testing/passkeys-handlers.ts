import {
  passkeysEndpoints,
  type Customer,
  type MessageBody,
  type Passkey,
  type PasskeyCreationOptions,
  type PasskeyList,
  type PasskeyRequestOptions,
  type RegisterPasskeyRequest,
  type ValidationErrorBody,
} from '@remit/contract';
import { http, HttpResponse } from 'msw';
import { logRequest } from './handlers';
import { completeCustomer } from './security-fixtures';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** A passkey of the customer: added 30 days ago, used yesterday unless overridden. */
export function buildPasskey(overrides: Partial<Passkey> = {}): Passkey {
  return {
    id: '0b6f4a70-0000-4000-8000-00000000aa01',
    name: 'Chrome on macOS',
    created_at: daysAgo(30),
    last_used_at: daysAgo(1),
    ...overrides,
  };
}

export const REGISTRATION_OPTIONS: PasskeyCreationOptions = {
  challenge: 'cmVnaXN0cmF0aW9uLWNoYWxsZW5nZQ',
  rp: { name: 'Remit', id: 'localhost' },
  user: { id: 'dXNlcg', name: 'ada@example.com', displayName: 'ada@example.com' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  excludeCredentials: [],
};

export const REQUEST_OPTIONS: PasskeyRequestOptions = {
  challenge: 'bG9naW4tY2hhbGxlbmdl',
  rpId: 'localhost',
  allowCredentials: [],
  userVerification: 'preferred',
};

/** What a mocked startRegistration answers. */
export const ATTESTATION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', attestationObject: 'bzA', transports: ['internal'] },
  clientExtensionResults: {},
  authenticatorAttachment: 'platform',
};

/** What a mocked startAuthentication answers. */
export const ASSERTION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln', userHandle: 'dXNlcg' },
  clientExtensionResults: {},
  authenticatorAttachment: 'platform',
};

/**
 * The passkeys api over a list of its own (docs/product/auth-and-sessions.md#passkeys): adding puts the
 * new passkey first, deleting removes it (404 for an unknown id). `requests` keeps the bodies.
 */
export function passkeysApi(initial: Passkey[] = []) {
  let passkeys = [...initial];
  const requests: RegisterPasskeyRequest[] = [];
  const handlers = [
    http.get<never, never, PasskeyList>(passkeysEndpoints.listPasskeys.path, ({ request }) => {
      logRequest(request);
      return HttpResponse.json({ data: passkeys });
    }),
    http.post<never, never, PasskeyCreationOptions>(
      passkeysEndpoints.passkeyRegistrationOptions.path,
      ({ request }) => {
        logRequest(request);
        return HttpResponse.json(REGISTRATION_OPTIONS);
      },
    ),
    http.post<never, RegisterPasskeyRequest, Passkey | ValidationErrorBody>(
      passkeysEndpoints.registerPasskey.path,
      async ({ request }) => {
        logRequest(request);
        const body = await request.json();
        requests.push(body);
        const created = buildPasskey({
          id: `0b6f4a70-0000-4000-8000-${String(passkeys.length + 2).padStart(12, '0')}`,
          name: body.name,
          created_at: new Date().toISOString(),
          last_used_at: null,
        });
        passkeys = [created, ...passkeys];
        return HttpResponse.json(created, { status: 201 });
      },
    ),
    http.delete<{ id: string }, never, MessageBody | null>(
      passkeysEndpoints.deletePasskey.path,
      ({ request, params }) => {
        logRequest(request);
        if (!passkeys.some((p) => p.id === params.id))
          return HttpResponse.json({ message: 'Not Found' }, { status: 404 });
        passkeys = passkeys.filter((p) => p.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      },
    ),
  ];
  return { handlers, requests, current: () => passkeys };
}

/** Signing in and the MFA step with a passkey: options, then the customer (MFA complete). */
export function passkeyAuthApi(customer: () => Customer = completeCustomer) {
  const credentials: unknown[] = [];
  const handlers = [
    http.post<never, never, PasskeyRequestOptions>(passkeysEndpoints.loginPasskeyOptions.path, ({ request }) => {
      logRequest(request);
      return HttpResponse.json(REQUEST_OPTIONS);
    }),
    http.post<never, { credential: unknown }, Customer>(
      passkeysEndpoints.loginWithPasskey.path,
      async ({ request }) => {
        logRequest(request);
        credentials.push((await request.json()).credential);
        return HttpResponse.json(customer());
      },
    ),
    http.post<never, never, PasskeyRequestOptions>(passkeysEndpoints.mfaPasskeyOptions.path, ({ request }) => {
      logRequest(request);
      return HttpResponse.json(REQUEST_OPTIONS);
    }),
    http.post<never, { credential: unknown }, Customer>(passkeysEndpoints.mfaWithPasskey.path, async ({ request }) => {
      logRequest(request);
      credentials.push((await request.json()).credential);
      return HttpResponse.json(customer());
    }),
  ];
  return { handlers, credentials };
}

/** Defaults: no passkeys yet, and the sign-in and MFA calls answering the complete customer. */
export const passkeysHandlers = [...passkeysApi().handlers, ...passkeyAuthApi().handlers];
