import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/{contract,machines,unit}/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: './vite.config.ts',
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // Every migration applied once per run, for PGlite and PostgreSQL: the apps start from it.
          globalSetup: ['tests/server/helpers/migrated-databases.global-setup.ts'],
          // Vitest's default on two cores is one file at a time (cores - 1), while a server file
          // spends much of its time waiting on PostgreSQL, a chain or a VPN peer in other processes:
          // two at once (each file has its own databases, chain and ports). docs/testing.md.
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
