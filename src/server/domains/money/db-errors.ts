/** A unique index refused the write (PostgreSQL 23505, SQLite's constraint code): the caller says which. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
