/** What every benchmark module gives `tests/bench/run.ts`. */
export interface BenchModule {
  /** Short name, also accepted on the command line (`npm run bench -- page-weight`). */
  name: string;
  run(): Promise<BenchReport>;
}

export interface BenchReport {
  /** Rows printed as a table, one per measured thing. */
  rows: Record<string, string | number>[];
  /** Budget checks: each says what was expected and whether it was met. */
  budgets: { what: string; met: boolean }[];
}
