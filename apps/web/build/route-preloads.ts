import type { Plugin, Rollup } from 'vite';
import { paths } from '../src/config/paths.ts';

/**
 * The routes loaded without an account (app/routes.tsx): under the query layout, not the signed-in
 * one. Every other lazy route module is a signed-in screen.
 */
const PUBLIC = new Set(['multiFactorAuth', 'forgotPassword', 'resetPassword', 'track']);

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Where the build writes the table (beside Vite's manifest; not served as an asset). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * Writes, for each lazy route, the JavaScript files its first load needs (its module, the layouts
 * above it, the route-data starter and the api layer, each with its static imports): the api puts
 * them in index.html as `<link rel="modulepreload">` when it serves that route (apps/api
 * src/plugins/web.ts), so they download with the entry instead of after it has run.
 */
export function routePreloads(): Plugin {
  return {
    name: 'remit:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const bySource = new Map<string, Rollup.OutputChunk>();
      for (const c of chunks) if (c.facadeModuleId) bySource.set(c.facadeModuleId.split('/src/').pop() ?? '', c);
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry);
      const loadedWithEntry = new Set<string>();
      const closure = (chunk: Rollup.OutputChunk | undefined, into: Set<string>) => {
        if (!chunk || into.has(chunk.fileName)) return;
        into.add(chunk.fileName);
        for (const file of chunk.imports) closure(byFile.get(file), into);
      };
      closure(entry, loadedWithEntry);
      const api = chunks.find((c) => c.name === 'api');
      const routes: { path: string; files: string[] }[] = [];
      for (const [name, route] of Object.entries(paths)) {
        const module = bySource.get(`app/routes/${kebab(name)}.tsx`);
        if (!module) continue; // in the entry (sign-in, sign-up)
        const files = new Set<string>();
        for (const source of [
          'app/layouts/query-layout.tsx',
          ...(PUBLIC.has(name) ? [] : ['app/layouts/app-layout.tsx', 'app/route-data.ts']),
        ]) {
          closure(bySource.get(source), files);
        }
        closure(module, files);
        closure(api, files);
        routes.push({ path: route.path, files: [...files].filter((f) => !loadedWithEntry.has(f)).map((f) => `/${f}`) });
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify({ routes }, null, 2)}\n`,
      });
    },
  };
}
