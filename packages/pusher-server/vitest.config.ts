import { defineConfig } from 'vitest/config';

// Explicit, so vitest never picks up a config file from a parent folder.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
