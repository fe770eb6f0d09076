// Server tests: node, the contract from source, and one migrated + seeded database template per run
// (PGlite dump, plus a PostgreSQL template database when TEST_DATABASE_URL is set) built in globalSetup.
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@tfb/contract': path.resolve(import.meta.dirname, '../../packages/contract/src/index.ts') },
  },
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    // Restoring a template and building the app is done once per file, in beforeAll.
    hookTimeout: 120_000,
  },
});
