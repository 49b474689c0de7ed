// Shared by the generated-requests tests (issue #22 item 9): one app and one database per file, NOT
// emptied between tests, holding two customers with real resources. A owns a recipient, a quote, a
// transfer with a card payment started, a tracking link, a document and an upload target; B owns
// the same kinds. The tests send B's (and anonymous) requests, then check that nothing of A leaked
// into an answer and that the database holds nothing it should not.
import { randomUUID } from 'node:crypto';
import {
  buildPath,
  Document,
  DeviceList,
  onboardingEndpoints,
  paymentsEndpoints,
  securityEndpoints,
  StartedPayment,
  Transaction,
  TrackingLink,
  trackingEndpoints,
  transactionsEndpoints,
  VerificationTokenResponse,
  type Endpoint,
} from '@remit/contract';
import * as contract from '@remit/contract';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { MemoryRateLimitStore } from '../../src/lib/throttle/index.ts';
import type { Database } from '../../src/db/types.ts';
import { Client, TestClock, codeFrom, createTestDb, testConfig, type TestContext } from '../helpers.ts';
import { GB, jpegWithGps, tokenPath, uploadPassport } from '../documents/helpers.ts';
import { lastMailTo } from '../security/helpers.ts';
import { GOOD_IBAN } from '../payouts/helpers.ts';
import { DE_BANK, GERMAN_IBAN, everyoneMaySend, quote, recipient } from '../transfers/helpers.ts';

/** Every endpoint of every `*Endpoints` export of the contract, and the document page (a plain path). */
export function contractEndpoints(): [name: string, endpoint: Pick<Endpoint, 'method' | 'path'> & Partial<Endpoint>][] {
  const isEndpoint = (e: unknown): e is Endpoint =>
    typeof e === 'object' && e !== null && 'method' in e && 'path' in e && 'summary' in e;
  const all = Object.entries(contract)
    .filter(([exported]) => exported.endsWith('Endpoints'))
    .flatMap(([group, endpoints]) =>
      Object.entries(endpoints as Record<string, unknown>)
        .filter(([, e]) => isEndpoint(e))
        .map(([name, e]): [string, Endpoint] => [`${group}.${name}`, e as Endpoint]),
    );
  return [...all, ['DOCUMENT_PAGE_PATH', { method: 'GET', path: contract.DOCUMENT_PAGE_PATH, status: 200 }]];
}

/**
 * The statuses an answer may have: the endpoint's own success status, and the error statuses of
 * docs/product/api.md#statuses (400 401 403 404 409 413 415 419 422 429). A path id of any length
 * reaches the api's routes (the router's parameter limit is raised in app.ts), so an over-long id
 * is the api's own 404, not the router's 414.
 */
export const DOCUMENTED_ERRORS = [400, 401, 403, 404, 409, 413, 415, 419, 422, 429];
export const allowedStatuses = (e: Partial<Endpoint>): Set<number> => new Set([e.status ?? 200, ...DOCUMENTED_ERRORS]);

export interface Owner {
  client: Client;
  email: string;
  customerId: string;
  crn: string;
  deviceId: string;
  sessionToken: string;
  recipientId: string;
  quoteId: string;
  transactionId: string;
  paymentId: string;
  trackingToken: string;
  documentId: string;
  pageId: string;
  uploadId: string;
  uploadUrl: string;
  idempotencyKey: string;
}

export interface World extends TestContext {
  a: Owner;
  b: Owner;
  /** Strings of A that no answer to B (or to nobody) may hold. */
  secretsOfA: string[];
  /** A's rows (every table, as text) before B's requests. */
  rowsOfA: string[];
}

const A_NAMES = { first_name: 'Aurelia', last_name: 'Quaglinetti' };
/**
 * A's recipient, a German IBAN the sandbox pays out under a name of its own: the public tracking page
 * shows the first name (by design), never the last name.
 */
const A_RECIPIENT = { ...GOOD_IBAN, name: 'Ottilie Brandtner' };
const B_RECIPIENT = GERMAN_IBAN;

function ok<T>(
  res: { statusCode: number; body: string; json(): unknown },
  status: number,
  parse: (v: unknown) => T,
): T {
  expect(res.statusCode, res.body).toBe(status);
  return parse(res.json());
}

/** A customer (signed up, resident in GB, named), with one of each resource. */
async function owner(app: FastifyInstance, names: Record<string, string>, to: object, corridor: object, email: string) {
  const client = new Client(app);
  const me = await client.signUp(email);
  ok(await client.post(onboardingEndpoints.updateCountry.path, { country_id: GB }), 200, (v) => v);
  const identity = { ...names, date_of_birth: '10/12/1985', nationality: 'GB', national_id_number: 'AB 12 34 56 C' };
  ok(await client.post(`${onboardingEndpoints.updateAttributes.path}?category=identity`, identity), 200, (v) => v);
  const r = await recipient(client, { ...to });
  const q = await quote(client, { ...corridor, source_amount: '10000' });
  const idempotencyKey = randomUUID();
  const tx = ok(
    await client.post(
      transactionsEndpoints.createTransaction.path,
      { quote_id: q.id, recipient_id: r.id, purpose: null, reference: `Rent ${names.first_name}` },
      { 'idempotency-key': idempotencyKey },
    ),
    201,
    (v) => Transaction.parse(v),
  );
  const payment = ok(
    await client.post(buildPath(paymentsEndpoints.startPayment.path, { id: tx.id }), { method: 'card' }),
    201,
    (v) => StartedPayment.parse(v),
  );
  const link = ok(
    await client.post(buildPath(trackingEndpoints.createTrackingLink.path, { id: tx.id }), {}),
    201,
    (v) => TrackingLink.parse(v),
  );
  const doc = ok(await uploadPassport(client, 'passport.jpg', await jpegWithGps()), 201, (v) => Document.parse(v));
  const target = ok(
    await client.get(
      tokenPath('proof_of_identity', 'national_id', { file_name: 'front.jpg', file_type: 'image/jpeg' }),
    ),
    200,
    (v) => VerificationTokenResponse.parse(v),
  );
  if (target.kind !== 'upload') throw new Error('expected an upload target');
  const devices = ok(await client.get('/client/v1/devices'), 200, (v) => DeviceList.parse(v)).devices;
  return {
    client,
    email,
    customerId: me.id,
    crn: me.crn,
    deviceId: devices[0]!.id,
    sessionToken: devices[0]!.session_token,
    recipientId: r.id,
    quoteId: q.id,
    transactionId: tx.id,
    paymentId: payment.payment_id,
    trackingToken: link.token,
    documentId: doc.id,
    pageId: doc.pages[0]!.id,
    uploadId: target.upload.upload_id,
    uploadUrl: target.upload.url,
    idempotencyKey,
  } satisfies Owner;
}

/** Every row of every table of the public schema that mentions one of `needles`, as text. */
export async function rowsMentioning(db: Kysely<Database>, needles: string[]): Promise<string[]> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const out: string[] = [];
  for (const { table_name } of tables.rows) {
    const rows = await sql<{ row: string }>`select t::text as row from ${sql.table(table_name)} t`.execute(db);
    for (const { row } of rows.rows) if (needles.some((n) => row.includes(n))) out.push(`${table_name}: ${row}`);
  }
  return out.sort();
}

/** The app and database for the whole file (no reset between tests), A and B with their resources. */
export function useWorld(): World {
  const world = { clock: new TestClock() } as World;
  beforeAll(async () => {
    world.db = await createTestDb();
    world.store = new MemoryRateLimitStore(world.clock.now);
    // Documents stay pending (no sandbox review behind the tests' back: A's rows must not change).
    world.config = testConfig({ SANDBOX_REVIEW_DELAY_MS: 'off' });
    world.app = await buildApp(world.config, {
      db: world.db,
      now: world.clock.now,
      rateLimitStore: world.store,
      jobsPollMs: 0,
      webhookSender: async () => {},
    });
    await world.app.ready();
    // Rates as of the test clock now, not whenever the start-up refresh gets to it (a busy machine).
    await world.app.services.ratesJob.runOnce();
    everyoneMaySend(world);
    const stamp = randomUUID().slice(0, 8);
    world.a = await owner(world.app, A_NAMES, A_RECIPIENT, DE_BANK, `aurelia.${stamp}@example.com`);
    world.b = await owner(
      world.app,
      { first_name: 'Bertram', last_name: 'Okonkwo' },
      B_RECIPIENT,
      DE_BANK,
      `bertram.${stamp}@example.com`,
    );
    const a = world.a;
    world.secretsOfA = [
      a.email,
      a.customerId,
      a.crn,
      a.deviceId,
      a.sessionToken,
      a.recipientId,
      a.quoteId,
      a.transactionId,
      a.paymentId,
      a.trackingToken,
      a.documentId,
      a.pageId,
      a.uploadId,
      A_NAMES.first_name,
      A_NAMES.last_name,
      'Brandtner',
      'DE02120300000000202051',
      `Rent ${A_NAMES.first_name}`,
    ];
    await world.app.services.sandboxIdle(); // the sandbox review of the documents is done
    world.rowsOfA = await rowsMentioning(world.db, idsOf(a));
    world.store.clear();
  }, 60_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await world.app?.close();
    await world.db?.destroy();
  });
  return world;
}

/** The ids of an owner's rows: customer, recipient, quote, transfer, payment, document, page, upload. */
export const rowIdsOf = (o: Owner): string[] => [
  o.customerId,
  o.recipientId,
  o.quoteId,
  o.transactionId,
  o.paymentId,
  o.documentId,
  o.pageId,
  o.uploadId,
];

/** The ids and email that a row of A holds. */
export const idsOf = (o: Owner): string[] => [o.email, ...rowIdsOf(o)];

/**
 * The secret of A an answer holds, if any; what the request itself carried (an id of A put in the
 * path) does not count when echoed. The tracking page may show the recipient's first name, by design.
 */
export function leakOfA(
  world: World,
  res: { body: string; headers: Record<string, unknown> },
  sent: string,
): string | undefined {
  const text = `${res.body}\n${JSON.stringify(res.headers)}`;
  return world.secretsOfA.find((s) => text.includes(s) && !sent.includes(s));
}

/** B signed in again on a new client (after a generated request ended B's session). */
export async function signInAgain(world: World): Promise<Client> {
  world.store.clear();
  const client = new Client(world.app);
  const pending = await client.signIn(world.b.email);
  if (pending.session?.mfa_method === 'email') {
    const code = codeFrom((await lastMailTo(world, world.b.email, 'Your sign-in code')).text);
    ok(await client.post(securityEndpoints.completeMfa.path, { otp: code }), 200, (v) => v);
  }
  world.b.client = client;
  return client;
}

/** An anonymous client that holds the anti-forgery cookie (its writes get past CSRF). */
export async function anonymous(app: FastifyInstance): Promise<Client> {
  const c = new Client(app);
  await c.csrf();
  return c;
}

/** Rows that would mean a request crossed customers or left something half done (each query must answer none). */
const INTEGRITY: [what: string, query: string][] = [
  [
    'a transfer to another customer’s recipient',
    'select t.id from transactions t join recipients r on r.id = t.recipient_id where r.customer_id <> t.customer_id',
  ],
  [
    'a transfer on another customer’s quote',
    'select t.id from transactions t join quotes q on q.id = t.quote_id where q.customer_id <> t.customer_id',
  ],
  ['a quote used twice', 'select quote_id from transactions group by quote_id having count(*) > 1'],
  [
    'a payment of another customer’s transfer',
    'select p.id from payments p join transactions t on t.id = p.transaction_id where p.customer_id <> t.customer_id',
  ],
  [
    'a page without its document',
    'select p.id from document_pages p left join documents d on d.id = p.document_id where d.id is null',
  ],
  [
    'a tracking link without its transfer',
    'select l.transaction_id from tracking_links l left join transactions t on t.id = l.transaction_id where t.id is null',
  ],
  [
    'an event without its transfer',
    'select e.id from transaction_events e left join transactions t on t.id = e.transaction_id where t.id is null',
  ],
  [
    'a session without its customer',
    'select s.id from sessions s left join customers c on c.id = s.customer_id where c.id is null',
  ],
  ['an Idempotency-Key claim still running', "select customer_id from idempotency_keys where state = 'running'"],
];

/** After the requests: A's rows are as they were, and no integrity query finds anything. */
export async function expectCleanDatabase(world: World): Promise<void> {
  const now = await rowsMentioning(world.db, idsOf(world.a));
  const changed = {
    gone: world.rowsOfA.filter((r) => !now.includes(r)),
    new: now.filter((r) => !world.rowsOfA.includes(r)),
  };
  expect(changed, "A's rows, before and after").toEqual({ gone: [], new: [] });
  for (const [what, query] of INTEGRITY) {
    const found = await sql.raw<Record<string, unknown>>(query).execute(world.db);
    expect(found.rows, what).toEqual([]);
  }
  const report = await verifyLedger(world.db);
  expect(report.violations).toEqual([]);
}
