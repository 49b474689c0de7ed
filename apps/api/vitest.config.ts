import { defineConfig } from 'vitest/config';

// PGlite (in-memory, one per test file) by default; PostgreSQL when TEST_DATABASE_URL is set,
// then files run one after another because they share (and truncate) one database.
const onPostgres = !!process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    fileParallelism: !onPostgres,
    // A worker's files share its loaded modules: PGlite's WebAssembly is compiled once per worker,
    // not once per file (about 3 s of CPU each), and each file's database is a copy of one migrated
    // and seeded per worker (test/helpers.ts). Every file still builds its own app and database
    // (docs/decisions/0013-test-command-time.md).
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
