/**
 * Test files that need the app's modules loaded afresh (vitest.config.ts runs them isolated; every other file
 * shares its worker's modules with the files before it): they replace a module (vi.mock), set the environment
 * that modules read when loaded, or count what the process has done since it started (pg-statements).
 * tests/integration/test-isolation.test.ts fails when a file that does so is missing here.
 */
export const NEED_FRESH_MODULES = [
  'src/islands/staff/parts.test.ts',
  'tests/api/sign-in-throttle.test.ts',
  'tests/api/pg-statements.test.ts',
  'tests/integration/auth-config.test.ts',
  'tests/integration/auth-throttle.test.ts',
];

/** What makes a test file need fresh modules: a module replaced, or the environment written. */
export const CHANGES_MODULES = [
  /\bvi\.(do)?mock\(/,
  /\bvi\.stubEnv\(/,
  /process\.env(\.[A-Za-z_]+|\[[^\]]+\])\s*=[^=]/,
  /delete process\.env/,
];
