/**
 * The domain folders measured by mutation testing (`npm run test:mutation`), each with the tests that
 * speak for it. A folder's mutants run only against its own tests: the API tests of every domain sign
 * in, so letting Vitest pick "related" tests would run most of the suite for every identity mutant.
 */
export const MUTATION_FOLDERS = {
  identity: {
    mutate: ['src/server/domains/identity/**/*.ts'],
    tests: [
      'src/server/domains/identity/**/*.test.ts',
      'tests/api/admin-users.test.ts',
      'tests/api/sessions.test.ts',
      'tests/api/sign-in-throttle.test.ts',
      'tests/api/token.test.ts',
      'tests/api/password-reset.test.ts',
      'tests/api/password-reset-links.test.ts',
      'tests/api/identity-*.test.ts',
      'tests/api/unread-count.test.ts',
      'tests/integration/auth-config.test.ts',
      'tests/integration/auth-throttle.test.ts',
    ],
  },
  joining: {
    mutate: ['src/server/domains/joining/**/*.ts'],
    tests: [
      'src/server/domains/joining/**/*.test.ts',
      'tests/api/joining-*.test.ts',
      // A minor's guardian: consent, the reminder and the closing at day 30.
      'tests/api/privacy-applicants.test.ts',
      'tests/api/guardian-waiting.test.ts',
      // An application's payment as the money screens decide it: references, and refunds due after a withdrawal.
      'tests/api/money-references.test.ts',
      'tests/api/money-refunds-due.test.ts',
      // An application's tax invoice: its buyer, place of supply and rate, and the invoice on the status page.
      'tests/api/gst-membership.test.ts',
    ],
  },
  // Renewals live in members/renewals; their payments are recorded through money's purpose seam.
  members: {
    mutate: ['src/server/domains/members/**/*.ts'],
    tests: [
      'src/server/domains/members/**/*.test.ts',
      'tests/api/members-*.test.ts',
      // Renewals paid online, with GST, listed in the portal and verified on the payments screen.
      'tests/api/money-online.test.ts',
      'tests/api/gst-membership.test.ts',
      'tests/api/money-member-portal.test.ts',
      'tests/api/money-payments.test.ts',
    ],
  },
  money: {
    mutate: ['src/server/domains/money/**/*.ts'],
    tests: [
      'src/server/domains/money/**/*.test.ts',
      'tests/api/money-*.test.ts',
      // A verification issues the tax invoice, and the receipt names it.
      'tests/api/gst-invoices.test.ts',
    ],
  },
  natcon: {
    mutate: ['src/server/domains/natcon/**/*.ts'],
    tests: [
      'src/server/domains/natcon/**/*.test.ts',
      'tests/api/natcon-*.test.ts',
      'tests/api/gst-natcon.test.ts',
      // A delegate's own ticket page, opened by the delegate's link.
      'tests/api/privacy-delegate-link.test.ts',
    ],
  },
};

export const FOLDER_NAMES = Object.keys(MUTATION_FOLDERS);

/**
 * The tests a run uses: all of the folder's, or with MUTATION_TESTS=unit (`--unit`) only the unit tests beside its
 * code, which is quick while writing tests for pure logic but says nothing about what only the API tests check.
 */
export function testsOf(folder) {
  const { tests } = MUTATION_FOLDERS[folder];
  return process.env.MUTATION_TESTS === 'unit' ? tests.filter((glob) => glob.startsWith('src/')) : tests;
}

/** The folder of this run, from MUTATION_FOLDER (set by tests/mutation/run.mjs). */
export function currentFolder() {
  const name = process.env.MUTATION_FOLDER;
  if (!name || !(name in MUTATION_FOLDERS)) {
    throw new Error(`MUTATION_FOLDER must be one of ${FOLDER_NAMES.join(', ')} (got ${name ?? 'nothing'}).`);
  }
  return name;
}
