import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { invalid } from '../../errors';
import type { StatementRow } from './parse';

/**
 * The rows of an uploaded statement: an `.xlsx` workbook's first sheet, or CSV (comma or
 * semicolon, with or without a byte-order mark). Judged by the bytes (a zip is a workbook), not
 * the file's name. A statement is a few hundred lines, so it is read whole.
 */

const MAX_BYTES = 5 * 1024 * 1024;

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

export async function statementRows(bytes: Uint8Array): Promise<StatementRow[]> {
  if (bytes.length === 0) throw invalid({ file: 'The file is empty.' });
  if (bytes.length > MAX_BYTES) throw invalid({ file: 'A statement may be at most 5 MB.' });
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
    } catch {
      throw invalid({ file: 'This workbook cannot be read: save it as .xlsx or CSV.' });
    }
    const sheet = workbook.worksheets[0];
    const rows: StatementRow[] = [];
    sheet?.eachRow({ includeEmpty: false }, (row, number) => {
      const values = row.values as ExcelJS.CellValue[];
      rows.push({ number, cells: values.slice(1).map(cellText) });
    });
    return rows;
  }
  const text = Buffer.from(bytes)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  try {
    const records = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: false }) as string[][];
    return records.map((cells, index) => ({ number: index + 1, cells }));
  } catch {
    throw invalid({ file: 'This CSV cannot be read: check that it is the bank’s CSV or .xlsx export.' });
  }
}
