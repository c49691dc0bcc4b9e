import { afterAll, beforeAll, expect, it } from 'vitest';
import { nowIso } from '../../src/server/platform/db';
import { kolkataDate } from '../../src/lib/financial-year';
import { verifyPayment } from '../../src/server/domains/money';
import { updateGstSettings } from '../../src/server/domains/gst/settings';
import type { AuthUser } from '../../src/server/domains/identity/auth-user';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createUser } from '../support/fixtures';
import { pdfText } from '../support/money';
import { createEdition, delegate, registration } from '../support/natcon';

/**
 * A NATCON buyer's tax invoice from registration to PDF: a company registered in another State gets
 * IGST (section 12(7): its own State), one in the institute's State CGST and SGST; a cancelled order
 * after invoicing gets a credit note for the whole invoice.
 */
interface Order {
  data: {
    id: number;
    orderNumber: string;
    statusToken: string;
    amountDue: number;
    receipts: {
      paymentId: number;
      receiptNumber: string;
      invoice: { id: number; number: string } | null;
      creditNotes: { id: number; number: string }[];
    }[];
  };
}

describeEachDatabase('NATCON tax invoices', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let staff: AuthUser;
  let categoryId: number;
  let editionTitle: string;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    const user = await createUser(database.db, { roleId: '2' });
    staff = {
      id: user.id,
      email: user.email,
      name: 'Super',
      image: null,
      roleId: '2',
      memberId: null,
      chapterId: null,
    };
    const { edition, categories } = await createEdition(database.db, {
      categories: [{ name: 'Non-member', fee: 1_000_000, seats: 100 }],
    });
    categoryId = categories[0].id;
    editionTitle = edition.title;
    await database.db.updateTable('natcon_editions').set({ state_code: '19' }).where('id', '=', edition.id).execute();
    await database.db
      .insertInto('settings')
      .values({ key: 'gst', value: JSON.stringify({ ratePercent: 18 }), updated_at: nowIso(), updated_by: null })
      .execute();
    await updateGstSettings(database.db, staff, {
      legalName: 'National Institute of Personnel Management',
      address: 'Park Street, Kolkata 700016',
      gstin: '19AAATN1234F1ZV',
      stateCode: '19',
      purposes: {
        membership: { sac: '999512', ratePercent: 18 },
        natcon_delegate: { sac: '998596', ratePercent: 18 },
        natcon_award: { sac: '999512', ratePercent: 18 },
      },
    });
  });
  afterAll(async () => {
    await api.settle();
    await database.drop();
  });

  /** Registers the delegates, reports the amount due and has staff verify it; answers the order and payment id. */
  async function placeAndVerify(delegates: Record<string, unknown>[], buyer: Record<string, unknown>, due: number) {
    const placed = (await (
      await api.request('POST', '/api/natcon/registrations', { body: registration(categoryId, delegates, buyer) })
    ).json()) as Order;
    expect(placed.data.amountDue).toBe(due);
    const { orderNumber, statusToken } = placed.data;
    const reported = await api.request(
      'POST',
      `/api/natcon/registrations/${orderNumber}/payments?token=${statusToken}`,
      {
        body: {
          mode: 'upi',
          reference: String(412_345_600_000 + placed.data.id),
          amount: due,
          paidOn: '2026-11-20',
        },
      },
    );
    expect(reported.status).toBe(201);
    const payment = await database.db
      .selectFrom('payments')
      .select('id')
      .where('subject_id', '=', placed.data.id)
      .where('purpose', '=', 'natcon_order')
      .executeTakeFirstOrThrow();
    await verifyPayment(database.db, staff, payment.id, 'Seen in the bank statement.');
    return { orderNumber, statusToken, paymentId: payment.id };
  }

  /** Registers, reports the payment and has staff verify it; answers the order and the invoice's PDF text. */
  async function buyAndDownload(buyer: Record<string, unknown>) {
    const { orderNumber, statusToken } = await placeAndVerify([delegate()], buyer, 1_180_000);
    const status = (await (
      await api.request('GET', `/api/natcon/registrations/${orderNumber}?token=${statusToken}`)
    ).json()) as Order;
    const invoice = status.data.receipts[0].invoice;
    expect(invoice?.number).toMatch(/^NIPM\/\d{4}\/\d{6}$/);
    const pdf = await api.request('GET', `/api/invoices/${invoice!.id}.pdf?token=${statusToken}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    return {
      order: status.data,
      invoiceId: invoice!.id,
      text: await pdfText(new Uint8Array(await pdf.arrayBuffer())),
      statusPath: `/api/natcon/registrations/${orderNumber}?token=${statusToken}`,
      statusToken,
    };
  }

  it('gives a company registered in another State an invoice with IGST', async () => {
    const { text } = await buyAndDownload({
      organisation: 'Acme Industries Ltd',
      gstin: '27aapfu0939f1zv',
      buyerAddress: 'Andheri East, Mumbai 400069',
    });
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('GSTIN: 27AAPFU0939F1ZV');
    expect(text).toContain('Acme Industries Ltd');
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toContain('Integrated tax (IGST)');
    expect(text).toContain('Rs 1,800.00');
    expect(text).not.toContain('Central tax (CGST)');
    expect(text).toContain('998596');
  });

  it('gives a buyer in the institute’s State CGST and SGST, and a credit note when the order is cancelled', async () => {
    const { order, invoiceId, text, statusPath, statusToken } = await buyAndDownload({
      organisation: 'Hooghly Jute Mills Ltd',
      gstin: '19AAACN1234F1ZU',
      buyerAddress: 'Strand Road, Kolkata 700001',
    });
    expect(text).toContain('Place of supply: West Bengal (19)');
    expect(text).toContain('Central tax (CGST)');
    expect(text).toContain('State tax (SGST)');
    expect(text).toContain('Rs 900.00');
    expect(text).not.toContain('Integrated tax (IGST)');

    const staffToken = (await createUser(database.db, { roleId: '5' })).token;
    const cancel = await api.request('POST', `/api/admin/natcon/registrations/${order.id}/cancel`, {
      token: staffToken,
      body: { note: 'Company withdrew' },
    });
    expect(cancel.status).toBe(200);
    const creditNotes = () =>
      database.db.selectFrom('gst_credit_notes').selectAll().where('invoice_id', '=', invoiceId).execute();
    // The cancellation makes a refund due; the credit note is issued when the refund is made.
    expect(await creditNotes()).toHaveLength(0);
    const due = await database.db
      .selectFrom('refunds')
      .innerJoin('payments', 'payments.id', 'refunds.payment_id')
      .select('refunds.id')
      .where('payments.purpose', '=', 'natcon_order')
      .where('payments.subject_id', '=', order.id)
      .where('refunds.state', '=', 'due')
      .executeTakeFirstOrThrow();
    const made = await api.request('POST', `/api/admin/refunds/${due.id}/make`, {
      token: staffToken,
      body: { mode: 'bank_transfer', reference: 'NEFTHOOGHLY1', refundedOn: kolkataDate(api.clock.now) },
    });
    expect(made.status).toBe(200);
    const notes = await creditNotes();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ taxable_value: 1_000_000, cgst: 90_000, sgst: 90_000, igst: 0, total: 1_180_000 });

    // The buyer's status link lists the credit note, and its PDF opens with the same token.
    const status = (await (await api.request('GET', statusPath)).json()) as Order;
    expect(status.data.receipts[0].creditNotes).toEqual([{ id: notes[0].id, number: notes[0].number }]);
    const pdf = await api.request('GET', `/api/credit-notes/${notes[0].id}.pdf?token=${statusToken}`);
    expect(pdf.status).toBe(200);
    const shown = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(shown).toContain('CREDIT NOTE');
    expect(shown).toContain('Hooghly Jute Mills Ltd');
    expect(shown).toContain('Central tax (CGST)');
    expect(shown).toContain('Rupees Eleven Thousand Eight Hundred Only');
  });

  it('issues a credit note reversing the IGST when part of an invoiced payment is refunded', async () => {
    const { order, invoiceId } = await buyAndDownload({
      organisation: 'Deccan Tools Pvt Ltd',
      gstin: '29AAGCB7383J1Z4',
      buyerAddress: 'Whitefield, Bengaluru 560066',
    });
    const payment = await database.db
      .selectFrom('payments')
      .select('id')
      .where('subject_id', '=', order.id)
      .where('purpose', '=', 'natcon_order')
      .executeTakeFirstOrThrow();
    const refunded = await api.request('POST', `/api/admin/payments/${payment.id}/refunds`, {
      token: (await createUser(database.db, { roleId: '2' })).token,
      body: {
        amount: 118_000,
        reason: 'One delegate fewer',
        mode: 'bank_transfer',
        reference: 'UTR998877',
        refundedOn: '2026-11-20',
      },
    });
    expect(refunded.status).toBe(201);
    const notes = await database.db
      .selectFrom('gst_credit_notes')
      .selectAll()
      .where('invoice_id', '=', invoiceId)
      .execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ taxable_value: 100_000, cgst: 0, sgst: 0, igst: 18_000, total: 118_000 });

    const detail = await api.request('GET', `/api/admin/payments/${payment.id}`, {
      token: (await createUser(database.db, { roleId: '5' })).token,
    });
    expect(detail.status).toBe(200);
    const { data } = (await detail.json()) as { data: Record<string, unknown> };
    expect(data).toMatchObject({
      refundable: 1_180_000 - 118_000,
      invoice: { id: invoiceId, buyerGstin: '29AAGCB7383J1Z4', taxableValue: 1_000_000, igst: 180_000 },
      creditNotes: [{ number: notes[0].number, reason: 'One delegate fewer', igst: 18_000, total: 118_000 }],
    });
  });

  it('refuses a GSTIN whose check character is wrong, on the field, and places nothing', async () => {
    const before = (await database.db.selectFrom('natcon_orders').select('id').execute()).length;
    const response = await api.request('POST', '/api/natcon/registrations', {
      body: registration(categoryId, [delegate()], { gstin: '27AAPFU0939F1ZW', buyerAddress: 'Mumbai' }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields.gstin).toContain(
      'last character',
    );
    expect((await database.db.selectFrom('natcon_orders').select('id').execute()).length).toBe(before);
  });

  it('bills two delegates of one category on one invoice line: their fees together, the order named', async () => {
    const { orderNumber, paymentId } = await placeAndVerify(
      [delegate(), delegate()],
      { contact: { name: 'Two Seats', email: 'two.seats@example.test', phone: '9830012345' } },
      2_360_000,
    );
    const lines = await database.db
      .selectFrom('gst_invoice_lines as l')
      .innerJoin('gst_invoices as i', 'i.id', 'l.invoice_id')
      .select(['l.description', 'l.taxable_value', 'l.cgst', 'l.sgst', 'l.total'])
      .where('i.payment_id', '=', paymentId)
      .execute();
    expect(lines).toEqual([
      {
        description: `${editionTitle}: Non-member delegate fee (order ${orderNumber})`,
        taxable_value: 2_000_000,
        cgst: 180_000,
        sgst: 180_000,
        total: 2_360_000,
      },
    ]);
  });
});
