// No source file over 400 lines outside data tables (issue #21 item 8): a long file is split by
// concern (documents/file-inspection.ts and its image, HEIC and PDF parts; config/; composition/).
// Counted: every .ts/.tsx file under apps/*/src, packages/*/src and apps/api/scripts, except tests
// (*.test.ts(x), e2e/, testing/) and the data files in DATA_TABLES, each with why it is long.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const MAX_LINES = 400;

/** Data, not code: a path ending in `/` is a folder and everything under it. */
const DATA_TABLES: { path: string; reason: string }[] = [
  { path: 'apps/web/src/locales/', reason: 'locales: the words of the web app, one text a line per language' },
  { path: 'apps/api/src/db/seeds/', reason: 'seeds: reference rows (countries, attributes, corridors, rates)' },
  {
    path: 'apps/api/src/modules/recipients/requirements-catalog.ts',
    reason: 'catalog data: the recipient fields each payout method asks for',
  },
  { path: 'apps/api/src/modules/recipients/bank-lists.ts', reason: 'catalog data: the banks of each country' },
];

const isTest = (path: string) =>
  /\.test\.tsx?$/.test(path) || path.split('/').some((part) => part === 'e2e' || part === 'testing');
const isDataTable = (path: string) =>
  DATA_TABLES.some((entry) => (entry.path.endsWith('/') ? path.startsWith(entry.path) : path === entry.path));

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist') return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [relative(root, path).split('\\').join('/')] : [];
  });
}

const workspaces = (parent: string) => readdirSync(join(root, parent)).map((name) => join(root, parent, name, 'src'));
const files = [...workspaces('apps'), ...workspaces('packages'), join(root, 'apps/api/scripts')].flatMap(sourceFiles);

/** Lines as `wc -l` counts them in a file that ends with a newline. */
const lineCount = (path: string) => readFileSync(join(root, path), 'utf8').replace(/\n$/, '').split('\n').length;

describe('source file size', () => {
  it('finds the source files', () => {
    expect(files).toContain('apps/api/src/composition-root.ts');
    expect(files.some((f) => f.startsWith('apps/web/src/'))).toBe(true);
    expect(files.some((f) => f.startsWith('packages/contract/src/'))).toBe(true);
  });

  it(`no source file is over ${MAX_LINES} lines, outside the data tables`, () => {
    const long = files
      .filter((f) => !isTest(f) && !isDataTable(f))
      .map((f) => ({ f, lines: lineCount(f) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ f, lines }) => `${f}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  it('every data-table entry names files that exist', () => {
    const unused = DATA_TABLES.filter((entry) => !files.some((f) => isDataTable(f) && f.startsWith(entry.path)));
    expect(unused.map((entry) => entry.path)).toEqual([]);
  });
});
