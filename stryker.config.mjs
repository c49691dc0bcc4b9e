// Mutation testing of one domain folder: run through `npm run test:mutation -- <folder>` (tests/mutation/run.mjs),
// which sets MUTATION_FOLDER. See docs/testing.md#mutation-testing.
import { MUTATION_FOLDERS, currentFolder } from './tests/mutation/folders.mjs';

const folder = currentFolder();
const { mutate } = MUTATION_FOLDERS[folder];
// A unit-tests-only run (`--unit`) or one without PostgreSQL (`--sqlite`) keeps its own files: its results say
// less than a full run's.
const name = [
  folder,
  process.env.MUTATION_TESTS === 'unit' ? 'unit' : null,
  process.env.MUTATION_SQLITE_ONLY ? 'sqlite' : null,
]
  .filter(Boolean)
  .join('.');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: [...mutate, '!**/*.test.ts'],
  coverageAnalysis: 'perTest',
  // Kept in the repository (decision 0010): a rerun, even on a fresh clone, tests only what changed.
  incremental: true,
  incrementalFile: `reports/mutation/${name}.incremental.json`,
  // The event recorder writes each mutant's result as it is tested, so survivors can be read (with
  // tests/mutation/survivors.mjs) and their tests written while a long run goes on.
  reporters: ['clear-text', 'progress', 'html', 'json', 'event-recorder'],
  eventReporter: { baseDir: `reports/mutation/${name}.events` },
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.report.json` },
  // Two cores shared with other work: one test runner beside Stryker itself.
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 1),
  // The API tests migrate a fresh database per file; a slow, loaded machine needs the room.
  timeoutMS: 60000,
  timeoutFactor: 3,
  dryRunTimeoutMinutes: 30,
  ignorePatterns: [
    'data',
    'dist',
    '.astro',
    'test-results',
    'playwright-report',
    'bench',
    'backups',
    'reports',
    'docs',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 80, break: null },
};
