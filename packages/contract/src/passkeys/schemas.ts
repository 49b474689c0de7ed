import { z } from 'zod';
import { Id, NullableTimestamp, Timestamp } from '../common/primitives.ts';

/**
 * A passkey (WebAuthn credential) of the customer (docs/product/auth-and-sessions.md#passkeys):
 * named by the customer, several per account.
 */
export const Passkey = z.object({
  id: Id,
  name: z.string(),
  created_at: Timestamp,
  last_used_at: NullableTimestamp,
});
export type Passkey = z.infer<typeof Passkey>;

/** GET /client/v1/passkeys. */
export const PasskeyList = z.object({ data: z.array(Passkey) });
export type PasskeyList = z.infer<typeof PasskeyList>;

/** A passkey's name: what the customer typed, trimmed, 1 to 60 characters. */
export const PasskeyName = z.string().trim().min(1).max(60);

/**
 * WebAuthn JSON as the browser library produces and reads it (`PublicKeyCredentialCreationOptionsJSON`,
 * `PublicKeyCredentialRequestOptionsJSON`, `RegistrationResponseJSON`, `AuthenticationResponseJSON`
 * of @simplewebauthn). The api checks them with @simplewebauthn/server; here only their outline.
 */
const base64url = z.string().max(16_384);
export const PasskeyCreationOptions = z.looseObject({ challenge: z.string() });
export type PasskeyCreationOptions = z.infer<typeof PasskeyCreationOptions>;
export const PasskeyRequestOptions = z.looseObject({ challenge: z.string() });
export type PasskeyRequestOptions = z.infer<typeof PasskeyRequestOptions>;

export const PasskeyAttestation = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: base64url, attestationObject: base64url }),
});
export type PasskeyAttestation = z.infer<typeof PasskeyAttestation>;

export const PasskeyAssertion = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});
export type PasskeyAssertion = z.infer<typeof PasskeyAssertion>;

/** POST /client/v1/passkeys: the attestation from the browser and the name the customer chose. */
export const RegisterPasskeyRequest = z.object({ name: PasskeyName, credential: PasskeyAttestation });
export type RegisterPasskeyRequest = z.infer<typeof RegisterPasskeyRequest>;

/** POST /client/v1/login/passkey and POST /client/v1/mfa/passkey: the signed challenge. */
export const PasskeyAssertionRequest = z.object({ credential: PasskeyAssertion });
export type PasskeyAssertionRequest = z.infer<typeof PasskeyAssertionRequest>;
