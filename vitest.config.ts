/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// getViteConfig gives tests Astro's virtual modules (astro:content) and the project's Vite setup.
export default getViteConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**', '.stryker-tmp/**'],
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
  },
});
