import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  cells,
  formatAmount,
  formatRupees,
  longDate,
  MARGIN,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  RIGHT,
  row,
  rule,
  text,
  type Pen,
} from '../../platform/pdf-pen';
import type { InvoiceContent, InvoiceParty } from './invoices';

/**
 * The PDF of a tax invoice or credit note, drawn from what was stored when it was issued, with the
 * particulars of CGST Rule 46 (invoice) and Rule 53 (credit note) in that order.
 */
export interface TaxDocument extends InvoiceContent {
  /** Set on a credit note: the invoice it reduces and why. */
  creditNote?: { invoiceNumber: string; invoiceDate: string; reason: string };
}

function party(pen: Pen, heading: string, who: InvoiceParty) {
  text(pen, heading, { bold: true, size: 9 });
  text(pen, who.name, { size: 9 });
  if (who.address) text(pen, who.address, { size: 9 });
  text(pen, `GSTIN: ${who.gstin ?? 'Unregistered'}`, { size: 9 });
  if (who.state) text(pen, `State: ${who.state}`, { size: 9 });
  pen.y -= 6;
}

const COLUMNS = [
  { x: MARGIN, align: 'left' as const, width: 150 },
  { x: 212, align: 'left' as const, width: 40 },
  { x: 292, align: 'right' as const },
  { x: 322, align: 'right' as const },
  { x: 372, align: 'right' as const },
  { x: 422, align: 'right' as const },
  { x: 472, align: 'right' as const },
  { x: RIGHT, align: 'right' as const },
];

export async function renderTaxDocumentPdf(doc: TaxDocument): Promise<Uint8Array> {
  const credit = doc.creditNote;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${credit ? 'Credit note' : 'Tax invoice'} ${doc.number}`);
  pdf.setAuthor(doc.supplier.name);
  pdf.setCreationDate(new Date(`${doc.date}T00:00:00+05:30`));
  const pen: Pen = {
    page: pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]),
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    y: 790,
  };
  const intra = doc.split === 'intra';
  const localTax = doc.localTax;

  text(pen, credit ? 'CREDIT NOTE' : 'TAX INVOICE', { size: 14, bold: true, gap: 8 });
  text(pen, doc.supplier.name, { size: 12, bold: true });
  text(pen, doc.supplier.address ?? '', { size: 9 });
  text(pen, `GSTIN: ${doc.supplier.gstin}    State: ${doc.supplier.state ?? ''}`, { size: 9 });
  pen.y -= 8;
  text(pen, `${credit ? 'Credit note' : 'Invoice'} number: ${doc.number}`, { bold: true });
  text(pen, `Date of issue: ${longDate(doc.date)}`);
  if (credit) {
    text(pen, `Against tax invoice ${credit.invoiceNumber} of ${longDate(credit.invoiceDate)}`);
    text(pen, `Reason: ${credit.reason}`);
  }
  text(pen, `Place of supply: ${doc.placeOfSupply.state}`);
  text(pen, `Tax payable on reverse charge: No`);
  pen.y -= 8;
  party(pen, 'Recipient', doc.buyer);

  rule(pen);
  const taxHeads = intra ? ['CGST', localTax] : ['IGST', ''];
  cells(pen, COLUMNS, ['Description', 'SAC', 'Qty', 'Value', 'Discount', 'Taxable', ...taxHeads], { bold: true });
  rule(pen);
  for (const line of doc.lines) {
    const taxes = intra
      ? [`${formatAmount(line.cgst)} @${line.cgstPercent}%`, `${formatAmount(line.sgst)} @${line.sgstPercent}%`]
      : [`${formatAmount(line.igst)} @${line.igstPercent}%`, ''];
    cells(pen, COLUMNS, [
      line.description,
      line.sac,
      String(line.quantity ?? 1),
      formatAmount(line.amount ?? line.taxableValue),
      formatAmount(line.discount ?? 0),
      formatAmount(line.taxableValue),
      ...taxes,
    ]);
  }
  rule(pen);
  row(pen, 'Taxable value', formatRupees(doc.totals.taxableValue));
  if (intra) {
    row(pen, 'Central tax (CGST)', formatRupees(doc.totals.cgst));
    row(
      pen,
      `${localTax === 'UTGST' ? 'Union territory tax (UTGST)' : 'State tax (SGST)'}`,
      formatRupees(doc.totals.sgst),
    );
  } else {
    row(pen, 'Integrated tax (IGST)', formatRupees(doc.totals.igst));
  }
  rule(pen);
  row(pen, credit ? 'Total credited' : 'Invoice total', formatRupees(doc.totals.total), true);
  text(pen, `Amount in words: ${doc.totalInWords}`, { bold: true });
  pen.y -= 8;
  if (!credit && doc.payment.receiptNumber) {
    text(pen, `Paid in full: receipt ${doc.payment.receiptNumber} of ${longDate(doc.payment.paidOn)}`, { size: 9 });
  }
  pen.y -= 28;
  text(pen, `For ${doc.supplier.name}`, { size: 9, x: 330 });
  pen.y -= 4;
  text(pen, 'Authorised signatory (digitally issued by the NIPM web platform)', { size: 8, x: 330 });
  return pdf.save();
}
