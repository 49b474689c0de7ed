import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
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

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss()],
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
