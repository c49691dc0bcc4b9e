import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnsOf, MEMBER_FIELDS, PAYMENT_FIELDS } from './column-specs';
import { matchColumns } from './columns';
import { detectImportFormat, readSheetRows, type SheetRow } from './read-file';
import { templateCsv, templateXlsx } from './templates';

async function rowsOf(bytes: Uint8Array): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const row of readSheetRows(bytes, await detectImportFormat(bytes))) rows.push(row);
  return rows;
}

describe('templates', () => {
  it('the CSV has every column and one example row, and maps itself', async () => {
    const rows = await rowsOf(new TextEncoder().encode(templateCsv('members')));
    expect(rows).toHaveLength(2);
    const { mapping, unknown } = matchColumns(rows[0].cells, 'members');
    expect(Object.values(mapping)).toEqual([...MEMBER_FIELDS]);
    expect(unknown).toEqual([]);
    expect(rows[1].cells[0]).toBe('NIPM/KOL/00012');
  });

  it('the workbook reads back the same, and explains each column on a second sheet', async () => {
    const bytes = await templateXlsx('payments');
    const rows = await rowsOf(bytes);
    expect(Object.values(matchColumns(rows[0].cells, 'payments').mapping)).toEqual([...PAYMENT_FIELDS]);
    expect(rows[1].cells).toEqual(columnsOf('payments').map((c) => c.example));

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
    const guide = workbook.getWorksheet('Columns');
    expect(guide?.getCell('A2').value).toBe('Membership No');
    expect(String(guide?.getCell('B4').value)).toContain('1,500.00');
  });

  it('the members workbook keeps its cells as text, so Excel does not shorten a mobile number', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await templateXlsx('members')) as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Members');
    const mobileColumn = MEMBER_FIELDS.indexOf('mobile') + 1;
    expect(sheet?.getRow(2).getCell(mobileColumn).value).toBe('+91 98300 12345');
    expect(sheet?.getColumn(mobileColumn).numFmt).toBe('@');
  });
});
