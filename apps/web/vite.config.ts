import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin, type Rollup } from 'vite';
import { routePreloads } from './build/route-preloads.ts';
import { parseEnv } from './src/config/env-schema.ts';

/** Where the api listens in development; the dev server proxies every api path there. */
const apiTarget = process.env.VITE_DEV_API_TARGET ?? 'http://localhost:8080';

/** VITE_* variables from the process environment win over .env files. */
function pickViteEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(([k, v]) => k.startsWith('VITE_') && v !== undefined),
  ) as Record<string, string>;
}

const proxied = ['/client', '/sanctum', '/broadcasting', '/dev', '/docs'];

/** Text assets the api may send compressed (source maps are left out: only DevTools fetch them). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/;

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text asset of the
 * build, once, at the highest ratio; the api serves them by Accept-Encoding (@fastify/static
 * `preCompressed`, apps/api/src/plugins/web.ts) instead of compressing on every request.
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = '';
  return {
    name: 'remit:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
          .filter((f) => f.isFile() && COMPRESSIBLE.test(f.name) && !f.parentPath.includes(`${path.sep}.vite`))
          .map((f) => path.join(f.parentPath, f.name));
        await Promise.all(
          files.map(async (file) => {
            const data = await readFile(file);
            const [brotli, gzipped] = await Promise.all([
              br(data, {
                params: {
                  [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                  [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                  [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }),
              gz(data, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipped)]);
          }),
        );
      },
    },
  };
}

/**
 * Library modules the web app never runs, replaced in the build by stubs with the same exports
 * (docs/decisions/0017-bundle-back-to-350.md): zod's JSON Schema generation (classic zod builds a
 * `toJSONSchema` method into every schema; the web only parses). A stubbed function throws if it is
 * ever called. A renamed export fails the build (Rollup: "is not exported by").
 */
const UNUSED_MODULES: { file: RegExp; stub: (name: string) => string }[] = [
  {
    file: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/](?:json-schema-processors|to-json-schema)\.js$/,
    stub: (name) => `export const ${name} = () => () => unavailable();`,
  },
];

/** The stub of an unused module: every export of the real file, none of its code. */
function stubUnusedModules(): Plugin {
  return {
    name: 'remit:stub-unused-modules',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      const unused = UNUSED_MODULES.find(({ file }) => file.test(id));
      if (!unused) return null;
      const source = await readFile(id, 'utf8');
      const names = new Set(
        [
          ...[...source.matchAll(/^export (?:async )?(?:function\*?|const|let|class) (\w+)/gm)].map((m) => m[1]),
          // `export { a, b as c }`: the exported names (a, c).
          ...[...source.matchAll(/^export \{([^}]*)\}/gm)].flatMap((m) =>
            (m[1] ?? '').split(',').map((part) => /(\w+)\s*$/.exec(part)?.[1]),
          ),
        ].filter((name): name is string => !!name),
      );
      return [
        `const unavailable = () => { throw new Error('Not part of the web build: ${path.basename(id)}'); };`,
        ...[...names].map(unused.stub),
        /^export default /m.test(source) ? 'export default () => unavailable();' : '',
      ].join('\n');
    },
  };
}

/** The contract's endpoint definitions, whose `summary` is for the api's OpenAPI document only. */
const CONTRACT_ENDPOINTS = /[\\/]packages[\\/]contract[\\/]src[\\/][\w-]+[\\/]endpoints\.ts$/;
/** A `summary: '…'` (or "…") property on one line. */
const SUMMARY = /\bsummary: (?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"),/g;

/**
 * Empties the endpoints' `summary` texts in the web build (docs/decisions/0017-bundle-back-to-350.md):
 * the api's OpenAPI document reads them, the browser never does (about 4 KB of English).
 */
function stripEndpointSummaries(): Plugin {
  return {
    name: 'remit:strip-endpoint-summaries',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      return CONTRACT_ENDPOINTS.test(id) ? { code: code.replace(SUMMARY, "summary: '',"), map: null } : null;
    },
  };
}

type ModuleInfoOf = (id: string) => Rollup.ModuleInfo | null;

const nodeModules = (names: string) => new RegExp(`[\\/]node_modules[\\/](?:${names})[\\/]`);
const appSource = (pattern: string) => new RegExp(`[\\/]apps[\\/]web[\\/]src[\\/](?:${pattern})`);

/** Libraries by the chunk they go to; the app modules that only run with one of them go with it. */
const LIBRARY_CHUNKS: [RegExp, string][] = [
  [nodeModules('react|react-dom|scheduler'), 'react'],
  [nodeModules('pusher-js|laravel-echo'), 'realtime'],
  [nodeModules('react-hook-form|@hookform'), 'forms'],
  [nodeModules('@tanstack'), 'query'],
  [nodeModules('zod'), 'api'],
  [/[\\/]packages[\\/]contract[\\/]/, 'api'],
  // Loaded together by lib/api-loader.ts (and the sign-in forms' validators on their first submit).
  [
    appSource(
      'lib[\\/](?:http|http-client|api-errors|socket-id)\\.ts$|features[\\/]auth[\\/]components[\\/]form-schemas\\.ts$',
    ),
    'api',
  ],
  [appSource('lib[\\/](?:query-client|customer-store|password-policy)\\.ts$'), 'query'],
];
const libraryChunk = (id: string) => LIBRARY_CHUNKS.find(([re]) => re.test(id))?.[1];

/**
 * Lazy route modules, their data starters (app/route-data.ts) and texts: never followed when looking
 * for what sign-in may load.
 */
const LAZY = appSource('app[\\/](?:routes[\\/]|layouts[\\/]|route-data\\.ts$)|locales[\\/]');
/** The signed-in screens' common parts: design system, helpers, each feature's api, hooks and lib. */
const SHARED = appSource('components[\\/]ui[\\/]|lib[\\/]|features[\\/][\\w-]+[\\/](?:api|hooks|lib)[\\/]');
/**
 * Small modules that nearly every signed-in route and the api layer import: in the entry, where
 * each importer's existing import line reaches them, instead of a file of their own that every
 * importer names by its hashed name (about 1 KB on sign-in, less over the whole app:
 * docs/decisions/0017-bundle-back-to-350.md).
 */
const WITH_ENTRY = appSource('lib[\\/](?:format-date|step-up-bridge)\\.ts$|components[\\/]ui[\\/]query-state\\.tsx$');
/** A feature's texts in one language (lib/i18n.ts loadLocale); `common` is not a feature. */
const TEXTS = appSource('locales[\\/](en|fr)[\\/](?!common\\.ts$)[\\w-]+\\.ts$');

/**
 * The chunk of each module the build places by name (docs/decisions/0012-fewer-chunks.md); every
 * other module is placed by Rollup. Computed once per build from the module graph.
 */
function chunkPlan(ids: readonly string[], info: ModuleInfoOf): Map<string, string> {
  const plan = new Map<string, string>();
  const entry = ids.find((id) => info(id)?.isEntry);
  // A module importing a lazy library itself is not part of sign-in's bundle, even when a feature's
  // index re-exports it next to sign-in's screens.
  const importsLazyLibrary = (id: string) =>
    (info(id)?.importedIds ?? []).some((d) => (libraryChunk(d) ?? 'react') !== 'react');
  const reach = (dynamic: boolean): Set<string> => {
    const seen = new Set<string>();
    const todo = entry ? [entry] : [];
    while (todo.length > 0) {
      const id = todo.pop() as string;
      if (seen.has(id) || (!dynamic && importsLazyLibrary(id))) continue;
      seen.add(id);
      const m = info(id);
      if (!m) continue;
      todo.push(...m.importedIds);
      if (dynamic) todo.push(...m.dynamicallyImportedIds.filter((d) => !LAZY.test(d)));
    }
    return seen;
  };
  // Sign-in's bundle, named so that the shared chunk can import from it instead of Rollup splitting
  // what both use out of it.
  for (const id of reach(false)) {
    const lazyModule = id !== entry && (info(id)?.dynamicImporters.length ?? 0) > 0;
    if (libraryChunk(id) !== 'react' && !lazyModule) plan.set(id, 'index');
  }
  for (const id of ids) if (WITH_ENTRY.test(id)) plan.set(id, 'index');
  // What sign-in and sign-up may load later (the api on the first request, the policy): not shared.
  const signIn = reach(true);
  for (const id of ids) {
    if (plan.has(id)) continue;
    const library = libraryChunk(id);
    const texts = TEXTS.exec(id);
    if (library) plan.set(id, library);
    else if (texts) plan.set(id, `texts-${texts[1]}`);
    else if (SHARED.test(id) && !signIn.has(id) && (info(id)?.dynamicImporters.length ?? 0) === 0)
      plan.set(id, 'shared');
  }
  return plan;
}

/** One plan per output: Rollup passes the same api object for every module of it. */
const plans = new WeakMap<object, Map<string, string>>();
function manualChunks(id: string, api: Rollup.ManualChunkMeta): string | undefined {
  let plan = plans.get(api);
  if (!plan) {
    plan = chunkPlan([...api.getModuleIds()], api.getModuleInfo);
    plans.set(api, plan);
  }
  return plan.get(id);
}

export default defineConfig(({ command, mode }) => ({
  plugins: [stubUnusedModules(), stripEndpointSummaries(), react(), tailwindcss(), precompress(), routePreloads()],
  define: {
    // Parsed (and refused when wrong) once at start-up; the browser gets the plain object.
    __APP_CONFIG__: JSON.stringify(parseEnv({ ...loadEnv(mode, import.meta.dirname, 'VITE_'), ...pickViteEnv() })),
  },
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
      // React Router's package exports only its development build (with its warnings); the
      // production build is in its dist (docs/decisions/0017-bundle-back-to-350.md).
      ...(command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/')),
            },
          ]
        : []),
    ],
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxied.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
      // Pusher-protocol WebSocket of the embedded realtime server.
      '/app': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    // bench/bundle.mjs reads the manifest to size what '/' loads.
    manifest: true,
    target: 'es2022',
    // A few KB smaller than esbuild's output (docs/decisions/0012-fewer-chunks.md).
    minify: 'terser',
    // Two compress passes: 0.3 KB less (docs/decisions/0017-bundle-back-to-350.md).
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: {
      output: {
        // Fewer, larger chunks (docs/decisions/0012-fewer-chunks.md): only the modules chunkPlan
        // names go to the named chunks (not their imports as well). React and ReactDOM change
        // rarely: their own long-cached chunk.
        onlyExplicitManualChunks: true,
        manualChunks,
      },
    },
  },
}));
