import { randomUUID } from 'node:crypto';
import type { LivenessStep } from '@remit/contract';
import type { Clock } from '../../lib/clock.ts';
import { hmacBase64Url, safeEqual } from '../../lib/crypto.ts';
import type { IdentityProvider, IssuedToken, TokenClaims } from './identity-provider.ts';

const TOKEN_TTL_MS = 15 * 60_000;
const PREFIX = 'sbx1';

/**
 * The embedded sandbox provider (docs/product/account-verification.md#provider-flows): tokens are
 * HMAC-signed claims (`sbx1.<claims>.<signature>`) under a key derived from APP_KEY, valid 15
 * minutes. It asks for a short liveness sequence and accepts the capture the web app makes.
 */
export class SandboxIdentityProvider implements IdentityProvider {
  readonly api = 'sandbox';
  private readonly key: string;

  constructor(
    appKey: string,
    private readonly now: Clock,
  ) {
    this.key = hmacBase64Url(appKey, 'identity-provider:sandbox');
  }

  sessionToken(customerId: string, documentType: string): IssuedToken {
    return this.issue({ kind: 'session', customerId, documentType });
  }

  livenessToken(customerId: string): IssuedToken & { steps: LivenessStep[] } {
    const turn: LivenessStep = Math.random() < 0.5 ? 'turn_left' : 'turn_right';
    return { ...this.issue({ kind: 'liveness', customerId, documentType: null }), steps: ['look_straight', turn] };
  }

  verify(token: string): TokenClaims | null {
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== PREFIX) return null;
    const [, body = '', signature = ''] = parts;
    if (!safeEqual(signature, hmacBase64Url(this.key, `${PREFIX}.${body}`))) return null;
    let claims: unknown;
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (!isClaims(claims)) return null;
    if (claims.exp <= this.now().getTime()) return null;
    return {
      id: claims.jti,
      kind: claims.kind,
      customerId: claims.sub,
      documentType: claims.type,
      expiresAt: new Date(claims.exp),
    };
  }

  private issue(c: { kind: 'session' | 'liveness'; customerId: string; documentType: string | null }): IssuedToken {
    const id = randomUUID();
    const expiresAt = new Date(this.now().getTime() + TOKEN_TTL_MS);
    const body = Buffer.from(
      JSON.stringify({ jti: id, kind: c.kind, sub: c.customerId, type: c.documentType, exp: expiresAt.getTime() }),
    ).toString('base64url');
    return { id, token: `${PREFIX}.${body}.${hmacBase64Url(this.key, `${PREFIX}.${body}`)}`, expiresAt };
  }
}

interface Claims {
  jti: string;
  kind: 'session' | 'liveness';
  sub: string;
  type: string | null;
  exp: number;
}

function isClaims(v: unknown): v is Claims {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  return (
    typeof c.jti === 'string' &&
    (c.kind === 'session' || c.kind === 'liveness') &&
    typeof c.sub === 'string' &&
    (c.type === null || typeof c.type === 'string') &&
    typeof c.exp === 'number'
  );
}
