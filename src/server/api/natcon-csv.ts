import { stringify } from 'csv-stringify/sync';
import type { AppContext } from './context';

/**
 * A CSV download of NATCON rows. Cells that a spreadsheet would run as a formula (`=`, `+`, `-`,
 * `@` first) are prefixed with an apostrophe: names and write-ups are typed by the public.
 */
export function csvAnswer(c: AppContext, filename: string, header: string[], rows: unknown[][]): Response {
  const safe = rows.map((row) =>
    row.map((cell) => (typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : (cell ?? ''))),
  );
  const text = stringify([header, ...safe]);
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${filename}"`);
  c.header('X-Content-Type-Options', 'nosniff');
  return c.body(text, 200);
}
