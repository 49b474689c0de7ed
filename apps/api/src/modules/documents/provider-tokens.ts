import type { DocumentType, LivenessTokenResponse, VerificationTokenResponse } from '@remit/contract';
import type { Kysely } from 'kysely';
import type { IdentityProvider, IssuedToken } from '../../adapters/identity/identity-provider.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Locale } from '../../lib/locale.ts';
import type { DocumentAdmission, DocumentOwner } from './document-admission.ts';
import { documentsRepository } from './documents.repository.ts';

export interface ProviderTokensDeps {
  db: Kysely<Database>;
  now: Clock;
  /** Verification providers by `api` (the sandbox in the embedded default). */
  providers: ReadonlyMap<string, IdentityProvider>;
}

/**
 * The verification provider's flow (docs/product/account-verification.md): a session token for a
 * document type with an `api`, a liveness token, and the check of both when the capture is
 * uploaded. Each token issued is stored (it is used once) and counts against the hourly limit.
 */
export class ProviderTokens {
  constructor(
    private readonly deps: ProviderTokensDeps,
    private readonly admission: Pick<DocumentAdmission, 'countUpload'>,
  ) {}

  /** A provider session token for `type` (a type with an `api`). */
  async sessionToken(auth: DocumentOwner, type: DocumentType, locale?: Locale): Promise<VerificationTokenResponse> {
    const provider = this.deps.providers.get(type.api ?? '');
    if (!provider) throw AppError.internal(`no provider for api ${type.api}`);
    await this.admission.countUpload(auth.customerId, locale); // each call stores a token row
    const issued = provider.sessionToken(auth.customerId, type.code);
    await this.store(auth.customerId, provider, issued, 'session', type.code);
    return { kind: 'provider', api: provider.api, token: issued.token, expires_at: issued.expiresAt.toISOString() };
  }

  /** GET account-verification/liveliness-token?api=: a liveness token from that provider. */
  async livenessToken(auth: DocumentOwner, api: string, locale?: Locale): Promise<LivenessTokenResponse> {
    const provider = this.deps.providers.get(api);
    if (!provider) throw AppError.validation({ api: ['Unknown verification provider.'] });
    await this.admission.countUpload(auth.customerId, locale); // each call stores a token row
    const issued = provider.livenessToken(auth.customerId);
    await this.store(auth.customerId, provider, issued, 'liveness', null);
    return { api: provider.api, token: issued.token, expires_at: issued.expiresAt.toISOString(), steps: issued.steps };
  }

  /** The row of an issued token: it is used once, by the upload that names it. */
  private async store(
    customerId: string,
    provider: IdentityProvider,
    issued: IssuedToken,
    kind: 'session' | 'liveness',
    documentTypeCode: string | null,
  ): Promise<void> {
    await documentsRepository.insertProviderToken(this.deps.db, {
      id: issued.id,
      customer_id: customerId,
      kind,
      api: provider.api,
      document_type_code: documentTypeCode,
      expires_at: issued.expiresAt,
      created_at: this.deps.now(),
    });
  }

  /**
   * The tokens sent with a capture: a session for this customer and type and a liveness check of
   * this customer, both genuine and unexpired (whether they were used is checked at commit).
   */
  check(
    customerId: string,
    type: DocumentType,
    providerToken: string | undefined,
    livenessToken: string | undefined,
  ): { ids: string[] } | { errors: Record<string, string[]> } {
    const provider = this.deps.providers.get(type.api ?? '');
    const errors: Record<string, string[]> = {};
    const session = providerToken ? provider?.verify(providerToken) : null;
    if (
      !session ||
      session.kind !== 'session' ||
      session.customerId !== customerId ||
      session.documentType !== type.code
    ) {
      errors.provider_token = ['The verification session is missing or has expired. Start again.'];
    }
    const liveness = livenessToken ? provider?.verify(livenessToken) : null;
    if (!liveness || liveness.kind !== 'liveness' || liveness.customerId !== customerId) {
      errors.liveness_token = ['The liveness check is missing or has expired. Start again.'];
    }
    if (Object.keys(errors).length || !session || !liveness) return { errors };
    return { ids: [session.id, liveness.id] };
  }
}
