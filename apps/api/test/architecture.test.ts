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
