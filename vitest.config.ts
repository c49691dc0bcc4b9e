/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';
import { NEED_FRESH_MODULES } from './tests/support/fresh-modules';
import LongestFirst from './tests/support/longest-first';

const TESTS = ['src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/integration/**/*.test.ts'];
const NOT_TESTS = ['tests/e2e/**', 'node_modules/**', 'dist/**', '.stryker-tmp/**'];

// getViteConfig gives tests Astro's virtual modules (astro:content) and the project's Vite setup.
export default getViteConfig({
  test: {
    exclude: NOT_TESTS,
    environment: 'node',
    // PostgreSQL cases share one server; each file works in its own schema.
    fileParallelism: true,
    // Vitest's default is one worker fewer than the cores: one on the 2-core machines here, where much of a file's
    // time is spent waiting on PostgreSQL and the fuzz test alone takes three minutes.
    maxWorkers: 2,
    testTimeout: 20000,
    hookTimeout: 60000,
    env: { NODE_ENV: 'test' },
    globalSetup: ['tests/support/global-setup.ts'],
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        // A worker keeps the app's modules between files: loading them anew for each file cost the workers 300 s
        // of Vitest's 510 (docs/decisions/0011-test-workers-keep-modules.md). Every file still makes its own
        // databases, so no rows pass between files.
        test: {
          name: 'shared modules',
          include: TESTS,
          exclude: [...NOT_TESTS, ...NEED_FRESH_MODULES],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'fresh modules', include: NEED_FRESH_MODULES, isolate: true } },
    ],
  },
});
