import { afterAll, beforeAll, expect, it } from 'vitest';
import { nowIso } from '../../src/server/platform/db';
import { verifyPayment } from '../../src/server/domains/money';
import { natconGstPercent } from '../../src/server/domains/natcon/gst';
import { issueCreditNote } from '../../src/server/domains/gst/credit-notes';
import { updateGstSettings } from '../../src/server/domains/gst/settings';
import type { AuthUser } from '../../src/server/domains/identity/auth-user';
import type { GstSettings } from '../../src/lib/schemas/gst';
import { financialYearStart, kolkataDate } from '../../src/lib/financial-year';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import { nextUtr, pdfText } from '../support/money';
import { applicationBody, createProposer, json, SAMPLE_FEES, seedFees, submit } from './joining-support';
import { memberWith } from './members-support';

/**
 * Membership payments get tax invoices (issue 25): applications and renewals, to the applicant at
 * the State of their address or to the employer whose GSTIN they give; prices use the GST
 * settings' per-purpose rates while a GSTIN is set, and the payment settings' single rate (with
 * receipts only) while none is.
 */
const TODAY = kolkataDate(new Date());
const CURRENT = financialYearStart(TODAY);
const SETTINGS: GstSettings = {
  legalName: 'National Institute of Personnel Management',
  address: 'Park Street, Kolkata 700016',
  gstin: '19AAATN1234F1ZV',
  stateCode: '19',
  purposes: {
    membership: { sac: '999512', ratePercent: 12 },
    natcon_delegate: { sac: '998596', ratePercent: 5 },
    natcon_award: { sac: '999512', ratePercent: 18 },
  },
};

describeEachDatabase('GST on membership payments', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let staff: AuthUser;
  let chapterId: number;
  let lastInvoiceId = 0;
  let current: { id: number };

  const staffOf = (user: CreatedUser): AuthUser => ({
    id: user.id,
    email: user.email,
    name: 'Super',
    image: null,
    roleId: '2',
    memberId: null,
    chapterId: null,
  });

  /** Submits an application, reports its payment and verifies it: answers the invoice row (or undefined). */
  async function applyAndPay(overrides: Record<string, unknown>) {
    const submitted = await submit(api, applicationBody(chapterId, ['GP-0001', 'GP-0002'], overrides));
    expect(submitted.status).toBe(201);
    const created = (await json<{ reference: string; statusToken: string; amountDue: number }>(submitted)).data;
    const paid = await api.request(
      'POST',
      `/api/membership/applications/${created.reference}/payments?token=${encodeURIComponent(created.statusToken)}`,
      { body: { mode: 'upi', reference: nextUtr(), amount: created.amountDue, paidOn: TODAY } },
    );
    expect(paid.status).toBe(201);
    const paymentId = (await json<{ id: number }>(paid)).data.id;
    await verifyPayment(database.db, staff, paymentId);
    const invoice = await database.db
      .selectFrom('gst_invoices')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .executeTakeFirst();
    return { created, paymentId, invoice };
  }

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    staff = staffOf(await createUser(database.db, { roleId: '2' }));
    for (let year = CURRENT - 1; year <= CURRENT + 1; year++) await seedFees(database.db, year);
    chapterId = (await createChapter(database.db, { region: 'East', name: 'Kolkata Chapter' })).id;
    current = await createProposer(database.db, chapterId, { memberNumber: 'GP-0001', paidThrough: CURRENT + 1 });
    await createProposer(database.db, chapterId, {
      memberNumber: 'GP-0002',
      membershipClass: 'life',
      paidThrough: null,
    });
    await database.db
      .insertInto('settings')
      .values({ key: 'gst', value: JSON.stringify({ ratePercent: 18 }), updated_at: nowIso(), updated_by: null })
      .execute();
  });
  afterAll(async () => {
    await api.settle();
    await database.drop();
  });

  it('with no GSTIN set, prices with the payment settings’ rate and issues receipts only', async () => {
    const quote = await json<{ gstRatePercent: number | null }>(
      await api.request('GET', `/api/membership/fee-quote?class=associate&on=${TODAY}`),
    );
    expect(quote.data.gstRatePercent).toBe(18);
    const { invoice, created } = await applyAndPay({});
    expect(invoice).toBeUndefined();
    expect(created.amountDue).toBeGreaterThan(0);
  });

  it('with a GSTIN set, prices membership at its own rate and invoices an applicant in another State with IGST', async () => {
    await updateGstSettings(database.db, staff, SETTINGS);
    const quote = await json<{ gstRatePercent: number | null; subtotal: number; gst: number }>(
      await api.request('GET', `/api/membership/fee-quote?class=associate&on=${TODAY}`),
    );
    expect(quote.data.gstRatePercent).toBe(12);
    expect(quote.data.gst).toBe(Math.round(quote.data.subtotal * 0.12));
    const { invoice, paymentId, created } = await applyAndPay({ stateName: 'Maharashtra', city: 'Pune' });
    expect(invoice).toMatchObject({ place_of_supply: '27', split: 'inter', buyer_gstin: null, cgst: 0, sgst: 0 });
    expect(invoice!.total).toBe(created.amountDue);
    expect(invoice!.igst).toBe(quote.data.gst);
    const pdf = await api.request(
      'GET',
      `/api/invoices/${invoice!.id}.pdf?token=${encodeURIComponent(created.statusToken)}`,
    );
    expect(pdf.status).toBe(200);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toContain('999512');
    expect(text).toContain('Integrated tax (IGST)');
    const status = await json<{ payments: { id: number; invoice: { id: number; number: string } | null }[] }>(
      await api.request('GET', `/api/membership/status?token=${encodeURIComponent(created.statusToken)}`),
    );
    expect(status.data.payments.find((p) => p.id === paymentId)?.invoice).toEqual({
      id: invoice!.id,
      number: invoice!.number,
    });
    lastInvoiceId = invoice!.id;
  });

  it('invoices the employer whose GSTIN the applicant gives, in its State (CGST and SGST here)', async () => {
    const { invoice } = await applyAndPay({
      stateName: 'Karnataka',
      gstin: '19aaacn1234f1zu',
      buyerName: 'Hooghly Jute Mills Ltd',
      buyerAddress: 'Strand Road, Kolkata 700001',
    });
    expect(invoice).toMatchObject({
      buyer_gstin: '19AAACN1234F1ZU',
      buyer_name: 'Hooghly Jute Mills Ltd',
      place_of_supply: '19',
      split: 'intra',
      igst: 0,
    });
    expect(invoice!.cgst).toBe(invoice!.sgst);
  });

  it('refuses a GSTIN that fails its check, or one without its address, on the fields', async () => {
    const bad = await submit(api, applicationBody(chapterId, ['GP-0001', 'GP-0002'], { gstin: '27AAPFU0939F1ZW' }));
    expect(bad.status).toBe(400);
    expect((await json(bad)).error?.fields?.gstin).toContain('last character');
    const bare = await submit(
      api,
      applicationBody(chapterId, ['GP-0001', 'GP-0002'], { gstin: '27AAPFU0939F1ZV', buyerName: 'Acme' }),
    );
    expect(bare.status).toBe(400);
    expect((await json(bare)).error?.fields?.buyerAddress).toBeTruthy();
  });

  it('invoices a renewal to the employer named with it, or to the member at the State on record', async () => {
    const renew = async (state: string | null, buyer: Record<string, string>) => {
      const member = await memberWith(database.db, chapterId, { firstName: 'Ravi', paid: CURRENT });
      await database.db.updateTable('members').set({ state }).where('id', '=', member.id).execute();
      const user = await createUser(database.db, { roleId: '1', memberId: member.id });
      const view = await json<{ quote: { total: number; gstRatePercent: number } }>(
        await api.request('GET', `/api/members/${member.id}/renewal`, { token: user.token }),
      );
      expect(view.data.quote.gstRatePercent).toBe(12);
      const paid = await api.request('POST', '/api/members/me/renewal', {
        token: user.token,
        body: { mode: 'upi', reference: nextUtr(), amount: view.data.quote.total, paidOn: TODAY, ...buyer },
      });
      expect(paid.status).toBe(201);
      const paymentId = (await json<{ id: number }>(paid)).data.id;
      await verifyPayment(database.db, staff, paymentId);
      const invoice = await database.db
        .selectFrom('gst_invoices')
        .selectAll()
        .where('payment_id', '=', paymentId)
        .executeTakeFirstOrThrow();
      expect(invoice.total).toBe(view.data.quote.total);
      expect(invoice.taxable_value).toBe(SAMPLE_FEES.associate.subscription);
      const pdf = await api.request('GET', `/api/invoices/${invoice.id}.pdf`, { token: user.token });
      expect(pdf.status).toBe(200);
      const after = await json<{ payments: { id: number; invoice?: { id: number } | null }[] }>(
        await api.request('GET', `/api/members/${member.id}/renewal`, { token: user.token }),
      );
      expect(after.data.payments.find((p) => p.id === paymentId)?.invoice?.id).toBe(invoice.id);
      const stranger = await createUser(database.db, { roleId: '1', memberId: current.id });
      expect((await api.request('GET', `/api/invoices/${invoice.id}.pdf`, { token: stranger.token })).status).toBe(404);
      return invoice;
    };
    const employer = await renew(null, {
      gstin: '29AAGCB7383J1Z4',
      buyerName: 'Deccan Tools Pvt Ltd',
      buyerAddress: 'Whitefield, Bengaluru 560066',
    });
    expect(employer).toMatchObject({ buyer_gstin: '29AAGCB7383J1Z4', place_of_supply: '29', split: 'inter' });
    const kerala = await renew('Kerala', {});
    expect(kerala).toMatchObject({ buyer_gstin: null, place_of_supply: '32', split: 'inter' });
    const nowhere = await renew(null, {});
    expect(nowhere).toMatchObject({ place_of_supply: '19', split: 'intra' });
  });

  it('refuses a renewal whose employer GSTIN fails its check, and records nothing', async () => {
    const member = await memberWith(database.db, chapterId, { firstName: 'Uma', paid: CURRENT });
    const user = await createUser(database.db, { roleId: '1', memberId: member.id });
    const answer = await api.request('POST', '/api/members/me/renewal', {
      token: user.token,
      body: { mode: 'upi', reference: nextUtr(), amount: 1, paidOn: TODAY, gstin: '29AAGCB7383J1Z5' },
    });
    expect(answer.status).toBe(400);
    expect((await json(answer)).error?.fields?.gstin).toBeTruthy();
    const payments = await database.db
      .selectFrom('payments')
      .select('id')
      .where('subject_id', '=', member.id)
      .execute();
    expect(payments).toEqual([]);
  });

  it('lists credit notes issued after 30 November of the following year on the settings screen, for role 2 only', async () => {
    const route = '/api/admin/settings/gst/late-credit-notes';
    const admin = await createUser(database.db, { roleId: '5' });
    expect((await api.request('GET', route, { token: admin.token })).status).toBe(403);
    const superAdmin = await createUser(database.db, { roleId: '2' });
    expect((await json<unknown[]>(await api.request('GET', route, { token: superAdmin.token }))).data).toEqual([]);
    // The invoice is of this financial year: a credit note after 30 November of the next one is late.
    const late = new Date(Date.UTC(CURRENT + 2, 0, 5, 6));
    await database.db.transaction().execute((trx) => issueCreditNote(trx, lastInvoiceId, 100, 'Late correction', late));
    const listed = await json<{ reason: string; total: number }[]>(
      await api.request('GET', route, { token: superAdmin.token }),
    );
    expect(listed.data).toMatchObject([{ reason: 'Late correction', total: 100 }]);
  });

  it('prices NATCON delegates at the delegate fee’s own rate', async () => {
    expect(await natconGstPercent(database.db)).toBe(5);
  });
});
