import { hash } from 'node:crypto';
import { leadingZeroBits, proofOfWorkInput, type ProofOfWork } from '@remit/contract';
import { AppError } from '../app-error.ts';
import type { Clock } from '../clock.ts';
import { hmacBase64Url, randomToken, safeEqual, sha256Hex } from '../crypto.ts';
import { DEFAULT_LOCALE, type Locale } from '../locale.ts';
import type { RateLimitStore } from './rate-limit-store.ts';
import { firstInWindow } from './throttle.ts';

/** How long a challenge can be answered: a browser solves it in well under a second. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
const CHALLENGE = /^(\d{1,15})\.(\d{1,2})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
const NONCE = /^\d{1,32}$/;

const MESSAGES: Record<Locale, string> = {
  en: 'Checking your connection. Send the sign-up again with the proof of work.',
  fr: 'Vérification de votre connexion. Renvoyez l’inscription avec la preuve de travail.',
};

/**
 * Hashcash-style proofs of work for sign-up (docs/product/auth-and-sessions.md#sign-up-on-shared-networks).
 * A challenge is `expiresAtMs.difficulty.random.mac`, mac = HMAC(APP_KEY, address + the rest): nothing
 * is stored to issue one, it cannot be forged or moved to another address, and it is refused after
 * its expiry. A proof is a nonce such that SHA-256(`challenge:nonce`) starts with `difficulty` zero
 * bits. Single use across instances: the first use reserves `signup:pow-used:sha256(challenge)` in the
 * rate-limit store (Redis when several instances share it) until the challenge expires.
 */
export class ProofOfWorkGate {
  constructor(
    private readonly appKey: string,
    private readonly store: RateLimitStore,
    private readonly now: Clock,
  ) {}

  private mac(ip: string, expiresAt: string, difficulty: string, random: string): string {
    return hmacBase64Url(this.appKey, `signup-pow:${ip}:${expiresAt}:${difficulty}:${random}`);
  }

  /** A fresh challenge of `difficulty` bits for this address. */
  issue(ip: string, difficulty: number): string {
    const expiresAt = String(this.now().getTime() + CHALLENGE_TTL_MS);
    const random = randomToken(16);
    return `${expiresAt}.${difficulty}.${random}.${this.mac(ip, expiresAt, String(difficulty), random)}`;
  }

  /** The 428 that asks for a proof of `difficulty` bits (a new challenge each time). */
  required(ip: string, difficulty: number, locale: Locale = DEFAULT_LOCALE): AppError {
    return AppError.proofOfWorkRequired(MESSAGES[locale], this.issue(ip, difficulty), difficulty);
  }

  /**
   * True when `proof` answers a challenge issued to `ip`, not expired, of at least `difficulty` bits,
   * and was never used before (it is used now). A forged, expired, replayed, too easy or wrong proof
   * is false.
   */
  async accept(ip: string, difficulty: number, proof: ProofOfWork | undefined): Promise<boolean> {
    if (!proof || !NONCE.test(proof.nonce)) return false;
    const m = CHALLENGE.exec(proof.challenge);
    if (!m) return false;
    const [, expiresAt, bits, random, mac] = m as unknown as [string, string, string, string, string];
    if (!safeEqual(mac, this.mac(ip, expiresAt, bits, random))) return false;
    const left = Number(expiresAt) - this.now().getTime();
    if (left <= 0 || Number(bits) < difficulty) return false;
    const digest = hash('sha256', proofOfWorkInput(proof.challenge, proof.nonce), 'buffer');
    if (leadingZeroBits(digest) < Number(bits)) return false;
    return firstInWindow(this.store, `signup:pow-used:${sha256Hex(proof.challenge)}`, left);
  }
}
