import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE } from '../../src/lib/roles';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser, type CreatedUser } from '../support/fixtures';
import { nextUtr, registerTestPurpose, reportTestPayment } from '../support/money';

/**
 * A statement whose headers the guess does not know: the preview shows its header row, columns
 * and first lines; the upload refuses it until staff name the columns (as the import screen maps
 * them), then matches by the named ones, from a CSV or an .xlsx export alike.
 */

registerTestPurpose();

interface Envelope<T> {
  data: T;
  error?: { message: string; fields?: Record<string, string> };
}
interface Preview {
  headerRow: number | null;
  columns: string[];
  guess: Record<string, string | null>;
  sample: string[][];
}

const HEADER = ['Posted', 'Remarks', 'Chq/Ref', 'Withdrawn', 'Deposited', 'Running total'];

async function xlsxOf(rows: string[][]): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Statement');
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer()) as Uint8Array<ArrayBuffer>;
}

describeEachDatabase('Bank statements: columns named as on the import screen', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let admin: CreatedUser;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    admin = await createUser(database.db, { roleId: ROLE.admin });
  });
  afterAll(() => database.drop());

  const send = async <T>(path: string, file: File, columns?: unknown) => {
    const form = new FormData();
    form.set('file', file);
    if (columns !== undefined) form.set('columns', typeof columns === 'string' ? columns : JSON.stringify(columns));
    const response = await api.app.request(`/api/admin/payments/statements${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  };

  const mapping = {
    date: 'Posted',
    narration: 'Remarks',
    reference: 'Chq/Ref',
    debit: 'Withdrawn',
    credit: 'Deposited',
    balance: 'Running total',
  };

  for (const format of ['csv', 'xlsx'] as const) {
    it(`reads a ${format} statement by the columns staff name when the guess fails`, async () => {
      const reference = nextUtr();
      const payment = await reportTestPayment(database.db, { amount: 250_000, reference });
      const rows = [
        ['Account statement', '', '', '', '', ''],
        ['Account no. 001234', '', '', '', '', ''],
        HEADER,
        ['24/11/2026', `UPI/${reference}/ASHA RAO`, reference, '', '2,500.00', '12,500.00'],
        ['24/11/2026', 'ATM CASH', '', '1,000.00', '', '11,500.00'],
      ];
      const file =
        format === 'csv'
          ? new File([rows.map((r) => r.map((c) => `"${c}"`).join(',')).join('\n')], 'statement.csv', {
              type: 'text/csv',
            })
          : new File([await xlsxOf(rows)], 'statement.xlsx', {
              type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            });

      const preview = await send<Preview>('/preview', file);
      expect(preview.status).toBe(200);
      expect(preview.body.data).toMatchObject({ headerRow: 3, columns: HEADER });
      expect(preview.body.data.guess).toMatchObject({ narration: null, credit: null });
      expect(preview.body.data.sample[0][1]).toBe(`UPI/${reference}/ASHA RAO`);

      const unnamed = await send<unknown>('', file);
      expect(unnamed.status).toBe(400);
      expect(unnamed.body.error!.message).toMatch(/name the columns/);

      const twice = await send<unknown>('', file, { ...mapping, debit: 'Deposited' });
      expect(twice.status).toBe(400);
      expect(Object.keys(twice.body.error!.fields!)).toEqual(['credit']);
      expect((await send<unknown>('', file, '{not json')).status).toBe(400);
      expect((await send<unknown>('', file, { credit: 'Deposited', colour: 'red' })).status).toBe(400);

      const named = await send<{ lines: number; matched: number }>('', file, { ...mapping, headerRow: 3 });
      expect(named.status).toBe(201);
      expect(named.body.data).toMatchObject({ lines: 1, matched: 1 });
      const statement = await database.db
        .selectFrom('bank_statement_lines')
        .select(['payment_id', 'value_date', 'bank_reference', 'credit'])
        .where('payment_id', '=', payment.id)
        .executeTakeFirstOrThrow();
      expect(statement).toMatchObject({ value_date: '2026-11-24', bank_reference: reference, credit: 250_000 });
    });
  }
});
