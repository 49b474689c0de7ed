// db/unit-of-work.ts and lib/after-commit.ts: side effects run after the commit, in a fixed order,
// awaited where the answer depends on them, and never for a change that rolled back.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/types.ts';
import { UnitOfWork } from '../src/db/unit-of-work.ts';
import type { AfterCommitPorts } from '../src/lib/after-commit.ts';
import { createTestDb } from './helpers.ts';

let db: Kysely<Database>;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.destroy();
});

/** Ports that record what was asked and when; invalidations take a while, like a Redis round trip. */
function recordingPorts() {
  const log: string[] = [];
  const ports: AfterCommitPorts = {
    async forgetCustomer(id) {
      await new Promise((r) => setTimeout(r, 10));
      log.push(`forget customer ${id}`);
    },
    async forgetToken(token) {
      await new Promise((r) => setTimeout(r, 10));
      log.push(`forget token ${token}`);
    },
    publish(id, event, payload, options) {
      log.push(`publish ${id} ${event} ${JSON.stringify(payload)}${options ? ` ${JSON.stringify(options)}` : ''}`);
    },
  };
  return { log, ports };
}

describe('UnitOfWork', () => {
  it('runs the invalidations after the commit and before the events, and resolves once they are done', async () => {
    const { log, ports } = recordingPorts();
    const uow = new UnitOfWork(db, ports);
    const result = await uow.run(async (trx, after) => {
      await sql`select 1`.execute(trx);
      after.notify('c1', 'ProfileUpdated', {}, { socketId: '1.2' }).customerChanged('c1').sessionEnded('tok');
      log.push('work done');
      return 42;
    });
    expect(result).toBe(42);
    expect(log).toEqual([
      'work done',
      'forget customer c1',
      'forget token tok',
      'publish c1 ProfileUpdated {} {"socketId":"1.2"}',
    ]);
  });

  it('runs nothing when the work fails, and passes the error on', async () => {
    const { log, ports } = recordingPorts();
    const uow = new UnitOfWork(db, ports);
    await expect(
      uow.run(async (_trx, after) => {
        after.customerChanged('c1').notify('c1', 'TasksChanged');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(log).toEqual([]);
  });

  it('asks each customer and token once however often a change asks', async () => {
    const { log, ports } = recordingPorts();
    await new UnitOfWork(db, ports).run(async (_trx, after) => {
      after.customerChanged('c1').customerChanged('c1').sessionEnded(undefined).sessionEnded('t').sessionEnded('t');
    });
    expect(log).toEqual(['forget customer c1', 'forget token t']);
  });

  it('costs nothing when a change asks for nothing (no round trip to other instances)', async () => {
    const { log, ports } = recordingPorts();
    await new UnitOfWork(db, ports).run(async (trx) => sql`select 1`.execute(trx));
    expect(log).toEqual([]);
  });

  it('carries out the effects of a change committed elsewhere (a reviewer, a webhook)', async () => {
    const { log, ports } = recordingPorts();
    await new UnitOfWork(db, ports).committed((after) =>
      after.customerChanged('c2').notify('c2', 'DocumentStatusChanged'),
    );
    expect(log).toEqual(['forget customer c2', 'publish c2 DocumentStatusChanged {}']);
  });

  it('a failed invalidation fails the call (the answer must not claim a change other instances cannot see)', async () => {
    const { ports } = recordingPorts();
    ports.forgetCustomer = async () => {
      throw new Error('redis down');
    };
    await expect(new UnitOfWork(db, ports).committed((after) => after.customerChanged('c3'))).rejects.toThrow(
      'redis down',
    );
  });
});
