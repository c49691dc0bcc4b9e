import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { dialectOf } from '../dialect';

/** An auto-numbered primary key in either database's own idiom. */
export function idColumn(db: Kysely<unknown>, column: ColumnDefinitionBuilder): ColumnDefinitionBuilder {
  return dialectOf(db) === 'postgres'
    ? column.primaryKey().generatedByDefaultAsIdentity()
    : column.primaryKey().autoIncrement();
}
