/** Says once, plainly, when the PostgreSQL half of the data tests will not run. */
export default function announceDatabases(): void {
  if (!process.env.TEST_DATABASE_URL) {
    console.warn(
      '\n[tests] TEST_DATABASE_URL is not set: the PostgreSQL half of every data test is SKIPPED.\n' +
        '        Run with TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to include it.\n',
    );
  }
}
