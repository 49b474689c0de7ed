// The WebAuthn ceremonies of the passkeys module (docs/product/auth-and-sessions.md#passkeys), over
// @simplewebauthn/server: the relying party from APP_URL, the opaque user handle, and the challenges,
// stored (hashed) in the database so the answer can reach any api instance, single use and bound to
// a session or, for a sign-in, to the browser that asked.
import type {
  PasskeyAssertion,
  PasskeyAttestation,
  PasskeyCreationOptions,
  PasskeyRequestOptions,
} from '@remit/contract';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { generateKeyPairSync } from 'node:crypto';
import { COSEALG, decodeClientDataJSON, isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type { Executor } from '../../db/types.ts';
import { hmacBase64Url, sha256Hex } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';
import type { PasskeyRow, WebauthnPurpose } from './passkeys.tables.ts';
import { passkeysRepository, type ChallengeBinding } from './passkeys.repository.ts';

/** A challenge must be answered within five minutes. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** What the browser is told to allow for the ceremony (the challenge itself lives five minutes). */
const CEREMONY_TIMEOUT_MS = CHALLENGE_TTL_MS;
export const RP_NAME = 'Remit';
/** EdDSA, ES256, RS256: what passkey providers use. */
const ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];

/** Where a challenge is issued: a session (with its customer) or, for a sign-in, a browser's cookie. */
export type ChallengeOwner = { sessionId: string; customerId: string } | { browserBinding: string };

export class Webauthn {
  /** The relying party: the host of APP_URL, and its origin as the browser reports it. */
  readonly rpID: string;
  readonly origin: string;

  constructor(
    appUrl: string,
    private readonly appKey: string,
  ) {
    const url = new URL(appUrl);
    this.rpID = url.hostname;
    this.origin = url.origin;
    this.decoy = decoyPasskey();
  }

  /**
   * A passkey no one has (a fresh ES256 key): an answer naming an unknown passkey is checked against
   * it, so it costs what a bad signature costs and the two cannot be told apart by time either.
   */
  readonly decoy: PasskeyRow;

  /** The customer's WebAuthn user handle: stable, opaque (HMAC of APP_KEY), never the email. */
  userHandle(customerId: string): string {
    return hmacBase64Url(this.appKey, `webauthn-user-handle:${customerId}`);
  }

  async creationOptions(
    customer: { id: string; email: string },
    exclude: readonly PasskeyRow[],
  ): Promise<PublicKeyCredentialCreationOptionsJSON & PasskeyCreationOptions> {
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.rpID,
      userName: customer.email,
      userDisplayName: customer.email,
      userID: isoBase64URL.toBuffer(this.userHandle(customer.id)),
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: exclude.map((p) => ({ id: p.credential_id, transports: p.transports })),
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      supportedAlgorithmIDs: ALGORITHMS,
    });
    return { ...options };
  }

  /** Request options; `allow` empty for a discoverable sign-in (the browser offers the site's passkeys). */
  async requestOptions(
    allow: readonly PasskeyRow[],
  ): Promise<PublicKeyCredentialRequestOptionsJSON & PasskeyRequestOptions> {
    const options = await generateAuthenticationOptions({
      rpID: this.rpID,
      timeout: CEREMONY_TIMEOUT_MS,
      userVerification: 'required',
      ...(allow.length > 0
        ? { allowCredentials: allow.map((p) => ({ id: p.credential_id, transports: p.transports })) }
        : {}),
    });
    return { ...options };
  }

  /** Stores the challenge of `options` for `purpose`, bound to its owner, for five minutes. */
  async saveChallenge(
    db: Executor,
    challenge: string,
    purpose: WebauthnPurpose,
    owner: ChallengeOwner,
    at: Date,
  ): Promise<void> {
    // Challenges long expired go as new ones come (a bounded batch: nothing else needs a sweep).
    await passkeysRepository.deleteExpiredChallenges(db, new Date(at.getTime() - CHALLENGE_TTL_MS));
    await passkeysRepository.insertChallenge(db, {
      id: newId(),
      challengeHash: sha256Hex(challenge),
      purpose,
      sessionId: 'sessionId' in owner ? owner.sessionId : null,
      customerId: 'sessionId' in owner ? owner.customerId : null,
      browserBinding: 'browserBinding' in owner ? owner.browserBinding : null,
      expiresAt: new Date(at.getTime() + CHALLENGE_TTL_MS),
      at,
    });
  }

  /**
   * Uses up the challenge the answer names (its clientDataJSON), if it was issued for `purpose` to
   * this binding, unexpired and unused. The challenge, with the customer it was issued to, or
   * undefined. Used up whatever the verification then says: an answer is never checked twice.
   */
  async consumeChallenge(
    db: Executor,
    clientDataJSON: string,
    purpose: WebauthnPurpose,
    binding: ChallengeBinding,
    at: Date,
  ): Promise<{ challenge: string; customerId: string | null } | undefined> {
    let challenge: unknown;
    try {
      challenge = decodeClientDataJSON(clientDataJSON).challenge;
    } catch {
      return undefined;
    }
    if (typeof challenge !== 'string' || challenge.length === 0 || challenge.length > 512) return undefined;
    const row = await passkeysRepository.consumeChallenge(db, sha256Hex(challenge), purpose, binding, at);
    return row && { challenge, customerId: row.customerId };
  }

  /** The attestation checked against the challenge, RP ID and origin, with user verification (undefined: not valid). */
  async verifyRegistration(credential: PasskeyAttestation, challenge: string) {
    try {
      const result = await verifyRegistrationResponse({
        response: credential as unknown as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        requireUserPresence: true,
        requireUserVerification: true,
        supportedAlgorithmIDs: ALGORITHMS,
      });
      return result.verified ? result.registrationInfo : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * The assertion's signature checked against the passkey's public key, the challenge, RP ID and
   * origin, with user verification. The counter is not judged here (the caller does, after the
   * signature: only the holder of the key learns that a counter went back). Its new counter, or
   * undefined when not valid.
   */
  async verifyAssertion(credential: PasskeyAssertion, challenge: string, passkey: PasskeyRow) {
    try {
      const result = await verifyAuthenticationResponse({
        response: credential as unknown as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        // counter 0: the library's own counter rule (before the signature) is left to the caller
        credential: {
          id: passkey.credential_id,
          publicKey: new Uint8Array(passkey.public_key),
          counter: 0,
          transports: passkey.transports,
        },
        requireUserVerification: true,
      });
      return result.verified ? { counter: result.authenticationInfo.newCounter } : undefined;
    } catch {
      return undefined;
    }
  }
}

/** A counter that does not increase, when either side keeps one, means a cloned authenticator (or a replay). */
export function counterWentBack(stored: number, presented: number): boolean {
  return (presented > 0 || stored > 0) && presented <= stored;
}

function decoyPasskey(): PasskeyRow {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, COSEALG.ES256],
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]),
  );
  const at = new Date(0);
  return {
    id: '00000000-0000-4000-8000-000000000000',
    customer_id: '00000000-0000-4000-8000-000000000000',
    credential_id: 'decoy',
    public_key: cose,
    counter: 0,
    transports: [],
    device_type: 'singleDevice',
    backed_up: false,
    aaguid: null,
    user_handle: '',
    name: '',
    created_at: at,
    last_used_at: null,
  };
}
