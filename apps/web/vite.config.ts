import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
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

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss(), precompress()],
  define: {
    // Parsed (and refused when wrong) once at start-up; the browser gets the plain object.
    __APP_CONFIG__: JSON.stringify(parseEnv({ ...loadEnv(mode, import.meta.dirname, 'VITE_'), ...pickViteEnv() })),
  },
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
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
    sourcemap: true,
    // bench/bundle.mjs reads the manifest to size what '/' loads.
    manifest: true,
    target: 'es2022',
    rollupOptions: {
      output: {
        // React and ReactDOM change rarely: their own long-cached chunk.
        manualChunks(id) {
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
}));
