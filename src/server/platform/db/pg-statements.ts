import pg from 'pg';

/**
 * PostgreSQL parses and plans every statement that arrives unnamed; pg keeps a statement prepared
 * on its connection when the query has a `name`, and then sends only its parameters. Kysely sends
 * plain `(sql, parameters)`, so this Client names the statements that run often (the polled unread
 * count above all): on the 2-core machine that took the unread count from about 3,000 to about
 * 4,000 requests/s on PostgreSQL.
 *
 * Bounded: at most MAX_NAMED_STATEMENTS texts are ever named (each connection keeps at most that
 * many prepared), and the run counts of texts not yet named are forgotten past MAX_COUNTED_TEXTS.
 * A statement whose result columns are `*` is never named: a prepared `select *` fails ("cached
 * plan must not change result type") once a migration from another server adds a column.
 */
export const NAME_AFTER_RUNS = 20;
export const MAX_NAMED_STATEMENTS = 200;
const MAX_COUNTED_TEXTS = 1000;

const names = new Map<string, string>();
const runs = new Map<string, number>();

/** `select *`, `"users".*`, `returning *`: result columns that follow the table's definition. */
const STAR_COLUMNS = /(?:\s|\.)\*(?:\s|,|$)/;

/** The name a statement runs under, or undefined while it should still run unnamed. */
export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known || names.size >= MAX_NAMED_STATEMENTS || STAR_COLUMNS.test(text)) return known;
  const count = (runs.get(text) ?? 0) + 1;
  if (count < NAME_AFTER_RUNS) {
    if (runs.size >= MAX_COUNTED_TEXTS) runs.clear();
    runs.set(text, count);
    return undefined;
  }
  runs.delete(text);
  const name = `nipm_${names.size + 1}`;
  names.set(text, name);
  return name;
}

/** pg's Client, with the often-run statements of Kysely (text and parameter array) sent named. */
export class NamedStatementClient extends pg.Client {
  // pg's query() is heavily overloaded; only Kysely's call shape (text, values) is changed.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === 'string' && Array.isArray(values) && callback === undefined) {
      const name = statementName(config);
      if (name) return super.query({ name, text: config, values });
    }
    return super.query(config, values, callback);
  }
}
