/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';
import { currentFolder, testsOf } from './tests/mutation/folders.mjs';

// Used only by Stryker (stryker.config.mjs): the tests of one domain folder, on SQLite and, when
// TEST_DATABASE_URL is set (tests/mutation/run.mjs keeps it unless `--sqlite`), on PostgreSQL.
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
