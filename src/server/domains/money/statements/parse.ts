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

export interface ColumnNames {
  date?: string;
  narration?: string;
  reference?: string;
  credit?: string;
}

const GUESSES: Record<keyof ColumnNames, RegExp> = {
  date: /^(value\s*date|txn\s*date|transaction\s*date|tran\s*date|date)$/i,
  narration: /^(narration|particulars|description|transaction\s*details|remarks|details)$/i,
  reference:
    /^(chq\.?\s*\/?\s*ref\.?\s*no\.?|ref(erence)?\s*(no\.?|number)?|cheque\s*(no\.?|number)|chq\s*no\.?|utr(\s*no\.?)?)$/i,
  credit: /^(credit|deposit|deposits|credit\s*amount|cr\s*amount|deposit\s*amt\.?|credit\s*\(inr\)|deposit\s*amount)$/i,
};

const clean = (value: string) => value.replace(/\s+/g, ' ').trim();

/** The header row (within the first 30) and each wanted column's position, or null when not found. */
export function findColumns(
  rows: StatementRow[],
  names: ColumnNames = {},
): { header: number; at: Record<keyof ColumnNames, number> } | null {
  for (const row of rows.slice(0, 30)) {
    const cells = row.cells.map(clean);
    const at = {} as Record<keyof ColumnNames, number>;
    for (const key of Object.keys(GUESSES) as (keyof ColumnNames)[]) {
      const named = names[key]?.trim().toLowerCase();
      const index = named
        ? cells.findIndex((c) => c.toLowerCase() === named)
        : cells.findIndex((c) => GUESSES[key].test(c));
      if (index >= 0) at[key] = index;
    }
    if (at.narration !== undefined && at.credit !== undefined) return { header: row.number, at };
  }
  return null;
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
    const credit = rupeesToPaise(row.cells[at.credit] ?? '');
    const narration = clean(row.cells[at.narration] ?? '');
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
