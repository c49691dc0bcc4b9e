import { stringify } from 'csv-stringify/sync';
import { CLEAR_WORD } from './fields';
import { columnsOf, type ImportKind } from './column-specs';

/**
 * The files staff download to fill in: every column the import reads, one example row, and (in the
 * workbook) a sheet saying what each column accepts. The headers are the ones the import matches
 * first, so a filled-in template maps itself.
 */

const SHEET_NAMES: Record<ImportKind, string> = { members: 'Members', payments: 'Payments' };

/** The template as CSV: UTF-8 with a byte-order mark (so Excel shows Indian names right), CRLF lines. */
export function templateCsv(kind: ImportKind): string {
  const columns = columnsOf(kind);
  const body = stringify([columns.map((c) => c.header), columns.map((c) => c.example)], {
    record_delimiter: 'windows',
  });
  return `\ufeff${body}`;
}

/** The template as an `.xlsx` workbook: the sheet to fill in, then a "Columns" sheet explaining each column. */
export async function templateXlsx(kind: ImportKind): Promise<Uint8Array> {
  const columns = columnsOf(kind);
  // Loaded on first use: the spreadsheet library is some 25 MB resident in every server otherwise.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = 'NIPM';
  const sheet = workbook.addWorksheet(SHEET_NAMES[kind]);
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.field, width: Math.max(14, c.header.length + 4) }));
  // Text format for every column: Excel otherwise turns a mobile number into 9.83E+09 and a number like 00012 into 12.
  sheet.columns.forEach((column) => {
    column.numFmt = '@';
  });
  sheet.addRow(columns.map((c) => c.example));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];

  const guide = workbook.addWorksheet('Columns');
  guide.columns = [
    { header: 'Column', key: 'header', width: 22 },
    { header: 'What it accepts', key: 'accepts', width: 90 },
    { header: 'Also recognised as', key: 'variants', width: 50 },
    { header: 'Example', key: 'example', width: 24 },
  ];
  guide.getRow(1).font = { bold: true };
  for (const c of columns) {
    const row = guide.addRow({
      header: c.header,
      accepts: c.accepts,
      variants: c.variants.join(', '),
      example: c.example,
    });
    row.alignment = { wrapText: true, vertical: 'top' };
  }
  guide.addRow([]);
  guide.addRow({
    header: 'Every column',
    accepts: `An empty cell leaves the stored value as it is; the word ${CLEAR_WORD} empties it. Only the first sheet is read. Rows with an error are not applied: the error file lists them with the reason.`,
  }).alignment = { wrapText: true, vertical: 'top' };
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
