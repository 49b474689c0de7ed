// The api's shape (docs/ARCHITECTURE.md "Layers"): the import-direction lint rule refuses wrong-way
// imports, and the modules do not import each other in circles.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const src = join(root, 'apps/api/src');

async function restrictedImports(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((m) => m.message);
}

describe('api import direction (eslint)', () => {
  it.each([
    ['a module importing a plugin', 'apps/api/src/modules/tasks/x.ts', "import '../../plugins/session.ts';"],
    [
      "a module importing another module's repository",
      'apps/api/src/modules/tasks/x.ts',
      "import '../documents/documents.repository.ts';",
    ],
    [
      'a module importing the composition root',
      'apps/api/src/modules/tasks/x.ts',
      "import '../../composition-root.ts';",
    ],
    ['lib importing a module', 'apps/api/src/lib/x.ts', "import '../modules/tasks/tasks.service.ts';"],
    ['lib importing db (lib is the ground floor)', 'apps/api/src/lib/x.ts', "import '../db/types.ts';"],
    ['a seed importing a module', 'apps/api/src/db/seeds/x.ts', "import '../../modules/reference/catalogs.ts';"],
    [
      'an adapter importing a module',
      'apps/api/src/adapters/mail/x.ts',
      "import '../../modules/auth/session.service.ts';",
    ],
    ['a plugin importing the app', 'apps/api/src/plugins/x.ts', "import '../app.ts';"],
    [
      "db/types.ts importing a module's code",
      'apps/api/src/db/types.ts',
      "import type { AuthService } from '../modules/auth/auth.service.ts';",
    ],
    [
      "db/types.ts importing a *.tables.ts file's values",
      'apps/api/src/db/types.ts',
      "export * from '../modules/payments/payments.tables.ts';",
    ],
    [
      'a seed importing a *.tables.ts file (only db/types.ts may)',
      'apps/api/src/db/seeds/x.ts',
      "import type { PaymentsTable } from '../../modules/payments/payments.tables.ts';",
    ],
    [
      'a *.tables.ts file importing db/types.ts (a circle)',
      'apps/api/src/modules/payments/payments.tables.ts',
      "import type { Database } from '../../db/types.ts';",
    ],
    [
      'a *.tables.ts file importing its module',
      'apps/api/src/adapters/mail/mail.tables.ts',
      "import type { MailAdapter } from './mail-adapter.ts';",
    ],
  ])('refuses %s', async (_name, file, code) => {
    expect(await restrictedImports(file, code)).toHaveLength(1);
  });

  it.each([
    [
      "a module using another module's service",
      'apps/api/src/modules/tasks/x.ts',
      "import '../documents/documents.service.ts';",
    ],
    ['a module using its own repository', 'apps/api/src/modules/tasks/x.ts', "import './tasks.repository.ts';"],
    [
      'a module using lib, db and an adapter',
      'apps/api/src/modules/tasks/x.ts',
      "import '../../lib/clock.ts';\nimport '../../db/types.ts';\nimport '../../adapters/mail/mail-adapter.ts';",
    ],
    ['a plugin using a module', 'apps/api/src/plugins/x.ts', "import '../modules/auth/session.service.ts';"],
    [
      "db/types.ts composing the owners' *.tables.ts, types only",
      'apps/api/src/db/types.ts',
      "import type { PaymentsTables } from '../modules/payments/payments.tables.ts';\n" +
        "export type * from '../adapters/mail/mail.tables.ts';",
    ],
    [
      'a *.tables.ts file using kysely and the column helpers',
      'apps/api/src/modules/payments/payments.tables.ts',
      "import type { ColumnType } from 'kysely';\nimport type { Timestamp } from '../../db/column-types.ts';",
    ],
  ])('allows %s', async (_name, file, code) => {
    expect(await restrictedImports(file, code)).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** module name → the modules it imports (relative imports between files of src/modules). */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(relative(src, file))?.[1];
  for (const file of sourceFiles(src)) {
    const from = moduleOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
      const to = moduleOf(resolve(dirname(file), spec!));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

describe('api modules', () => {
  it('do not import each other in a circle', () => {
    const graph = moduleGraph();
    expect(graph.size).toBeGreaterThan(10);
    const cycles: string[] = [];
    const visit = (node: string, path: string[]) => {
      if (path.includes(node)) {
        cycles.push([...path.slice(path.indexOf(node)), node].join(' → '));
        return;
      }
      for (const next of graph.get(node) ?? []) visit(next, [...path, node]);
    };
    for (const node of graph.keys()) visit(node, []);
    expect(cycles).toEqual([]);
  });
});

/**
 * Every table has one owner (issue #21 item 2): the one folder of src/ whose code may insert, update or
 * delete its rows. Other modules change a table through its owner's service (passing their
 * transaction along) and read it there where they can. `db` owns the reference data only its seeds
 * write, and may also seed the module-owned tables in SEEDED_BY_DB; migrations (frozen history) are
 * not scanned. Where a table's row type lives in a `*.tables.ts` file, that file sits in the owner's
 * folder.
 */
const TABLE_OWNERS: Record<string, string> = {
  // reference data: written by db/seeds only
  countries: 'db',
  attribute_definitions: 'db',
  document_categories: 'db',
  document_types: 'db',
  // corridors (seeded by db/seeds) and mid-market rates (the refresh job; db/seeds stores the snapshot)
  corridors: 'modules/corridors',
  corridor_payout_methods: 'modules/corridors',
  pay_in_fees: 'modules/corridors',
  fx_rates: 'modules/corridors',
  // the customer (filled in by onboarding through CustomersService) and their sign-in
  customers: 'modules/customers',
  customer_attributes: 'modules/customers',
  addresses: 'modules/customers',
  accounts: 'modules/auth',
  sessions: 'modules/auth',
  one_time_codes: 'modules/auth',
  email_changes: 'modules/email-change',
  mfa_totp: 'modules/mfa',
  mfa_recovery_codes: 'modules/mfa',
  password_reset_tokens: 'modules/passwords',
  known_devices: 'modules/known-devices',
  passkeys: 'modules/passkeys',
  webauthn_challenges: 'modules/passkeys',
  documents: 'modules/documents',
  document_pages: 'modules/documents',
  upload_targets: 'modules/documents',
  provider_tokens: 'modules/documents',
  // money
  recipients: 'modules/recipients',
  rate_alerts: 'modules/rate-alerts',
  quotes: 'modules/quotes',
  transactions: 'modules/transfers',
  transaction_events: 'modules/transfers',
  transfer_holds: 'modules/transfers',
  idempotency_keys: 'modules/transfers',
  payments: 'modules/payments',
  payouts: 'modules/payouts',
  webhook_events: 'modules/webhooks',
  ledger_accounts: 'modules/ledger',
  ledger_entries: 'modules/ledger',
  tracking_links: 'modules/tracking',
  scheduled_transfers: 'modules/scheduled-transfers',
  scheduled_transfer_runs: 'modules/scheduled-transfers',
  jobs: 'modules/jobs',
  // the adapters' own tables
  mail_outbox: 'adapters/mail',
  sandbox_gateway_payments: 'adapters/payment-gateway',
  sandbox_payouts: 'adapters/payout-partner',
};

/** Module-owned tables that db/seeds fills too (their first rows). */
const SEEDED_BY_DB = new Set(['corridors', 'corridor_payout_methods', 'pay_in_fees', 'fx_rates']);

/** The folder a file of src/ belongs to: `modules/<m>`, `adapters/<a>`, `plugins/<p>`, `db`, or its own path. */
function folderOf(file: string): string {
  const rel = relative(src, file).split('\\').join('/');
  return /^(modules|adapters|plugins)\/[^/]+/.exec(rel)?.[0] ?? (rel.startsWith('db/') ? 'db' : rel);
}

/** Each table of the typed Database (`name: SomeTable;` in db/types.ts or a `*.tables.ts`) → the files declaring it. */
function declaredTables(): Map<string, string[]> {
  const tables = new Map<string, string[]>();
  for (const file of sourceFiles(src)) {
    if (!file.endsWith('.tables.ts') && relative(src, file) !== join('db', 'types.ts')) continue;
    for (const [, table] of readFileSync(file, 'utf8').matchAll(/^ {2}(\w+): \w+Table;$/gm))
      tables.set(table!, [...(tables.get(table!) ?? []), file]);
  }
  return tables;
}

/** The tables a piece of code writes: Kysely builders, and SQL text in template literals. */
function writtenTables(code: string, tables: readonly string[]): string[] {
  const known = new Set(tables);
  const text = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = [...text.matchAll(/\b(?:insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(\s*['"`](\w+)/g)].map(
    (m) => m[1]!,
  );
  for (const [literal] of text.matchAll(/`(?:[^`\\]|\\[\s\S])*`/g)) {
    for (const m of literal.matchAll(
      /\b(?:insert\s+into|delete\s+from|merge\s+into|update(?=\s+(?:only\s+)?"?\w+"?(?:\s+(?:as\s+)?\w+)?\s+set\b))\s+(?:only\s+)?"?(\w+)/gi,
    ))
      found.push(m[1]!.toLowerCase());
  }
  return [...new Set(found.filter((t) => known.has(t)))];
}

describe('table ownership', () => {
  const declared = declaredTables();
  const tables = [...declared.keys()];

  it('names one owner for every table, beside its row type', () => {
    expect(tables.length).toBeGreaterThan(30);
    expect(tables.filter((t) => !(t in TABLE_OWNERS))).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((t) => !declared.has(t))).toEqual([]);
    const elsewhere = [...declared].flatMap(([table, files]) =>
      files
        .filter((f) => f.endsWith('.tables.ts') && folderOf(f) !== TABLE_OWNERS[table])
        .map((f) => `${table} in ${relative(src, f)} (owner: ${TABLE_OWNERS[table]})`),
    );
    expect(elsewhere).toEqual([]);
  });

  it('sees the writes of the Kysely builders and of SQL text', () => {
    const code = [
      "db.insertInto('accounts').values(row)",
      "db\n  .updateTable('sessions')",
      "db.deleteFrom('customers')",
      "// db.deleteFrom('quotes') in a comment",
      'sql`insert into payouts (id) values (1)`',
      'sql`UPDATE "jobs" SET status = 1`',
      'sql`update transactions t set status = 1`',
      'sql`delete from ledger_entries where id = 1`',
      'sql`select 1 from payments for update skip locked`',
      'sql`insert into x on conflict do update set recipients = 1`',
    ].join('\n');
    expect(writtenTables(code, tables).sort()).toEqual(
      ['accounts', 'customers', 'jobs', 'ledger_entries', 'payouts', 'sessions', 'transactions'].sort(),
    );
  });

  it('lets only its owner write a table (src/, migrations aside)', () => {
    const strays: string[] = [];
    for (const file of sourceFiles(src)) {
      const rel = relative(src, file).split('\\').join('/');
      if (rel.startsWith('db/migrations/')) continue;
      const folder = folderOf(file);
      for (const table of writtenTables(readFileSync(file, 'utf8'), tables)) {
        if (TABLE_OWNERS[table] === folder) continue;
        if (folder === 'db' && SEEDED_BY_DB.has(table)) continue;
        strays.push(`${rel} writes ${table} (owner: ${TABLE_OWNERS[table]})`);
      }
    }
    expect(strays).toEqual([]);
  });
});
