import type { Kysely } from 'kysely';
import type { FileStorage } from '../../adapters/storage/index.ts';
import type { Database } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { documentsRepository } from './documents.repository.ts';

/** Objects no row refers to are removed once this old (an upload cut off between storage and commit). */
const ORPHAN_AGE_MS = 60 * 60_000;
/** Expired upload targets and provider tokens are removed once this old. */
const STALE_ROW_AGE_MS = 24 * 3600_000;

export interface DocumentSweepDeps {
  db: Kysely<Database>;
  now: Clock;
  storage: FileStorage;
}

/**
 * Housekeeping (docs/product/account-verification.md#upload): objects no row refers to (an upload cut
 * off between storage and commit, raw direct uploads never submitted) and files a crash left
 * half-written on local storage, once an hour old, and expired
 * targets and tokens a day old. A periodic task (app.ts): hourly, once across the instances.
 */
export async function sweepDocuments(deps: DocumentSweepDeps): Promise<{ deleted: number }> {
  const now = deps.now().getTime();
  await documentsRepository.deleteStaleTargets(deps.db, new Date(now - STALE_ROW_AGE_MS));
  await documentsRepository.deleteStaleProviderTokens(deps.db, new Date(now - STALE_ROW_AGE_MS));
  let deleted = 0;
  for (const prefix of ['pages/', 'uploads/']) {
    const objects = (await deps.storage.list(prefix)).filter((o) => now - o.lastModified.getTime() > ORPHAN_AGE_MS);
    for (let i = 0; i < objects.length; i += 500) {
      const chunk = objects.slice(i, i + 500);
      const kept = await documentsRepository.referencedKeys(
        deps.db,
        chunk.map((o) => o.key),
      );
      for (const o of chunk) {
        if (kept.has(o.key)) continue;
        await deps.storage.delete(o.key);
        deleted++;
      }
    }
  }
  // Files a crash left half-written (local storage): never keys, so the loop above never sees them.
  deleted += (await deps.storage.removeLeftovers?.(new Date(now - ORPHAN_AGE_MS))) ?? 0;
  return { deleted };
}
