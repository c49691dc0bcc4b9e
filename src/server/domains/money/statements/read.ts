import { invalid } from '../../errors';
import { detectImportFormat, ImportFileError, readSheetRows } from '../../import/read-file';
import type { StatementRow } from './parse';

/**
 * The rows of an uploaded statement, read by the import screen's readers (CSV in UTF-8 or
 * Windows-1252, comma or semicolon, or an `.xlsx` workbook's first sheet; judged by the bytes).
 * A statement is a few hundred lines, so its rows are gathered whole.
 */

const MAX_BYTES = 5 * 1024 * 1024;
const MAX_ROWS = 20_000;

export async function statementRows(bytes: Uint8Array): Promise<StatementRow[]> {
  if (bytes.length > MAX_BYTES) throw invalid({ file: 'A statement may be at most 5 MB.' });
  try {
    const rows: StatementRow[] = [];
    for await (const row of readSheetRows(bytes, await detectImportFormat(bytes), MAX_ROWS)) rows.push(row);
    return rows;
  } catch (error) {
    if (error instanceof ImportFileError) throw invalid({ file: error.message }, error.message);
    throw error;
  }
}
