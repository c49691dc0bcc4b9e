import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors';

/** What each database throws for a duplicate, and what it throws for other refusals. */
describe('isUniqueViolation', () => {
  const sqliteRefusal = (statement: string) => {
    const db = new SQLite(':memory:');
    db.exec('create table t (id integer primary key, code text unique, note text not null)');
    db.exec("insert into t (id, code, note) values (1, 'A', 'x')");
    try {
      db.exec(statement);
    } catch (error) {
      return error;
    } finally {
      db.close();
    }
    throw new Error(`${statement} was not refused`);
  };

  it('knows a duplicate on a unique index or a primary key in SQLite', () => {
    expect(isUniqueViolation(sqliteRefusal("insert into t (id, code, note) values (2, 'A', 'y')"))).toBe(true);
    expect(isUniqueViolation(sqliteRefusal("insert into t (id, code, note) values (1, 'B', 'y')"))).toBe(true);
  });

  it('knows PostgreSQL’s unique violation by its SQLSTATE', () => {
    expect(isUniqueViolation(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(true);
    // A foreign key (23503) or a not-null refusal (23502) is another fault, not a clash to report as 409.
    expect(isUniqueViolation(Object.assign(new Error('violates foreign key'), { code: '23503' }))).toBe(false);
    expect(isUniqueViolation(Object.assign(new Error('null value'), { code: '23502' }))).toBe(false);
  });

  it('does not take other SQLite refusals, errors without a code, or nothing at all for a duplicate', () => {
    expect(isUniqueViolation(sqliteRefusal("insert into t (id, code) values (3, 'C')"))).toBe(false);
    expect(isUniqueViolation(new Error('UNIQUE constraint failed: t.code'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});
