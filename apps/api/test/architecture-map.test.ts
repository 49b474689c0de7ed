// The map stays true (issue #21 item 10): docs/ARCHITECTURE.md names only paths that exist, every api
// module and web feature has its line there, every folder or glob eslint.config.js names matches
// something, and the api's test folders are named after the modules they test.
//
// How the map names a path (docs/ARCHITECTURE.md "How this page names paths"):
// - a backticked span with a `/` and no space is a path (a `#anchor` after a file is dropped); route
//   paths (`/client/v1/...`), aliases and packages (`@/features/x`, `@remit/contract`) and URLs are not;
// - in a drawing (a fenced block without a language) the first word of each line that starts at the
//   margin is a path too, so are names joined by ` / ` (`server.ts / start.ts`);
// - a path that starts at the repository's top (`apps/`, `packages/`, `docs/`, `bench/`, `scripts/`,
//   `.ci/`) is read from there; any other (`modules/x/`, `features/y/`, `lib/z.ts`, `test/...`) from
//   the folder of a workspace it is written in: apps/api/src, apps/api, apps/web/src, apps/web,
//   packages/contract/src, packages/pusher-server/src or packages/pusher-server; it must exist in one;
// - `<m>` stands for any one name, `*` for any run of characters in a name, `**` for any folders, and
//   `{a,b}` for each of a and b: `features/{auth,limits}/` needs both folders;
// - a bare file name (`session.service.ts`, `<m>.jobs.ts`) is read beside the path it follows and not
//   checked.
// A glob of eslint.config.js is read from the top; its braces name folders that must each match, and
// file endings of which one is enough (`{lib,config}/**/*.{ts,tsx}`: a .ts or .tsx under each folder).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const doc = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');

const TOP = /^(apps|packages|docs|bench|scripts|\.ci)\//;
const TOP_FILES = new Set(['README.md', 'eslint.config.js', 'package.json', '.prettierrc']);
const WORKSPACE_BASES = [
  'apps/api/src',
  'apps/api',
  'apps/web/src',
  'apps/web',
  'packages/contract/src',
  'packages/pusher-server/src',
  'packages/pusher-server',
];

/** Test folders under apps/api/test that are not one module's: what each one holds. */
const SHARED_TEST_FOLDERS: Record<string, string> = {
  adapters: 'the sandbox payment gateway and payout partner',
  backup: 'npm run backup and npm run restore (apps/api/scripts, db/backup.ts)',
  faults: 'PostgreSQL or Redis lost, health, graceful shutdown (plugins, db, lib)',
  metrics: 'GET /metrics (plugins/metrics.ts)',
  storage: 'the storage adapter (local files, S3)',
  crash: 'a crash between two steps of a transfer',
  csrf: 'the CSRF plugin',
  'odd-input': 'generated and odd request bodies against every route',
  fleet: 'several api instances on one database and one Redis',
  races: 'races on PostgreSQL across modules',
  security: 'email verification, MFA and passwords together',
  throttles: 'the throttles of lib/throttle',
  fixtures: 'files the tests upload',
};

/** `{a,b}x` → ['ax', 'bx'], innermost braces first. */
function expandBraces(pattern: string): string[] {
  const m = /\{([^{}]*)\}/.exec(pattern);
  if (!m) return [pattern];
  const [whole, inner = ''] = m;
  return inner
    .split(',')
    .flatMap((alt) => expandBraces(pattern.slice(0, m.index) + alt + pattern.slice(m.index + whole.length)));
}

const segmentPattern = (segment: string): RegExp =>
  new RegExp(
    `^${segment
      .split(/(<[^>]+>|\*)/)
      .map((part) =>
        part === '*' ? '.*' : /^<[^>]+>$/.test(part) ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('')}$`,
  );

const entries = (dir: string): string[] => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};
const isDir = (path: string): boolean => existsSync(path) && statSync(path).isDirectory();

/** Whether a pattern without braces (`<m>`, `*`, `**` allowed) names at least one file or folder under base. */
function matchesSomething(base: string, pattern: string): boolean {
  const segments = pattern.split('/').filter((s) => s !== '' && s !== '.');
  const walk = (dir: string, i: number): boolean => {
    if (i === segments.length) return true;
    const segment = segments[i]!;
    if (segment === '**') {
      if (walk(dir, i + 1)) return true;
      return entries(dir).some((name) => isDir(join(dir, name)) && walk(join(dir, name), i));
    }
    if (!/[<*]/.test(segment)) return existsSync(join(dir, segment)) && walk(join(dir, segment), i + 1);
    const re = segmentPattern(segment);
    return entries(dir).some((name) => re.test(name) && walk(join(dir, name), i + 1));
  };
  return walk(join(root, base), 0);
}

/** The paths docs/ARCHITECTURE.md names, by the conventions above. */
function namedPaths(markdown: string): string[] {
  const found = new Set<string>();
  const consider = (token: string) => {
    const path = token.replace(/#.*$/, '').replace(/[.,;:]$/, '');
    if (/\s/.test(path) || path.startsWith('/') || path.startsWith('@') || /^[a-z]+:/.test(path)) return;
    if (!path.includes('/') && !TOP_FILES.has(path) && !/\.[a-z]+$/.test(path)) return;
    found.add(path);
  };
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const opening = /^```(\S*)/.exec(line);
    if (opening) {
      fence = fence === null ? (opening[1] ?? '') : null;
      continue;
    }
    if (fence === '') {
      const head = /^(\S+(?: \/ \S+)*)/.exec(line)?.[1];
      head?.split(' / ').forEach(consider);
      continue;
    }
    if (fence !== null) continue;
    for (const m of line.matchAll(/`([^`]+)`/g)) if (m[1]?.includes('/') || TOP_FILES.has(m[1] ?? '')) consider(m[1]!);
  }
  return [...found];
}

const exists = (path: string): boolean =>
  expandBraces(path).every((one) =>
    TOP.test(one) || TOP_FILES.has(one)
      ? matchesSomething('', one)
      : WORKSPACE_BASES.some((b) => matchesSomething(b, one)),
  );

/** The folders of dir that hold at least one file (git keeps no empty folder: a leftover one is not news). */
const folders = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter(
      (d) =>
        d.isDirectory() &&
        readdirSync(join(root, dir, d.name), { recursive: true, withFileTypes: true }).some((f) => f.isFile()),
    )
    .map((d) => d.name)
    .sort();

describe('docs/ARCHITECTURE.md names only what exists', () => {
  const paths = namedPaths(doc);

  it('reads the paths the way the page says it names them', () => {
    const sample = [
      'See `apps/api/src/modules/transfers/` and `docs/product/api.md#error-shapes`, not `/client/v1/x`,',
      '`@/features/transfers` or `@remit/contract`; `features/{auth,limits}/`, `<m>.jobs.ts` and `https://x.y/z`.',
      '```',
      'server.ts / start.ts        entry',
      'modules/<m>/                the modules',
      '                            continued/line.ts',
      '```',
      '```ts',
      "import x from './not/a/path.ts';",
      '```',
    ].join('\n');
    expect(namedPaths(sample).sort()).toEqual(
      [
        'apps/api/src/modules/transfers/',
        'docs/product/api.md',
        'features/{auth,limits}/',
        'server.ts',
        'start.ts',
        'modules/<m>/',
      ].sort(),
    );
    expect(exists('features/{auth,limits}/')).toBe(true);
    expect(exists('features/{auth,quotes}/')).toBe(false);
    expect(exists('modules/transactions/')).toBe(false);
    expect(exists('apps/api/src/jobs/')).toBe(false);
    expect(exists('modules/<m>/<m>.jobs.ts')).toBe(true);
    expect(exists('apps/api/src/{db,modules/*,adapters/*}/*.tables.ts')).toBe(true);
  });

  it('finds enough paths to be worth reading', () => {
    expect(paths.length).toBeGreaterThan(60);
  });

  it('every path it names exists', () => {
    expect(paths.filter((p) => !exists(p))).toEqual([]);
  });

  it('every api module has its row in the modules table', () => {
    const table = doc.slice(doc.indexOf('### Modules'), doc.indexOf('### Composition root'));
    const rows = [...table.matchAll(/^\| `([a-z-]+)` +\|/gm)].map((m) => m[1]);
    expect(rows.sort()).toEqual(folders('apps/api/src/modules'));
  });

  it('every web feature has its row in the features table', () => {
    const table = doc.slice(doc.indexOf('### Features'), doc.indexOf('## Tests'));
    const rows = [...table.matchAll(/^\| `([a-z-]+)` +\|/gm)].map((m) => m[1]);
    expect(rows.sort()).toEqual(folders('apps/web/src/features'));
  });
});

describe('eslint.config.js names only what exists', () => {
  const config = readFileSync(join(root, 'eslint.config.js'), 'utf8');
  const globs = [...config.matchAll(/'((?:apps|packages)\/[^'$]*)'/g)].map((m) => m[1]!);

  it('names folders and files of the tree', () => {
    expect(globs.length).toBeGreaterThan(10);
    expect(globs).toContain('apps/api/src/modules/**/*.ts');
  });

  it.each(globs)('%s matches at least one file in each folder its braces name', (glob) => {
    const byFolder = new Map<string, string[]>();
    for (const one of expandBraces(glob)) {
      const folder = one.slice(0, one.lastIndexOf('/'));
      byFolder.set(folder, [...(byFolder.get(folder) ?? []), one]);
    }
    const empty = [...byFolder].filter(([, alternatives]) => !alternatives.some((one) => matchesSomething('', one)));
    expect(empty.map(([folder]) => folder)).toEqual([]);
  });

  it('its web features folder exists', () => {
    expect(config).toContain("new URL('./apps/web/src/features/', import.meta.url)");
    expect(folders('apps/web/src/features').length).toBeGreaterThan(3);
  });
});

describe('api test folders mirror the modules', () => {
  it('every folder under apps/api/test is a module of apps/api/src/modules or a shared one', () => {
    const modules = new Set(folders('apps/api/src/modules'));
    const strays = folders('apps/api/test').filter((f) => !modules.has(f) && !(f in SHARED_TEST_FOLDERS));
    expect(strays).toEqual([]);
  });

  it('every shared test folder still exists and is not named after a module', () => {
    const modules = new Set(folders('apps/api/src/modules'));
    for (const folder of Object.keys(SHARED_TEST_FOLDERS)) {
      expect(isDir(join(root, 'apps/api/test', folder)), folder).toBe(true);
      expect(modules.has(folder), folder).toBe(false);
    }
  });
});
