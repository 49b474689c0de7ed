import { defineConfig } from 'vitest/config';

// PGlite (in-memory, one per test file) by default; PostgreSQL when TEST_DATABASE_URL is set,
// then files run one after another because they share (and truncate) one database.
const onPostgres = !!process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    fileParallelism: !onPostgres,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
