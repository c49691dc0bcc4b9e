import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { DB } from '../../platform/db';
import { notFound } from '../errors';
import type { ReceiptContent } from './receipt-content';

/**
 * The PDF receipt of a verified payment, drawn with pdf-lib from the content stored when it was
 * verified. The standard PDF fonts have no rupee sign, so amounts read `Rs 9,000.00`.
 */

const rupeeFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatRupees(paise: number): string {
  return `Rs ${rupeeFormat.format(paise / 100)}`;
}

/** `2026-10-01` → `1 October 2026`. */
function longDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const name = new Date(Date.UTC(year, month - 1, day)).toLocaleString('en-IN', { month: 'long', timeZone: 'UTC' });
  return `${day} ${name} ${year}`;
}

/** The stored receipt of a verified payment; 404 when the payment has none (not verified). */
export async function readReceipt(db: DB, paymentId: number): Promise<ReceiptContent> {
  const row = await db
    .selectFrom('payments')
    .select(['state', 'receipt'])
    .where('id', '=', paymentId)
    .executeTakeFirst();
  if (!row?.receipt || row.state !== 'verified') throw notFound('This payment has no receipt: it is not verified.');
  return JSON.parse(row.receipt) as ReceiptContent;
}

/** Characters WinAnsi (the standard fonts) cannot draw become '?', so an unusual name never breaks a receipt. */
function drawable(font: PDFFont, text: string): string {
  return [...text]
    .map((ch) => {
      try {
        font.encodeText(ch);
        return ch;
      } catch {
        return '?';
      }
    })
    .join('');
}

/** Splits text into lines no wider than `width`. */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

interface Pen {
  page: PDFPage;
  regular: PDFFont;
  bold: PDFFont;
  y: number;
}

const MARGIN = 56;
const PAGE_WIDTH = 595.28;
const RIGHT = PAGE_WIDTH - MARGIN;
const GREY = rgb(0.35, 0.35, 0.35);

function text(pen: Pen, value: string, options: { size?: number; bold?: boolean; x?: number; gap?: number } = {}) {
  const size = options.size ?? 10;
  const font = options.bold ? pen.bold : pen.regular;
  for (const line of wrap(font, size, drawable(font, value), RIGHT - (options.x ?? MARGIN))) {
    pen.page.drawText(line, { x: options.x ?? MARGIN, y: pen.y, size, font });
    pen.y -= size + (options.gap ?? 4);
  }
}

function row(pen: Pen, label: string, amount: string, bold = false) {
  const font = bold ? pen.bold : pen.regular;
  const shown = drawable(font, amount);
  pen.page.drawText(drawable(font, label), { x: MARGIN, y: pen.y, size: 10, font });
  pen.page.drawText(shown, { x: RIGHT - font.widthOfTextAtSize(shown, 10), y: pen.y, size: 10, font });
  pen.y -= 16;
}

function rule(pen: Pen) {
  pen.page.drawLine({
    start: { x: MARGIN, y: pen.y + 6 },
    end: { x: RIGHT, y: pen.y + 6 },
    thickness: 0.5,
    color: GREY,
  });
  pen.y -= 8;
}

export async function renderReceiptPdf(receipt: ReceiptContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Receipt ${receipt.number}`);
  pdf.setAuthor(receipt.institute.name);
  pdf.setCreationDate(new Date(`${receipt.date}T00:00:00+05:30`));
  const page = pdf.addPage([PAGE_WIDTH, 841.89]);
  const pen: Pen = {
    page,
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    y: 780,
  };

  text(pen, receipt.institute.name, { size: 16, bold: true, gap: 6 });
  text(pen, receipt.institute.address, { size: 9 });
  if (receipt.institute.gstin) text(pen, `GSTIN: ${receipt.institute.gstin}`, { size: 9 });
  pen.y -= 14;
  text(pen, 'RECEIPT', { size: 14, bold: true, gap: 8 });
  text(pen, `Receipt number: ${receipt.number}`, { bold: true });
  text(pen, `Date: ${longDate(receipt.date)}`);
  pen.y -= 8;
  text(pen, `Received from: ${receipt.payer.name}`);
  text(pen, `E-mail: ${receipt.payer.email}`);
  text(pen, `Towards: ${receipt.purposeLabel}${receipt.subjectLabel ? ` (${receipt.subjectLabel})` : ''}`);
  pen.y -= 12;

  rule(pen);
  row(pen, 'Particulars', 'Amount', true);
  rule(pen);
  for (const line of receipt.lines) {
    if (line.kind === 'total') continue;
    row(pen, line.label, line.kind === 'discount' ? `- ${formatRupees(line.amount)}` : formatRupees(line.amount));
  }
  rule(pen);
  row(pen, 'Total received', formatRupees(receipt.total), true);
  pen.y -= 4;
  text(pen, `Amount in words: ${receipt.totalInWords}`, { bold: true });
  pen.y -= 12;

  text(pen, `Mode of payment: ${receipt.modeLabel}`);
  if (receipt.reference) text(pen, `Reference: ${receipt.reference}`);
  text(pen, `Paid on: ${longDate(receipt.paidOn)}`);
  pen.y -= 24;
  text(pen, 'This receipt is generated by the NIPM web platform and needs no signature.', { size: 8 });
  return pdf.save();
}

/** The PDF of a verified payment's receipt (the route checks who may read it first). */
export async function receiptPdf(db: DB, paymentId: number): Promise<Uint8Array> {
  return renderReceiptPdf(await readReceipt(db, paymentId));
}
