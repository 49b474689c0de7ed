#!/usr/bin/env node
// Runs every benchmark and prints the Markdown that goes into docs/benchmarks.md.
// Needs a production build of the web app (npm run build), Chromium for the first-paint run
// (CHROMIUM_PATH, default /usr/bin/chromium) and, for the PostgreSQL rows,
// a database named by BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/remit_bench),
// and Redis for the session-cache run (BENCH_REDIS_URL, default redis://127.0.0.1:6379).
import { spawnSync } from 'node:child_process';

for (const script of ['bench/bundle.mjs', 'bench/paint.mjs', 'bench/api.mjs', 'bench/session-cache.mjs']) {
  console.log(`\n## ${script}\n`);
  const r = spawnSync('node', [script], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
