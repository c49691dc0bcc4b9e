/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';
import { currentFolder, testsOf } from './tests/mutation/folders.mjs';

// Used only by Stryker (stryker.config.mjs): the tests of one domain folder, on SQLite alone
// (tests/mutation/run.mjs unsets TEST_DATABASE_URL so every mutant is not tested twice).
export default getViteConfig({
  test: {
    include: testsOf(currentFolder()),
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**', '.stryker-tmp/**'],
    environment: 'node',
    testTimeout: 60000,
    hookTimeout: 120000,
    env: { NODE_ENV: 'test' },
  },
});
