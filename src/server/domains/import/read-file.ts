import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import { fileTypeFromBuffer } from 'file-type';
import iconv from 'iconv-lite';

/**
 * Reads an uploaded members or payments file row by row: CSV as Excel and other tools write it
 * (UTF-8 with or without a byte-order mark, or Windows-1252 as Excel's plain "CSV" saves it; comma
 * or semicolon, as a European-locale Excel separates) or an `.xlsx` workbook's first sheet. The
 * upload's bytes are held (at most 20 MB), but rows are parsed and handed on one at a time, so a
 * 50,000-row file never exists in memory as 50,000 objects.
 */

/** Data rows a file may hold (the header not counted). */
export const IMPORT_ROW_CAP = 50_000;

export type ImportFileFormat =
  { type: 'csv'; encoding: 'utf-8' | 'windows-1252'; delimiter: ',' | ';' } | { type: 'xlsx' };

/** One row of the sheet: `number` is the row number a spreadsheet shows (the header is row 1). */
export interface SheetRow {
  number: number;
  cells: string[];
}

export type ImportFileProblem = 'unsupported_type' | 'unreadable_encoding' | 'too_many_rows' | 'empty' | 'damaged';

/** Why a file cannot be read at all (as opposed to a row with a bad cell, which is that row's error). */
export class ImportFileError extends Error {
  constructor(
    readonly problem: ImportFileProblem,
    message: string,
  ) {
    super(message);
  }
}

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Bytes Windows-1252 leaves undefined: a file holding them is neither UTF-8 nor 1252. */
const UNDEFINED_IN_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);
const CHUNK_BYTES = 64 * 1024;

function hasBom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/** The separator of the header line: whichever of comma and semicolon it holds more of outside quotes. */
export function sniffDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/** What the file is, judged by its bytes (never by its name), or why it cannot be read. */
export async function detectImportFormat(bytes: Uint8Array): Promise<ImportFileFormat> {
  if (bytes.length === 0) throw new ImportFileError('empty', 'The file is empty.');
  // Checked before sniffing the type: file-type takes a UTF-16 mark for an MPEG audio frame.
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new ImportFileError(
      'unreadable_encoding',
      'This text is UTF-16 ("Unicode text"): save the sheet as "CSV UTF-8" and upload that.',
    );
  }
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.mime === XLSX_MIME) return { type: 'xlsx' };
  if (detected) {
    const legacyExcel = detected.ext === 'cfb' || detected.ext === 'xls';
    throw new ImportFileError(
      'unsupported_type',
      legacyExcel
        ? 'This is an old Excel (.xls) workbook: save it as .xlsx or CSV and upload that.'
        : `This is a ${detected.ext.toUpperCase()} file: upload a CSV or .xlsx file.`,
    );
  }
  if (bytes.includes(0)) {
    throw new ImportFileError('unsupported_type', 'This is not a text file: upload a CSV or .xlsx file.');
  }
  const utf8 = isUtf8(bytes);
  if (!utf8 && bytes.some((byte) => UNDEFINED_IN_1252.has(byte))) {
    throw new ImportFileError(
      'unreadable_encoding',
      'The file is neither UTF-8 nor Windows-1252 text: save the sheet as "CSV UTF-8" and upload that.',
    );
  }
  const encoding = utf8 ? 'utf-8' : 'windows-1252';
  const head = bytes.subarray(hasBom(bytes) ? 3 : 0, 64 * 1024);
  const headText = utf8 ? new TextDecoder('utf-8').decode(head) : iconv.decode(Buffer.from(head), 'win1252');
  return { type: 'csv', encoding, delimiter: sniffDelimiter(headText) };
}

function byteStream(bytes: Uint8Array): Readable {
  function* chunks() {
    for (let start = 0; start < bytes.length; start += CHUNK_BYTES) yield bytes.subarray(start, start + CHUNK_BYTES);
  }
  return Readable.from(chunks(), { objectMode: false });
}

async function* csvRecords(bytes: Uint8Array, format: ImportFileFormat & { type: 'csv' }): AsyncGenerator<string[]> {
  const source =
    format.encoding === 'utf-8' ? byteStream(bytes) : byteStream(bytes).pipe(iconv.decodeStream('win1252'));
  const parser = source.pipe(
    parse({ delimiter: format.delimiter, bom: true, relax_column_count: true, relax_quotes: true }),
  );
  for await (const record of parser) yield record as string[];
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A cell as text the way the sheet shows its value: a date-formatted cell as `YYYY-MM-DD`, a formula by its result. */
export function xlsxCellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return isoDay(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value) return xlsxCellText(value.text as ExcelJS.CellValue);
  if ('formula' in value || 'sharedFormula' in value) {
    return xlsxCellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  }
  // An error cell (#N/A, #REF!) holds no value.
  return '';
}

async function* xlsxRows(bytes: Uint8Array): AsyncGenerator<SheetRow> {
  // Loaded on first use: the spreadsheet library is some 25 MB resident in every server otherwise.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookReader(byteStream(bytes), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell a date cell from a number; without them every date would arrive as a serial number.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const worksheet of workbook) {
      for await (const row of worksheet) {
        const values = row.values as ExcelJS.CellValue[];
        // `values` counts from 1 (index 0 is always empty) and is sparse where cells are missing.
        const cells = Array.from({ length: Math.max(values.length - 1, 0) }, (_, i) => xlsxCellText(values[i + 1]));
        yield { number: row.number, cells };
      }
      return;
    }
  } catch (error) {
    // A workbook cut short in a download or an e-mail fails deep in the zip reader: that is the file's fault, not
    // the site's, and staff can mend it by saving the workbook again.
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('damaged', DAMAGED_WORKBOOK);
  }
}

export const DAMAGED_WORKBOOK =
  'This workbook cannot be read: it may be damaged or cut short. Open it in Excel or LibreOffice, save it again as .xlsx and upload that copy.';

async function* csvRows(bytes: Uint8Array, format: ImportFileFormat & { type: 'csv' }): AsyncGenerator<SheetRow> {
  let number = 0;
  for await (const cells of csvRecords(bytes, format)) {
    number += 1;
    yield { number, cells };
  }
}

/**
 * Rows with text in them, header first, numbered as the spreadsheet numbers them. Blank rows (no
 * cell with more than spaces, as Excel leaves below a table) are skipped. More than `maxRows` data
 * rows is an `ImportFileError`, raised when the row past the cap is reached.
 */
export async function* readSheetRows(
  bytes: Uint8Array,
  format: ImportFileFormat,
  maxRows = IMPORT_ROW_CAP,
): AsyncGenerator<SheetRow> {
  const rows = format.type === 'xlsx' ? xlsxRows(bytes) : csvRows(bytes, format);
  let seen = 0;
  for await (const row of rows) {
    if (row.cells.every((cell) => cell.trim() === '')) continue;
    if (seen > maxRows) {
      throw new ImportFileError(
        'too_many_rows',
        `The file has more than ${maxRows.toLocaleString('en-IN')} rows: split it and upload each part.`,
      );
    }
    seen += 1;
    yield row;
  }
}
