import { uniqueColumnNames } from '../../import/columns';

/**
 * Reading a bank statement as Indian banks export it: a few lines of account details, then a
 * header (date, narration or particulars or description, reference or cheque number, debit or
 * withdrawal, credit or deposit, balance), then one line per transaction. Only credits matter
 * here. The columns are found by their headers, or named by the staff when a bank words them
 * differently (as the import screen maps columns).
 */

export interface StatementRow {
  number: number;
  cells: string[];
}

export interface StatementLine {
  lineNumber: number;
  valueDate: string | null;
  narration: string;
  bankReference: string | null;
  /** Paise. */
  credit: number;
}

/** The columns a statement is read by; staff name them as the import screen's mapping does. */
export const STATEMENT_COLUMNS = ['date', 'narration', 'reference', 'debit', 'credit', 'balance'] as const;
export type StatementColumn = (typeof STATEMENT_COLUMNS)[number];

/**
 * Each wanted column by its header as the preview names it (headers made unique as the import
 * screen makes them: a second `Amount` is `Amount (2)`), and the header row when staff chose it.
 */
export type ColumnNames = Partial<Record<StatementColumn, string>> & { headerRow?: number };

const GUESSES: Record<StatementColumn, RegExp> = {
  date: /^(value\s*date|txn\s*date|transaction\s*date|tran\s*date|date)$/i,
  narration: /^(narration|particulars|description|transaction\s*details|remarks|details)$/i,
  reference:
    /^(chq\.?\s*\/?\s*ref\.?\s*no\.?|ref(erence)?\s*(no\.?|number)?|cheque\s*(no\.?|number)|chq\s*no\.?|utr(\s*no\.?)?)$/i,
  debit:
    /^(debit|debits|withdrawal|withdrawals|debit\s*amount|dr\s*amount|withdrawal\s*amt\.?|debit\s*\(inr\)|withdrawal\s*amount)$/i,
  credit: /^(credit|deposit|deposits|credit\s*amount|cr\s*amount|deposit\s*amt\.?|credit\s*\(inr\)|deposit\s*amount)$/i,
  balance: /^(balance|closing\s*balance|running\s*balance|balance\s*\(inr\)|balance\s*amount)$/i,
};

const clean = (value: string) => value.replace(/\s+/g, ' ').trim();

/** The header row (within the first 30, or the one staff chose) and each wanted column's position, or null. */
export function findColumns(
  rows: StatementRow[],
  names: ColumnNames = {},
): { header: number; at: Partial<Record<StatementColumn, number>> } | null {
  const candidates = rows.slice(0, 30).filter((row) => names.headerRow === undefined || row.number === names.headerRow);
  for (const row of candidates) {
    const cells = row.cells.map(clean);
    const unique = uniqueColumnNames(cells).map((c) => c.toLowerCase());
    const at: Partial<Record<StatementColumn, number>> = {};
    for (const key of STATEMENT_COLUMNS) {
      const name = names[key]?.trim().toLowerCase();
      // A column staff named is taken by its name; the others are still guessed from their headers.
      const index = name ? unique.indexOf(name) : cells.findIndex((c) => GUESSES[key].test(c));
      if (index >= 0) at[key] = index;
    }
    if (at.narration !== undefined && at.credit !== undefined) return { header: row.number, at };
  }
  return null;
}

export interface StatementPreview {
  /** The header row's number: the one found, or the likeliest (most words) when none was. */
  headerRow: number | null;
  /** The header row's cells as unique column names. */
  columns: string[];
  /** Each wanted column's guess by name, null when none fits. */
  guess: Record<StatementColumn, string | null>;
  /** The first lines under the header, to show what each column holds. */
  sample: string[][];
}

/** What the upload screen shows before matching, so staff can name the columns the guess missed. */
export function previewStatement(rows: StatementRow[]): StatementPreview {
  const found = findColumns(rows);
  const wordy = (row: StatementRow) => row.cells.filter((c) => /[A-Za-z]/.test(c) && !/\d{3}/.test(c)).length;
  const header =
    rows.find((row) => row.number === found?.header) ??
    rows
      .slice(0, 30)
      .reduce<StatementRow | null>((best, row) => (!best || wordy(row) > wordy(best) ? row : best), null);
  const columns = header ? uniqueColumnNames(header.cells.map(clean)) : [];
  const guess = Object.fromEntries(
    STATEMENT_COLUMNS.map((key) => {
      const index = found?.at[key];
      return [key, index === undefined ? null : columns[index]];
    }),
  ) as Record<StatementColumn, string | null>;
  const sample = header
    ? rows
        .filter((row) => row.number > header.number)
        .slice(0, 3)
        .map((row) => columns.map((_, i) => clean(row.cells[i] ?? '')))
    : [];
  return { headerRow: header?.number ?? null, columns, guess, sample };
}

/** A column named for two roles: the mapping's problem, by role, as the import screen reports it. */
export function mappingProblems(names: ColumnNames): Record<string, string> {
  const problems: Record<string, string> = {};
  const first = new Map<string, StatementColumn>();
  for (const key of STATEMENT_COLUMNS) {
    const name = names[key]?.trim().toLowerCase();
    if (!name) continue;
    const taken = first.get(name);
    if (taken) problems[key] = `"${names[key]}" is already read as the ${taken} column.`;
    else first.set(name, key);
  }
  return problems;
}

/** `1,50,000.00` or `1500` rupees as paise; null for an empty or non-numeric cell. */
export function rupeesToPaise(value: string): number | null {
  const text = value.replace(/[₹,\s]/g, '').replace(/(cr|dr)$/i, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** `25/11/2026`, `25-11-2026`, `25-Nov-2026`, `2026-11-25` as `YYYY-MM-DD`; null otherwise. */
export function statementDate(value: string): string | null {
  const text = clean(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
  const dmy = /^(\d{1,2})[/\-. ]([A-Za-z]{3}|\d{1,2})[/\-. ](\d{2,4})$/.exec(text);
  if (!dmy) return null;
  const month = /\d/.test(dmy[2]) ? Number(dmy[2]) : months.indexOf(dmy[2].toLowerCase()) + 1;
  const year = dmy[3].length === 2 ? 2000 + Number(dmy[3]) : Number(dmy[3]);
  if (month < 1 || month > 12) return null;
  return `${year}-${String(month).padStart(2, '0')}-${dmy[1].padStart(2, '0')}`;
}

/** The statement's credit lines (debits, totals and blank lines left out). */
export function creditLines(rows: StatementRow[], names: ColumnNames = {}): StatementLine[] | null {
  const columns = findColumns(rows, names);
  if (!columns) return null;
  const { at } = columns;
  const lines: StatementLine[] = [];
  for (const row of rows) {
    if (row.number <= columns.header) continue;
    const credit = rupeesToPaise(row.cells[at.credit!] ?? '');
    const narration = clean(row.cells[at.narration!] ?? '');
    if (!credit || !narration) continue;
    const reference = at.reference === undefined ? '' : clean(row.cells[at.reference] ?? '');
    lines.push({
      lineNumber: row.number,
      valueDate: at.date === undefined ? null : statementDate(row.cells[at.date] ?? ''),
      narration,
      bankReference: reference || null,
      credit,
    });
  }
  return lines;
}

/** Letters and digits only, upper-cased: how a reference is looked for in a narration. */
export const referenceKey = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, '');
