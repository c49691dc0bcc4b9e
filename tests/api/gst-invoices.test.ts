import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AuthUser } from '../../src/server/domains/identity/auth-user';
import { registerPaymentPurpose, reportPayment, verifyPayment } from '../../src/server/domains/money';
import type { PaymentPurposeHandler } from '../../src/server/domains/money';
import { updateGstSettings } from '../../src/server/domains/gst/settings';
import { issueCreditNote } from '../../src/server/domains/gst/credit-notes';
import type { TaxableSupply } from '../../src/server/domains/gst/supply';
import type { GstSettings } from '../../src/lib/schemas/gst';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createUser } from '../support/fixtures';
import { nextUtr, pdfText } from '../support/money';
import { createTestApi, type TestApi } from '../support/api';

/**
 * Tax invoices issued when payments are verified, on both databases: numbering under concurrency
 * and across 1 April in Kolkata, stored content that settings never change, credit notes.
 * A purpose of its own stands in for NATCON and membership: subject id → the buyer below.
 */
const PURPOSE = 'gst_test_order';
const MAHARASHTRA_COMPANY = '27AAPFU0939F1ZV';
const SETTINGS: GstSettings = {
  legalName: 'National Institute of Personnel Management',
  address: 'Park Street, Kolkata 700016',
  gstin: '19AAATN1234F1ZV',
  stateCode: '19',
  purposes: {
    membership: { sac: '999512', ratePercent: 18 },
    natcon_delegate: { sac: '998596', ratePercent: 18 },
    natcon_award: { sac: '999512', ratePercent: 18 },
  },
};
/** Subjects at or above this id are registered Maharashtra buyers; below, unregistered in West Bengal. */
const REGISTERED_FROM = 10_000;

function supplyOf(subjectId: number): TaxableSupply {
  const registered = subjectId >= REGISTERED_FROM;
  return {
    kind: 'membership',
    buyer: registered
      ? {
          name: 'Acme Industries Ltd',
          address: 'Andheri East, Mumbai 400069',
          gstin: MAHARASHTRA_COMPANY,
          stateCode: '27',
        }
      : { name: 'Asha Rao', address: null, gstin: null, stateCode: '19' },
    eventStateCode: null,
    lines: [
      { kind: 'membership', description: 'Entrance fee', quantity: 1, amount: 100_000, discount: 0, ratePercent: 18 },
      {
        kind: 'membership',
        description: 'Annual subscription',
        quantity: 1,
        amount: 900_000,
        discount: 100_000,
        ratePercent: 18,
      },
    ],
  };
}
/** What those lines cost with 18% GST: (1000 + 9000 - 1000) × 1.18 rupees. */
const AMOUNT = 1_062_000;

const handler: PaymentPurposeHandler = {
  canView: async () => false,
  onVerified: async () => {},
  onRejected: async () => {},
  receiptLines: async (_trx, payment) => [{ kind: 'item', label: 'Membership', amount: payment.amount }],
  taxableSupply: async (_trx, payment) => supplyOf(payment.subjectId),
  tokenGrantsAccess: async (_db, payment, token) => token === `token-${payment.subjectId}`,
};

describeEachDatabase('GST tax invoices', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let staff: AuthUser;
  let staffToken: string;

  const report = (subjectId: number, now = new Date()) =>
    reportPayment(
      database.db,
      {
        purpose: PURPOSE,
        subjectId,
        payerName: 'Asha Rao',
        payerEmail: 'asha@example.test',
        mode: 'upi',
        reference: nextUtr(),
        amount: AMOUNT,
        paidOn: '2026-10-01',
      },
      now,
    );
  const invoiceOf = (paymentId: number) =>
    database.db.selectFrom('gst_invoices').selectAll().where('payment_id', '=', paymentId).executeTakeFirstOrThrow();

  beforeAll(async () => {
    registerPaymentPurpose(PURPOSE, handler);
    database = await kind.create();
    api = createTestApi(database.db);
    const user = await createUser(database.db, { roleId: '2' });
    staffToken = user.token;
    staff = {
      id: user.id,
      email: user.email,
      name: 'Super',
      image: null,
      roleId: '2',
      memberId: null,
      chapterId: null,
    };
  });
  afterAll(() => database.drop());

  it('issues no invoice while the institute has no GSTIN, only the receipt', async () => {
    const payment = await report(1);
    const verified = await verifyPayment(database.db, staff, payment.id);
    expect(verified.receiptNumber).toMatch(/^NIPM\/RCPT\//);
    expect(await database.db.selectFrom('gst_invoices').selectAll().execute()).toEqual([]);
    await updateGstSettings(database.db, staff, SETTINGS);
  });

  it('gives 50 simultaneous verifications 50 consecutive invoice numbers', async () => {
    const now = new Date('2026-10-05T06:00:00Z');
    const payments = await Promise.all(Array.from({ length: 50 }, (_, i) => report(100 + i, now)));
    await Promise.all(payments.map((p) => verifyPayment(database.db, staff, p.id, null, now)));
    const numbers = (
      await database.db.selectFrom('gst_invoices').select('number').where('financial_year', '=', 2026).execute()
    )
      .map((r) => r.number)
      .sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `NIPM/2627/${String(i + 1).padStart(6, '0')}`));
    const invoice = await invoiceOf(payments[0].id);
    // Unregistered buyer in West Bengal: intra-State, CGST = SGST = 9% of 9000 rupees.
    expect(invoice).toMatchObject({
      place_of_supply: '19',
      split: 'intra',
      taxable_value: 900_000,
      cgst: 81_000,
      sgst: 81_000,
      igst: 0,
      total: AMOUNT,
    });
  });

  it('restarts numbering on 1 April in Kolkata (18:30 UTC on 31 March)', async () => {
    const before = await report(200);
    const after = await report(201);
    await verifyPayment(database.db, staff, before.id, null, new Date('2027-03-31T18:29:59Z'));
    await verifyPayment(database.db, staff, after.id, null, new Date('2027-03-31T18:30:00Z'));
    expect((await invoiceOf(before.id)).number).toBe('NIPM/2627/000051');
    expect(await invoiceOf(after.id)).toMatchObject({ number: 'NIPM/2728/000001', issued_on: '2027-04-01' });
  });

  it('keeps an issued invoice as it was when the settings change, and the receipt names it', async () => {
    const payment = await report(REGISTERED_FROM + 1);
    await verifyPayment(database.db, staff, payment.id, null, new Date('2026-11-02T06:00:00Z'));
    const issued = await invoiceOf(payment.id);
    expect(issued).toMatchObject({
      buyer_gstin: MAHARASHTRA_COMPANY,
      place_of_supply: '27',
      split: 'inter',
      igst: 162_000,
      cgst: 0,
      total: AMOUNT,
    });
    await updateGstSettings(database.db, staff, {
      ...SETTINGS,
      legalName: 'NIPM (renamed)',
      address: 'New address, Kolkata 700001',
    });
    expect(await invoiceOf(payment.id)).toEqual(issued);

    const pdf = await api.request('GET', `/api/invoices/${issued.id}.pdf?token=token-${REGISTERED_FROM + 1}`);
    expect(pdf.status).toBe(200);
    const shown = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(shown).toContain('TAX INVOICE');
    expect(shown).toContain('Park Street, Kolkata 700016');
    expect(shown).not.toContain('renamed');
    expect(shown).toContain('Integrated tax (IGST)');
    expect(shown).toContain(MAHARASHTRA_COMPANY);
    expect(shown).toContain('Maharashtra (27)');
    expect(shown).toContain('Rupees Ten Thousand Six Hundred Twenty Only');
    expect((await api.request('GET', `/api/invoices/${issued.id}.pdf?token=token-1`)).status).toBe(404);

    const receipt = await database.db
      .selectFrom('payments')
      .select('receipt')
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(receipt.receipt!).invoiceNumber).toBe(issued.number);
  });

  it('reverses the right tax in a part credit note, and never more than is left', async () => {
    const intra = await report(300);
    const inter = await report(REGISTERED_FROM + 300);
    const now = new Date('2026-12-01T06:00:00Z');
    await verifyPayment(database.db, staff, intra.id, null, now);
    await verifyPayment(database.db, staff, inter.id, null, now);
    const intraInvoice = await invoiceOf(intra.id);
    const interInvoice = await invoiceOf(inter.id);
    const credit = (invoiceId: number, amount: number) =>
      database.db.transaction().execute((trx) => issueCreditNote(trx, invoiceId, amount, 'Part refund', now));

    const half = await credit(intraInvoice.id, 531_000);
    expect(half.number).toMatch(/^NIPM\/2627\/CN\d{4}$/);
    const note = await database.db
      .selectFrom('gst_credit_notes')
      .selectAll()
      .where('id', '=', half.id)
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({ taxable_value: 450_000, cgst: 40_500, sgst: 40_500, igst: 0, total: 531_000 });

    const interNote = await credit(interInvoice.id, 118_000);
    expect(
      await database.db
        .selectFrom('gst_credit_notes')
        .selectAll()
        .where('id', '=', interNote.id)
        .executeTakeFirstOrThrow(),
    ).toMatchObject({ taxable_value: 100_000, cgst: 0, sgst: 0, igst: 18_000, total: 118_000 });

    // Its PDF, for the payer's status link and for staff; the same 404 for a stranger and a missing note.
    const pdf = await api.request('GET', `/api/credit-notes/${interNote.id}.pdf?token=token-${REGISTERED_FROM + 300}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toContain(`credit-note-${interNote.number.replace(/\//g, '-')}.pdf`);
    const shown = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(shown).toContain('CREDIT NOTE');
    expect(shown).toContain(`Credit note number: ${interNote.number}`);
    expect(shown).toContain(`Against tax invoice ${interInvoice.number}`);
    expect(shown).toContain('Reason: Part refund');
    expect(shown).toContain('Integrated tax (IGST)');
    expect(shown).toContain('Total credited');
    expect(shown).toContain('Rupees One Thousand One Hundred Eighty Only');
    const byStaff = await api.request('GET', `/api/credit-notes/${interNote.id}.pdf`, { token: staffToken });
    expect(byStaff.status).toBe(200);
    const stranger = await api.request('GET', `/api/credit-notes/${interNote.id}.pdf?token=token-300`);
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ error: { message: 'No such credit note.' } });
    expect((await api.request('GET', `/api/credit-notes/999999.pdf?token=token-300`)).status).toBe(404);
    expect((await api.request('GET', `/api/credit-notes/${interNote.id}.pdf`)).status).toBe(401);

    await expect(credit(intraInvoice.id, 531_001)).rejects.toMatchObject({
      kind: 'invalid',
      fields: { amount: expect.any(String) },
    });
    await credit(intraInvoice.id, 531_000);
    const both = await database.db
      .selectFrom('gst_credit_notes')
      .selectAll()
      .where('invoice_id', '=', intraInvoice.id)
      .execute();
    expect(both.reduce((sum, n) => sum + n.cgst, 0)).toBe(intraInvoice.cgst);
    expect(both.reduce((sum, n) => sum + n.sgst, 0)).toBe(intraInvoice.sgst);
    expect(both.reduce((sum, n) => sum + n.taxable_value, 0)).toBe(intraInvoice.taxable_value);
  });

  it('totals a month’s return to exactly its documents, in the API and the CSV files', async () => {
    type Totals = { taxableValue: number; cgst: number; sgst: number; igst: number; total: number };
    const answer = await api.request('GET', '/api/admin/gst/returns/2026-12', { token: staffToken });
    expect(answer.status).toBe(200);
    const figures = ((await answer.json()) as { data: Record<string, unknown> }).data as {
      b2b: Totals[];
      b2c: Totals[];
      creditNotes: Totals[];
      creditNoteTotals: Totals;
      sacSummary: Totals[];
      totals: Totals;
    };
    const invoices = await database.db
      .selectFrom('gst_invoices')
      .selectAll()
      .where('issued_on', '>=', '2026-12-01')
      .where('issued_on', '<=', '2026-12-31')
      .execute();
    const notes = await database.db
      .selectFrom('gst_credit_notes')
      .selectAll()
      .where('issued_on', '>=', '2026-12-01')
      .where('issued_on', '<=', '2026-12-31')
      .execute();
    const sum = (rows: Partial<Record<keyof Totals, number>>[], key: keyof Totals) =>
      rows.reduce((total, row) => total + (row[key] ?? 0), 0);
    for (const key of ['taxableValue', 'cgst', 'sgst', 'igst'] as const) {
      const column = ({ taxableValue: 'taxable_value', cgst: 'cgst', sgst: 'sgst', igst: 'igst' } as const)[key];
      expect(figures.totals[key]).toBe(invoices.reduce((t, i) => t + i[column], 0));
      expect(sum(figures.b2b, key) + sum(figures.b2c, key)).toBe(figures.totals[key]);
      expect(sum(figures.sacSummary, key)).toBe(figures.totals[key]);
      expect(figures.creditNoteTotals[key]).toBe(notes.reduce((t, n) => t + n[column], 0));
    }
    expect(figures.totals.total).toBe(invoices.reduce((t, i) => t + i.total, 0));
    expect(figures.b2b).toHaveLength(1);
    expect(figures.creditNotes).toHaveLength(3);

    const csv = await api.request('GET', '/api/admin/gst/returns/2026-12/b2b.csv', { token: staffToken });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain(`${MAHARASHTRA_COMPANY},Acme Industries Ltd,NIPM/2627/`);
    const forbidden = await api.request('GET', '/api/admin/gst/returns/2026-12', {
      token: (await createUser(database.db, { roleId: '3' })).token,
    });
    expect(forbidden.status).toBe(403);
    expect((await api.request('GET', '/api/admin/gst/returns/2026-13', { token: staffToken })).status).toBe(400);
  });

  it('lists invoices and credit notes in one register, paged and filtered, and as CSV', async () => {
    type Page = { data: { items: { kind: string; number: string; invoiceNumber: string | null }[]; total: number } };
    const get = async (query: string) =>
      (await (await api.request('GET', `/api/admin/invoices?${query}`, { token: staffToken })).json()) as Page;
    const december = await get('month=2026-12&pageSize=2');
    expect(december.data.total).toBe(5);
    expect(december.data.items).toHaveLength(2);
    const notes = await get('month=2026-12&kind=credit_note');
    expect(notes.data.total).toBe(3);
    expect(notes.data.items.every((d) => d.kind === 'credit_note' && d.invoiceNumber?.startsWith('NIPM/2627/'))).toBe(
      true,
    );
    expect((await get(`q=${MAHARASHTRA_COMPANY.toLowerCase()}&kind=invoice`)).data.total).toBe(2);
    const csv = await api.request('GET', '/api/admin/invoices/export.csv?month=2026-12', { token: staffToken });
    expect((await csv.text()).split('\r\n').filter(Boolean)).toHaveLength(6);
  });
});
