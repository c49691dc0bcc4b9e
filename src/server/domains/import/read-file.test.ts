import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { parseDate } from './fields';
import { DAMAGED_WORKBOOK, detectImportFormat, ImportFileError, readSheetRows, type SheetRow } from './read-file';

async function rowsOf(bytes: Uint8Array, maxRows?: number): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const row of readSheetRows(bytes, await detectImportFormat(bytes), maxRows)) rows.push(row);
  return rows;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

async function refusal(bytes: Uint8Array): Promise<ImportFileError> {
  const error = await rowsOf(bytes).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ImportFileError);
  return error as ImportFileError;
}

describe('reading CSV files', () => {
  it('reads UTF-8 with a byte-order mark without the mark in the first header', async () => {
    const bytes = utf8('\ufeffMembership No,Full Name\r\nKOL/1,Anita Sen\r\n');
    expect(await detectImportFormat(bytes)).toEqual({ type: 'csv', encoding: 'utf-8', delimiter: ',' });
    expect(await rowsOf(bytes)).toEqual([
      { number: 1, cells: ['Membership No', 'Full Name'] },
      { number: 2, cells: ['KOL/1', 'Anita Sen'] },
    ]);
  });

  it('reads UTF-8 without a mark, Indian scripts included', async () => {
    const rows = await rowsOf(utf8('Name,City\nअनिता सेन,কলকাতা\n'));
    expect(rows[1].cells).toEqual(['अनिता सेन', 'কলকাতা']);
  });

  it('reads Windows-1252 as Excel saves a plain CSV, so Sé stays Sé', async () => {
    const bytes = iconv.encode('Full Name,Organisation\r\nJosé Sé,Société Générale – India\r\n', 'win1252');
    expect(await detectImportFormat(bytes)).toMatchObject({ encoding: 'windows-1252' });
    expect((await rowsOf(bytes))[1].cells).toEqual(['José Sé', 'Société Générale – India']);
  });

  it('sniffs semicolons from the header line, commas inside quotes not counted', async () => {
    const bytes = utf8('Membership No;"Name, as printed";City\nKOL/1;"Sen, Anita";Kolkata\n');
    expect(await detectImportFormat(bytes)).toMatchObject({ delimiter: ';' });
    expect((await rowsOf(bytes))[1].cells).toEqual(['KOL/1', 'Sen, Anita', 'Kolkata']);
  });

  it('keeps quoted line breaks in a cell and numbers rows as the sheet does, skipping blank rows', async () => {
    const rows = await rowsOf(utf8('No,Address\n1,"12 Park St\nKolkata"\n,\n\n2,Pune\n'));
    expect(rows).toEqual([
      { number: 1, cells: ['No', 'Address'] },
      { number: 2, cells: ['1', '12 Park St\nKolkata'] },
      { number: 5, cells: ['2', 'Pune'] },
    ]);
  });

  it('refuses more rows than the cap once the cap is passed', async () => {
    const bytes = utf8(['No', '1', '2', '3', '4'].join('\n'));
    expect(await rowsOf(bytes, 4)).toHaveLength(5);
    const error = await rowsOf(bytes, 3).catch((e: unknown) => e);
    expect(error).toMatchObject({ problem: 'too_many_rows' });
  });
});

describe('refusing what is not a readable sheet', () => {
  it('refuses a PDF, a PNG and an old .xls by their bytes', async () => {
    expect(await refusal(utf8('%PDF-1.4\n%âãÏÓ\n1 0 obj'))).toMatchObject({ problem: 'unsupported_type' });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect(await refusal(png)).toMatchObject({ problem: 'unsupported_type' });
    const xls = new Uint8Array(4096);
    xls.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const error = await refusal(xls);
    expect(error.problem).toBe('unsupported_type');
  });

  it('refuses UTF-16, bytes that are neither UTF-8 nor Windows-1252, and an empty file', async () => {
    expect(await refusal(new Uint8Array([0xff, 0xfe, 0x4e, 0x00, 0x6f, 0x00]))).toMatchObject({
      problem: 'unreadable_encoding',
    });
    expect(await refusal(new Uint8Array([0x4e, 0x6f, 0x2c, 0x81, 0x0a]))).toMatchObject({
      problem: 'unreadable_encoding',
    });
    expect(await refusal(new Uint8Array())).toMatchObject({ problem: 'empty' });
  });
});

describe('reading .xlsx workbooks', () => {
  async function workbookBytes(): Promise<Uint8Array> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Register');
    sheet.addRow(['Membership No', 'Full Name', 'Date of Birth', 'Admitted On', 'Mobile', 'Paid', 'Fellow']);
    const row = sheet.addRow(['KOL/00012', 'Anita Sé', new Date(Date.UTC(1975, 7, 14)), 43536, 9830012345, null, true]);
    row.getCell(3).numFmt = 'dd/mm/yyyy';
    sheet.getCell('F2').value = { formula: 'B2&"!"', result: 'Anita Sé!' };
    sheet.addRow([]);
    sheet.addRow([{ richText: [{ text: 'PUN/' }, { text: '7', font: { bold: true } }] }]);
    workbook.addWorksheet('Notes').addRow(['not read']);
    return new Uint8Array(await workbook.xlsx.writeBuffer());
  }

  it('reads the first sheet: text, date cells as dates, serial numbers and numbers as Excel holds them', async () => {
    const bytes = await workbookBytes();
    expect(await detectImportFormat(bytes)).toEqual({ type: 'xlsx' });
    const rows = await rowsOf(bytes);
    expect(rows).toEqual([
      {
        number: 1,
        cells: ['Membership No', 'Full Name', 'Date of Birth', 'Admitted On', 'Mobile', 'Paid', 'Fellow'],
      },
      { number: 2, cells: ['KOL/00012', 'Anita Sé', '1975-08-14', '43536', '9830012345', 'Anita Sé!', 'TRUE'] },
      { number: 4, cells: ['PUN/7'] },
    ]);
    // A date kept as a plain number (a General-formatted column) reads as the date Excel shows.
    expect(parseDate(rows[1].cells[3], '2026-11-25')).toEqual({ value: '2019-03-12' });
  });

  it('refuses a workbook cut short as damaged, with what to do about it', async () => {
    const whole = await workbookBytes();
    const cut = whole.slice(0, Math.floor(whole.length * 0.6));
    expect(await detectImportFormat(cut)).toEqual({ type: 'xlsx' });
    expect(await refusal(cut)).toMatchObject({ problem: 'damaged', message: DAMAGED_WORKBOOK });
  });
});
