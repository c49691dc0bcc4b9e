import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';
import { house } from './eslint/layer-boundaries.js';

const CLIENT_SIDE = ['src/lib/**', 'src/islands/**', 'src/stores/**', 'src/components/**'];
const SERVER_ONLY = 'Server-only code stays in src/server; shared code goes in src/lib.';
const COMPOSITION_ROOT = [
  'src/server/main.ts',
  'src/server/purposes.ts',
  'src/server/jobs.ts',
  'src/server/lifecycle.ts',
];
const DOMAIN_FREE_OF_HTTP =
  'Domain code stays free of HTTP: throw a domain error from src/server/domains/errors.ts; the API maps it to a status in one place.';
const PLATFORM_KNOWS_NO_DOMAIN =
  'Platform parts know no domain and no HTTP layer: take what they need as parameters; refuse with src/server/domains/errors.ts.';

export default defineConfig(
  {
    ignores: [
      'dist/',
      '.astro/',
      'node_modules/',
      'data/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
      '.stryker-tmp/',
      'reports/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A file that long does several things: split it by what they are.
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // The layering of DESIGN.md section 2: nothing the browser may load imports server code.
    files: CLIENT_SIDE,
    plugins: { house },
    rules: { 'house/no-import-from': ['error', { forbidden: ['src/server'], reason: SERVER_ONLY }] },
  },
  {
    // src/lib is the bottom layer: the stores build on it, never the other way round.
    files: ['src/lib/**'],
    rules: {
      'house/no-import-from': [
        'error',
        {
          forbidden: ['src/server', 'src/stores'],
          reason: SERVER_ONLY + ' src/lib is below src/stores: pass what it needs in as a parameter.',
        },
      ],
    },
  },
  {
    // Domains are used by the API, the CLI, jobs and pages alike, so they never reach up into any of them.
    files: ['src/server/domains/**'],
    plugins: { house },
    rules: {
      'house/no-import-from': [
        'error',
        { forbidden: ['src/server/api', 'src/server/http', ...COMPOSITION_ROOT, 'hono'], reason: DOMAIN_FREE_OF_HTTP },
      ],
    },
  },
  {
    // The platform (db, mail, storage, log, ...) sits below the domains; the errors module imports nothing.
    files: ['src/server/platform/**'],
    plugins: { house },
    rules: {
      'house/no-import-from': [
        'error',
        {
          forbidden: [
            'src/server/domains',
            'src/server/api',
            'src/server/http',
            'src/server/demo',
            ...COMPOSITION_ROOT,
          ],
          allowed: ['src/server/domains/errors.ts'],
          reason: PLATFORM_KNOWS_NO_DOMAIN,
        },
      ],
    },
  },
  {
    // Islands read shared stores through src/stores/use-store.ts, which keeps hydration matching the server's HTML.
    files: ['src/**'],
    ignores: ['src/stores/use-store.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nanostores/react',
              importNames: ['useStore'],
              message: 'Use useStore from src/stores/use-store.ts: it renders the starting value while hydrating.',
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures must destructure their (empty) dependencies object.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
