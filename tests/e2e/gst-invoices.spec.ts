import type { Page } from '@playwright/test';
import { nowIso } from '../../src/server/platform/db';
import type { GstSettings } from '../../src/lib/schemas/gst';
import { createEdition, delegate, registration } from '../support/natcon';
import { pdfText } from '../support/money';
import { e2eDb, expect, signIn, test, waitForIslands } from './support/fixtures';

/**
 * GST tax invoices in the browser (issue 25): a NATCON buyer registered in another State gives its
 * GSTIN, reports its payment on the order's page, staff verify it on the payments screen, and the
 * buyer downloads a tax invoice with IGST from the order's page; a buyer in the institute's State
 * gets CGST and SGST. Staff see the invoice in the GST register and on the payment's page.
 *
 * The GST settings are the site's one set: they are switched on for this file and removed at its
 * end (while on, NATCON and membership prices elsewhere carry their GST).
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

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

let categoryId = 0;
let editionId = 0;

test.beforeAll(async () => {
  const db = await e2eDb();
  const { edition, categories } = await createEdition(db, {
    year: 2030 + Math.floor(Math.random() * 40),
    categories: [{ name: `GST delegate ${Date.now().toString(36)}`, fee: 1_000_000, seats: 50 }],
  });
  categoryId = categories[0].id;
  editionId = edition.id;
  await db.updateTable('natcon_editions').set({ state_code: '19' }).where('id', '=', edition.id).execute();
  const value = JSON.stringify(SETTINGS);
  await db
    .insertInto('settings')
    .values({ key: 'gst_invoicing', value, updated_at: nowIso(), updated_by: null })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
});

test.afterAll(async () => {
  const db = await e2eDb();
  await db.deleteFrom('settings').where('key', '=', 'gst_invoicing').execute();
});

/** The buyer registers (the order's API, as the form sends it) and reports a UPI payment on the order's page. */
async function registerAndReport(page: Page, buyer: Record<string, string>) {
  const placed = await page.request.post('/api/natcon/registrations', {
    // The edition named: after the other tests, a later edition may be the current one.
    data: registration(categoryId, [delegate()], { ...buyer, editionId }),
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()).data as { orderNumber: string; statusToken: string; amountDue: number };
  expect(order.amountDue).toBe(1_180_000);
  const link = `/natcon/register?order=${order.orderNumber}&token=${encodeURIComponent(order.statusToken)}`;
  await page.goto(link);
  await waitForIslands(page);
  const reference = `4${String(Date.now()).slice(-11)}`;
  await page.getByLabel('How did you pay?').selectOption('upi');
  await page.getByLabel('UTR or UPI transaction id').fill(reference);
  await page.getByRole('button', { name: 'Report payment' }).click();
  await expect(page.getByText('Payment reported: the institute verifies it and e-mails the receipt.')).toBeVisible();
  return { link, reference };
}

/** Staff (role 5) verify the payment on the payments screen, then open its page: the tax invoice is there. */
async function staffVerify(page: Page, reference: string, expected: RegExp) {
  await page.goto(`/admin/payments?state=reported&q=${reference}`);
  await waitForIslands(page);
  const row = page.getByRole('row', { name: new RegExp(reference) });
  await row.getByRole('button', { name: /^Verify/ }).click();
  await page.getByRole('dialog', { name: 'Verify this payment?' }).getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Payment verified: the payer gets the receipt.')).toBeVisible();
  await page.goto(`/admin/payments?q=${reference}`);
  await waitForIslands(page);
  await page
    .getByRole('row', { name: new RegExp(reference) })
    .getByRole('link', { name: /\d{4}, / })
    .click();
  await expect(page.getByTestId('tax-invoice')).toContainText(expected);
  await expect(page.getByRole('button', { name: 'Download the tax invoice (PDF)' })).toBeVisible();
}

/** The buyer reloads the order's page and downloads the invoice its link names: answers the PDF's text. */
async function buyerInvoice(page: Page, link: string) {
  await page.goto(link);
  await waitForIslands(page);
  const invoiceLink = page.getByRole('link', { name: /^Tax invoice NIPM\/\d{4}\/\d{6} \(PDF\)$/ });
  await expect(invoiceLink).toBeVisible();
  const pdf = await page.request.get((await invoiceLink.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  return pdfText(new Uint8Array(await pdf.body()));
}

test('a company in another State gets a tax invoice with IGST; one in West Bengal CGST and SGST', async ({
  browser,
  page,
  users,
}) => {
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, await users.create({ roleId: '5' }), '/auth/admin');

  const maharashtra = await registerAndReport(page, {
    organisation: 'Acme Industries Ltd',
    gstin: '27AAPFU0939F1ZV',
    buyerAddress: 'Andheri East, Mumbai 400069',
  });
  await staffVerify(staff, maharashtra.reference, /IGST Rs 1,800\.00.*Maharashtra \(27\).*27AAPFU0939F1ZV/);
  const igst = await buyerInvoice(page, maharashtra.link);
  expect(igst).toContain('TAX INVOICE');
  expect(igst).toContain('Acme Industries Ltd');
  expect(igst).toContain('GSTIN: 27AAPFU0939F1ZV');
  expect(igst).toContain('Place of supply: Maharashtra (27)');
  expect(igst).toContain('Integrated tax (IGST)');
  expect(igst).not.toContain('Central tax (CGST)');

  const bengal = await registerAndReport(page, {
    organisation: 'Hooghly Jute Mills Ltd',
    gstin: '19AAACN1234F1ZU',
    buyerAddress: 'Strand Road, Kolkata 700001',
  });
  await staffVerify(staff, bengal.reference, /CGST Rs 900\.00, SGST Rs 900\.00.*West Bengal \(19\)/);
  const intra = await buyerInvoice(page, bengal.link);
  expect(intra).toContain('Place of supply: West Bengal (19)');
  expect(intra).toContain('Central tax (CGST)');
  expect(intra).toContain('State tax (SGST)');
  expect(intra).not.toContain('Integrated tax (IGST)');

  // Both are in the staff's GST register, with the month's figures below it.
  await staff.goto('/admin/gst?q=Acme%20Industries');
  await waitForIslands(staff);
  const register = staff.getByRole('table', { name: 'GST documents' });
  await expect(register.getByRole('row', { name: /Acme Industries Ltd/ })).toContainText('27AAPFU0939F1ZV');
  await expect(staff.getByTestId('gst-return')).toContainText('Acme Industries Ltd');
});

test('the super admin keeps the GST settings, each refusal beside its field', async ({ page, users }) => {
  await signIn(page, await users.create({ roleId: '2' }), '/auth/admin');
  await page.goto('/admin/membership?tab=gst-settings');
  await waitForIslands(page);
  await expect(page.getByRole('tab', { name: 'GST settings' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('GSTIN')).toHaveValue(SETTINGS.gstin!);
  await expect(page.getByTestId('gst-invoicing-state')).toHaveText(
    'Tax invoices are issued when payments are verified.',
  );

  await page.getByLabel('GSTIN').fill('19AAATN1234F1ZW');
  await page.getByLabel('Rate % (NATCON delegate fee)').fill('eighteen');
  await page.getByRole('button', { name: 'Save GST settings' }).click();
  // The browser's own check first (the rate), then the server's full GSTIN check.
  await expect(page.getByLabel('Rate % (NATCON delegate fee)')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Rate % (NATCON delegate fee)').fill('18');
  await page.getByRole('button', { name: 'Save GST settings' }).click();
  await expect(page.getByLabel('GSTIN')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#gst-gstin-error')).toContainText('last character');

  await page.getByLabel('GSTIN').fill(SETTINGS.gstin!);
  await page.getByRole('button', { name: 'Save GST settings' }).click();
  await expect(page.getByText('GST settings saved. Payments verified from now on get tax invoices')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Credit notes issued after 30 November/ })).toBeVisible();
});
