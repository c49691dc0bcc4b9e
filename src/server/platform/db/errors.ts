/**
 * Whether a write was refused by a unique index or primary key: PostgreSQL's SQLSTATE 23505, or
 * better-sqlite3's extended result code. Callers decide what the clash means (a reference already
 * reported, an e-mail with an open application) and answer 409 with their own words.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = error instanceof Object ? (error as { code?: unknown }).code : undefined;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
