// db/types.ts against the schema the migrations make: every table they create has its interface in
// Database (from its owner's `*.tables.ts`) with the same columns, and Database names no table or
// column the migrations do not make. A forgotten table, column or interface fails here.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrator.ts';
import type { Database } from '../src/db/types.ts';

const api = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** table → its column names, as the type checker sees `Database` in src/db/types.ts. */
function databaseInterface(): Map<string, string[]> {
  const file = join(api, 'src/db/types.ts');
  const config = ts.getParsedCommandLineOfConfigFile(
    join(api, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  )!;
  const program = ts.createProgram([file], { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const database = checker
    .getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(file)!)!)
    .find((s) => s.name === 'Database')!;
  const tables = new Map<string, string[]>();
  for (const table of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(database))) {
    const columns = checker.getPropertiesOfType(checker.getTypeOfSymbol(table)).map((c) => c.name);
    tables.set(table.name, columns.sort());
  }
  return tables;
}

/** table → its column names, as the migrations leave a fresh database (PGlite). */
async function migratedSchema(db: Kysely<Database>): Promise<Map<string, string[]>> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      and c.table_name not in ('kysely_migration', 'kysely_migration_lock')
    order by c.table_name, c.column_name`.execute(db);
  const tables = new Map<string, string[]>();
  for (const { table_name, column_name } of rows)
    tables.set(table_name, [...(tables.get(table_name) ?? []), column_name]);
  return tables;
}

let db: Kysely<Database>;
let schema: Map<string, string[]>;
let types: Map<string, string[]>;
beforeAll(async () => {
  db = createDatabase({}).db;
  await migrateToLatest(db);
  schema = await migratedSchema(db);
  types = databaseInterface();
}, 60_000);
afterAll(async () => {
  await db?.destroy();
});

describe('Database (db/types.ts) and the migrated schema', () => {
  it('name the same tables', () => {
    expect(schema.size).toBeGreaterThan(30);
    const missingInterface = [...schema.keys()].filter((t) => !types.has(t));
    const missingTable = [...types.keys()].filter((t) => !schema.has(t));
    expect({ missingInterface, missingTable }).toEqual({ missingInterface: [], missingTable: [] });
  });

  it('give every table the same columns', () => {
    const differences = [...schema].flatMap(([table, columns]) => {
      const typed = types.get(table);
      if (!typed) return [];
      return [
        ...columns.filter((c) => !typed.includes(c)).map((c) => `${table}.${c}: no property in its interface`),
        ...typed.filter((c) => !columns.includes(c)).map((c) => `${table}.${c}: no column in the migrated schema`),
      ];
    });
    expect(differences).toEqual([]);
  });
});
