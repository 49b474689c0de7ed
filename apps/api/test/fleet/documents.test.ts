// Document review across instances (docs/product/account-verification.md#review,
// docs/product/system.md#several-instances): each step of the sandbox review is a durable job, so a
// document uploaded on A is reviewed by B or C even when A is closed right after the upload, and a
// document whose hand-over to the reviewer was lost is handed over by the periodic resume.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { created, customer, profile, uploadPassport } from '../documents/helpers.ts';
import { onInstance, useFleet } from './helpers.ts';

// B and C; A is built (and closed) by each test. One DATA_DIR: the instances share document storage.
const fleet = useFleet({ instances: 2, env: { SANDBOX_REVIEW_DELAY_MS: '1000' } });

afterEach(() => vi.restoreAllMocks());

async function instanceA(): Promise<FastifyInstance> {
  const a = await buildApp(fleet.config, { db: fleet.db, now: fleet.clock.now, jobsPollMs: 0 });
  await a.ready();
  return a;
}

/** B and C run their due jobs, the clock a second (the review delay) further each time. */
async function runOnBAndC(times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    fleet.clock.advance(1000);
    await Promise.all(fleet.apps.map((app) => app.services.jobs.runDue()));
  }
}

describe('document review across instances', () => {
  it('a document uploaded on A is reviewed by B and C although A is closed right after the upload', async () => {
    const a = await instanceA();
    const { c, me } = await customer({ ...fleet.on(0), app: a });
    const doc = created(await uploadPassport(c));
    await a.close();
    const notifies = fleet.apps.map((app) => vi.spyOn(app.customerEvents, 'notify'));

    await runOnBAndC(2);
    const onB = await profile(onInstance(fleet.apps[0]!, c));
    expect(onB.documents.find((d) => d.id === doc.id)?.status_code).toBe('approved');
    // B's and C's calls in the order they happened (either instance may run either step)
    const statuses = notifies
      .flatMap((spy) => spy.mock.calls.map((call, i) => ({ call, order: spy.mock.invocationCallOrder[i]! })))
      .sort((x, y) => x.order - y.order)
      .map(({ call }) => call)
      .filter(([id, event]) => id === me.id && event === 'DocumentStatusChanged')
      .map(([, , payload]) => payload?.status_code);
    expect(statuses).toEqual(['in_review', 'approved']); // each step once, on one instance
    await runOnBAndC(3);
    expect(notifies.flatMap((spy) => spy.mock.calls)).toHaveLength(3); // in review, approved, TasksChanged
  });

  it('a document whose hand-over was lost (A stopped between commit and hand-over) is taken up by the periodic resume', async () => {
    const a = await instanceA();
    const { c } = await customer({ ...fleet.on(0), app: a });
    const doc = created(await uploadPassport(c));
    await a.close();
    await fleet.db.deleteFrom('jobs').execute(); // as if A had died before queuing the review

    const [b, cc] = fleet.apps as [FastifyInstance, FastifyInstance];
    await Promise.all([b.services.periodic.schedule(), cc.services.periodic.schedule()]);
    await runOnBAndC(3);
    expect((await profile(onInstance(cc, c))).documents.find((d) => d.id === doc.id)?.status_code).toBe('approved');
  });
});
