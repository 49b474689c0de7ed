import type { DocumentRejectionCode, LivenessStep } from '@remit/contract';

/**
 * A verification provider (docs/product/account-verification.md#provider-flows): the token calls
 * hand its short-lived tokens to the web app, whose capture runs that provider's flow; the upload
 * then carries them back and the provider vouches for them. A real provider (an identity-check SaaS)
 * implements the same interface; `api` is the value of a document type's `api`.
 */
export interface IssuedToken {
  /** The token's own id: the api records it so that each token is used once. */
  id: string;
  token: string;
  expiresAt: Date;
}

export interface TokenClaims {
  id: string;
  kind: 'session' | 'liveness';
  customerId: string;
  /** The document type a session token was issued for; null for a liveness token. */
  documentType: string | null;
  expiresAt: Date;
}

export interface IdentityProvider {
  readonly api: string;
  /** A session token for one customer and document type (the token call). */
  sessionToken(customerId: string, documentType: string): IssuedToken;
  /** A liveness-check token and what the capture asks the customer to do (the liveliness-token call). */
  livenessToken(customerId: string): IssuedToken & { steps: LivenessStep[] };
  /** The claims of a token this provider issued and that has not expired; null for anything else. */
  verify(token: string): TokenClaims | null;
}

/** A review's outcome, from the sandbox reviewer or a provider's webhook. */
export type ReviewDecision =
  | { status: 'in_review' }
  | { status: 'approved'; extracted?: Record<string, string> }
  | { status: 'rejected'; reason: DocumentRejectionCode }
  | { status: 'expired' };

/** What a reviewer is told about a document waiting for review. */
export interface ReviewRequest {
  documentId: string;
  customerId: string;
  categoryCode: string;
  typeCode: string;
  fileNames: readonly string[];
  documentNumber: string | null;
}

/**
 * Reviews documents and reports each step through `decide` (the documents service's one entry for
 * review outcomes, which a real provider's webhook route would call too).
 */
export interface DocumentReviewer {
  /** Hands a committed document to the reviewer; resolves once the review is durably under way. */
  submit(request: ReviewRequest): Promise<void>;
}
