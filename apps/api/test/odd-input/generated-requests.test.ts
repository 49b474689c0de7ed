import { devEndpoints } from '@remit/contract';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { Client } from '../helpers.ts';
import { requestFor, type GeneratedRequest } from './request-arbitraries.ts';
import {
  allowedStatuses,
  anonymous,
  contractEndpoints,
  expectCleanDatabase,
  leakOfA,
  signInAgain,
  useWorld,
} from './world.ts';

/**
 * Every endpoint of the contract, reads included (issue #22 item 9), gets generated requests: path
 * ids (customer A's real ones asked by customer B, B's own, mangled, malformed), query strings
 * (known keys with odd values, unknown, repeated and array keys, very long values, broken escapes),
 * Idempotency-Key and Content-Type forms, Accept variants and small bodies whose ids come from the
 * same pools. Mostly from B (signed in), sometimes with no session or no cookie at all. Each answer
 * must have a documented status (the endpoint's success or a documented error, never a 5xx), an
 * error must be `{message}`, and no answer may hold anything of A. Afterwards A's rows are as they
 * were and the integrity queries find nothing. Seeded and bounded: FUZZ_RUNS (runs per endpoint),
 * FUZZ_SEED (endpoint i runs with FUZZ_SEED + i; a failure names its seed).
 */

const world = useWorld();

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20_301_122);
const endpoints = contractEndpoints();

const short = (s: string): string => (s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s);

/** Statuses seen per endpoint; FUZZ_REPORT=1 prints them (to see what the generated requests reach). */
const seen = new Map<string, Map<number, number>>();
afterAll(() => {
  if (!process.env.FUZZ_REPORT) return;
  for (const [name, statuses] of seen)
    console.log(name, JSON.stringify(Object.fromEntries([...statuses].sort(([x], [y]) => x - y))));
});

let n = 0;
let bLost = false;
let anon: Client | undefined;

async function clientFor(who: GeneratedRequest['who']): Promise<Client> {
  if (who === 'nobody') return new Client(world.app);
  if (who === 'anonymous') return (anon ??= await anonymous(world.app));
  if (bLost) {
    bLost = false;
    return signInAgain(world);
  }
  return world.b.client;
}

describe('generated requests at every endpoint of the contract: documented statuses, nothing of another customer', () => {
  it('finds every endpoint of the contract, reads included', () => {
    const names = endpoints.map(([name]) => name);
    expect(names.length).toBeGreaterThanOrEqual(60);
    expect(names).toContain('transactionsEndpoints.listTransactions');
    expect(names).toContain('trackingEndpoints.getTracking');
    expect(names).toContain('DOCUMENT_PAGE_PATH');
  });

  for (const [i, [name, endpoint]] of endpoints.entries()) {
    it(`${endpoint.method} ${endpoint.path} (${name})`, { timeout: 60_000 }, async () => {
      const allowed = allowedStatuses(endpoint);
      world.store.clear(); // throttles start afresh for each endpoint (429 stays allowed)
      let failure = '';
      const details = await fc.check(
        fc.asyncProperty(requestFor(endpoint, world.a, world.b), async (req) => {
          const client = await clientFor(req.who);
          n += 1;
          client.ip = `10.${(n >> 8) & 255}.${n & 255}.9`;
          const res = await client.request(
            endpoint.method,
            `${req.path}${req.query}`,
            req.body,
            req.headers as Record<string, string>,
          );
          const body = res.headers['content-type']?.toString().includes('json') ? (res.json() as unknown) : undefined;
          const code = (body as { code?: unknown } | undefined)?.code;
          if (req.who === 'b' && (res.statusCode === 401 || res.statusCode === 419 || code === 'mfa_required'))
            bLost = true; // the request ended B's session (sign-out, sign-in again, change of password)
          const tally = seen.get(name) ?? seen.set(name, new Map()).get(name)!;
          tally.set(res.statusCode, (tally.get(res.statusCode) ?? 0) + 1);
          const problems: string[] = [];
          if (!allowed.has(res.statusCode)) problems.push(`undocumented status ${res.statusCode}`);
          if (res.statusCode >= 400 && typeof (body as { message?: unknown } | undefined)?.message !== 'string')
            problems.push('an error without {message}');
          // The dev outbox (docs/product/system.md#dev-mailbox) shows every mail by design; not in production.
          const sent = `${req.path}${req.query}${JSON.stringify(req.headers)}${req.body ?? ''}`;
          const leak = endpoint === devEndpoints.getMailbox ? undefined : leakOfA(world, res, sent);
          if (leak) problems.push(`holds A's ${JSON.stringify(leak)}`);
          if (problems.length === 0) return true;
          failure =
            `${problems.join(', ')}: ${res.statusCode} ${short(res.body)} for ${req.who} ${endpoint.method} ` +
            `${short(req.path + req.query)} headers ${short(JSON.stringify(req.headers))} body ${short(String(req.body))}`;
          return false;
        }),
        { numRuns: RUNS, seed: SEED + i, endOnFailure: true }, // each endpoint its own sequence
      );
      // A short report (fast-check's would print the whole, possibly huge, request); FUZZ_SEED replays it.
      if (details.failed)
        throw new Error(`seed ${details.seed}, run ${details.numRuns}: ${failure || String(details.errorInstance)}`);
    });
  }

  it("afterwards: A's rows are as they were, nothing crosses customers, nothing is half done", async () => {
    await expectCleanDatabase(world);
  });
});
