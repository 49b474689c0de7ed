import type { Kysely, Transaction } from 'kysely';
import { AfterCommit, type AfterCommitPorts } from '../lib/after-commit.ts';
import type { Database } from './types.ts';

/**
 * How services change data: one database transaction, plus the side effects the change needs
 * (cache invalidation, realtime events), carried out after the commit and never on a rollback.
 *
 *     await this.deps.uow.run(async (trx, after) => {
 *       await repository.update(trx, ...);
 *       after.customerChanged(customerId).notify(customerId, 'ProfileUpdated');
 *     });
 *
 * `run` resolves once the invalidations are in force on every instance, so the answer that follows
 * never races a stale cache. See docs/ARCHITECTURE.md "Side effects".
 */
export class UnitOfWork {
  constructor(
    readonly db: Kysely<Database>,
    private readonly ports: AfterCommitPorts,
  ) {}

  async run<T>(work: (trx: Transaction<Database>, after: AfterCommit) => Promise<T>): Promise<T> {
    const after = new AfterCommit(this.ports);
    const result = await this.db.transaction().execute((trx) => work(trx, after));
    if (!after.isEmpty) await after.run();
    return result;
  }

  /**
   * Side effects of a change already committed on its own (a single statement, or a change made
   * outside the api such as a reviewer's decision).
   */
  async committed(ask: (after: AfterCommit) => void): Promise<void> {
    const after = new AfterCommit(this.ports);
    ask(after);
    if (!after.isEmpty) await after.run();
  }
}
