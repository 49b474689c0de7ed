import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { authEndpoints, devEndpoints, type Customer, type Mailbox } from '@remit/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { buildApp, type AppOverrides } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createDatabase } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrator.ts';
import { seedReferenceData } from '../src/db/seeds/index.ts';
import { loadReferenceCatalogs } from '../src/modules/reference/catalogs.ts';
import { customerOwnedTables, type Database } from '../src/db/types.ts';
import { MemoryRateLimitStore } from '../src/lib/throttle/index.ts';

export const STRONG_PASSWORD = 'Correct-Horse-42-battery';

/** A controllable clock: tests advance time instead of sleeping. */
export class TestClock {
  private t = Date.parse('2030-01-01T09:00:00.000Z');
  readonly now = (): Date => new Date(this.t);
  advance(ms: number): void {
    this.t += ms;
  }
  set(date: Date): void {
    this.t = date.getTime();
  }
}

/**
 * What every api of the tests runs with, in process (testConfig) or as a process of its own
 * (faults/api-process.ts): test mode, one APP_KEY (so both read each other's sessions), a fresh data
 * folder, no built web app.
 */
export function testEnv(): Record<string, string> {
  return {
    NODE_ENV: 'test',
    APP_KEY: 'test-app-key-0123456789-abcdefghijklmnop',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'remit-api-test-')),
    WEB_DIST: path.join(tmpdir(), 'remit-no-web-dist'),
    // Tests sign up many customers from one address: the proof of work of busy addresses starts where
    // the old per-address limit was; test/throttles/sign-up*.test.ts set their own.
    SIGNUP_POW_FREE_PER_IP: '20',
  };
}

/**
 * argon2id at a tiny cost: every sign-up hashes and every sign-in verifies, about 40 ms of CPU each
 * at the production cost. Production refuses it (config.ts); test/signup.test.ts and
 * test/platform.test.ts hold the production cost.
 */
export const TEST_PASSWORD_HASH_COST = { PASSWORD_HASH_MEMORY_KIB: '64', PASSWORD_HASH_TIME_COST: '1' };

export function testConfig(env: Record<string, string> = {}, patch: Partial<Config> = {}): Config {
  const base = loadConfig({
    ...testEnv(),
    LOG_LEVEL: 'silent',
    // Paid transfers stay paid unless a test asks for payouts (test/payouts set it to 0).
    PAYOUT_START_DELAY_SECONDS: '86400',
    ...(env.NODE_ENV === 'production' ? {} : TEST_PASSWORD_HASH_COST),
    ...env,
  });
  return { ...base, ...patch };
}

let pgliteTemplate: Promise<Blob> | undefined;
/**
 * A PGlite data directory migrated and seeded once per test worker (files share a worker's modules,
 * vitest.config.ts): each file's database starts as a copy of it, the same as migrating and seeding
 * a fresh one, at about half the cost (docs/decisions/0013-test-command-time.md).
 */
function migratedPglite(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const client = new PGlite();
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
    await migrateToLatest(db);
    await seedReferenceData(db);
    const copy = await client.dumpDataDir('none');
    await db.destroy();
    return copy;
  })();
  return pgliteTemplate;
}

/** One database per test file: in-memory PGlite, or PostgreSQL at TEST_DATABASE_URL. */
export async function createTestDb(): Promise<Kysely<Database>> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) {
    const { db } = createDatabase({ pgliteDataDir: await migratedPglite() });
    await loadReferenceCatalogs(db);
    return db;
  }
  const { db } = createDatabase({ databaseUrl, poolMax: 5 });
  await migrateToLatest(db);
  await seedReferenceData(db);
  await loadReferenceCatalogs(db);
  return db;
}

export async function resetDb(db: Kysely<Database>): Promise<void> {
  await sql`truncate table ${sql.join(customerOwnedTables.map((t) => sql.table(t)))} restart identity cascade`.execute(
    db,
  );
}

export interface TestContext {
  app: FastifyInstance;
  db: Kysely<Database>;
  clock: TestClock;
  store: MemoryRateLimitStore;
  config: Config;
}

/**
 * Registers vitest hooks: build the app once per file (app.inject, no network), empty the
 * customer-owned tables and rate-limit counters before each test, close everything after.
 */
export function useTestApp(
  opts: { env?: Record<string, string>; patch?: Partial<Config>; overrides?: AppOverrides } = {},
): TestContext {
  const ctx = { clock: new TestClock() } as TestContext;
  beforeAll(async () => {
    ctx.db = await createTestDb();
    ctx.store = new MemoryRateLimitStore(ctx.clock.now);
    ctx.config = testConfig(opts.env, opts.patch);
    ctx.app = await buildApp(ctx.config, {
      db: ctx.db,
      now: ctx.clock.now,
      rateLimitStore: ctx.store,
      // Durable jobs run when a test asks (`ctx.app.services.jobs.runDue()`), on the test clock.
      jobsPollMs: 0,
      ...opts.overrides,
    });
    await ctx.app.ready();
    // Rates as of the test clock (the periodic rates.refresh is a durable job, run by hand here).
    await ctx.app.services.ratesJob.runOnce();
  });
  beforeEach(async () => {
    await resetDb(ctx.db);
    ctx.app.sessions.cache.clear(); // the truncate went behind the api's back
    ctx.store.clear();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.db?.destroy();
  });
  return ctx;
}

interface SetCookie {
  name: string;
  value: string;
  httpOnly?: boolean;
  sameSite?: string;
  path?: string;
  maxAge?: number;
  expires?: Date;
  secure?: boolean;
}

/** n clients with the cookies of one (same session), as several tabs, a retrying network or a replaying attacker. */
export function copiesOf(app: FastifyInstance, client: Client, n: number): Client[] {
  return Array.from({ length: n }, () => {
    const c = new Client(app);
    for (const [k, v] of client.cookies) c.cookies.set(k, v);
    return c;
  });
}

/** A tiny cookie jar over app.inject: carries cookies and forwards XSRF-TOKEN as X-XSRF-TOKEN (like axios). */
export class Client {
  readonly cookies = new Map<string, string>();
  ip = '10.0.0.1';
  userAgent =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.129 Safari/537.36';

  constructor(private readonly app: FastifyInstance) {}

  private store(res: LightMyRequestResponse): void {
    for (const c of res.cookies as SetCookie[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  private cookieHeader(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const h: Record<string, string> = { accept: 'application/json', 'user-agent': this.userAgent, ...headers };
    const cookie = this.cookieHeader();
    if (cookie) h.cookie = cookie;
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf && method !== 'GET' && !('x-xsrf-token' in h)) h['x-xsrf-token'] = decodeURIComponent(xsrf);
    const res = await this.app.inject({
      method,
      url,
      headers: h,
      remoteAddress: this.ip,
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    this.store(res);
    return res;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }

  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, body, headers);
  }

  /**
   * Steps up with the password (docs/product/auth-and-sessions.md#step-up), for `scope` when the
   * 403 named one: what the web app's step-up dialog does.
   */
  async stepUp(scope?: string, password = STRONG_PASSWORD): Promise<void> {
    const res = await this.post('/client/v1/step-up', { password, ...(scope ? { scope } : {}) });
    expect(res.statusCode, res.body).toBe(200);
  }

  async csrf(): Promise<void> {
    const res = await this.get(authEndpoints.csrfCookie.path);
    expect(res.statusCode).toBe(204);
  }

  async signUp(email = uniqueEmail(), password = STRONG_PASSWORD): Promise<Customer> {
    await this.csrf();
    const res = await this.post(authEndpoints.signUp.path, { email, password, confirm_password: password });
    expect(res.statusCode, res.body).toBe(201);
    return authEndpoints.signUp.response.parse(res.json());
  }

  async signIn(email: string, password = STRONG_PASSWORD): Promise<Customer> {
    await this.csrf();
    const res = await this.post(authEndpoints.signIn.path, { email, password });
    expect(res.statusCode, res.body).toBe(200);
    return authEndpoints.signIn.response.parse(res.json());
  }

  async profile() {
    return this.get(authEndpoints.getProfile.path);
  }
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export async function mailbox(app: FastifyInstance): Promise<Mailbox> {
  const res = await app.inject({ method: 'GET', url: devEndpoints.getMailbox.path });
  expect(res.statusCode).toBe(200);
  return devEndpoints.getMailbox.response.parse(res.json());
}

export function codeFrom(text: string): string {
  const m = /\b(\d{6})\b/.exec(text);
  if (!m?.[1]) throw new Error(`no six-digit code in: ${text}`);
  return m[1];
}
