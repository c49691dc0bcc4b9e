import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readPdfPage } from '../../../../tests/support/pdf-content';
import { ticketPdf, type TicketData } from './tickets';

const TICKET: TicketData = {
  confirmationNumber: 'N27-000042-01',
  name: 'Meera Iyer',
  designation: 'Head of HR',
  organisation: 'Hooghly Jute Mills Ltd',
  category: 'NIPM member',
  edition: {
    title: 'NATCON 2027',
    theme: 'People, purpose and performance',
    startsOn: '2027-02-12',
    endsOn: '2027-02-14',
    venue: 'Biswa Bangla Convention Centre',
    city: 'Kolkata',
  },
  paymentState: 'verified',
};

/**
 * What a scanner reads from the ticket's QR code: the code is drawn as one vector path of dark rectangles (in the
 * 150-point box, y growing downwards), which is painted here onto a white bitmap and decoded with ZXing, the
 * library the check-in desk's camera uses.
 */
async function scanTicketQr(bytes: Uint8Array): Promise<string> {
  const document = await PDFDocument.load(bytes);
  const contents = document.context.lookup(document.getPages()[0]!.node.Contents());
  const parts =
    contents instanceof PDFArray ? contents.asArray().map((ref) => document.context.lookup(ref)) : [contents];
  const stream = parts
    .map((part) => Buffer.from(decodePDFRawStream(part as PDFRawStream).decode()).toString('latin1'))
    .join('\n');
  const path = stream.slice(stream.indexOf('1 0 0 -1 0 0 cm'));
  const scale = 2;
  const margin = 20;
  const side = 150 * scale + 2 * margin;
  const pixels = new Uint8ClampedArray(side * side).fill(255);
  for (const [, x, y, right, bottom] of path.matchAll(/([\d.]+) ([\d.]+) m\n([\d.]+) [\d.]+ l\n[\d.]+ ([\d.]+) l\n/g)) {
    for (let row = Math.round(Number(y) * scale); row < Math.round(Number(bottom) * scale); row++) {
      for (let col = Math.round(Number(x) * scale); col < Math.round(Number(right) * scale); col++) {
        pixels[(row + margin) * side + col + margin] = 0;
      }
    }
  }
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, side, side)));
  return new QRCodeReader().decode(bitmap).getText();
}

const at = (text: string, y: number, size: number, bold = false) => ({ text, x: 20, y, size, bold });

/** The A6 ticket as the delegate prints it, read back with pdf.js: each line in its place, size and weight. */
describe('the NATCON ticket PDF', () => {
  it('prints the conference, the delegate, the category, the payment and the confirmation number', async () => {
    const page = await readPdfPage(await ticketPdf(TICKET));
    expect(page).toMatchObject({ title: 'NATCON 2027 ticket N27-000042-01', width: 298, height: 420 });
    expect(page.texts).toEqual([
      at('National Institute of Personnel Management', 390, 9),
      at('NATCON 2027', 375, 18, true),
      at('People, purpose and performance', 351, 9),
      at('2027-02-12 to 2027-02-14', 336, 9),
      at('Biswa Bangla Convention Centre, Kolkata', 321, 9),
      at('Meera Iyer', 298, 15, true),
      at('Head of HR', 277, 10),
      at('Hooghly Jute Mills Ltd', 261, 10),
      at('Category: NIPM member', 245, 10),
      at('Payment: Paid', 229, 10),
      at('N27-000042-01', 22, 12, true),
    ]);
  });

  it('draws a QR code that scans as the confirmation number', async () => {
    expect(await scanTicketQr(await ticketPdf(TICKET))).toBe('N27-000042-01');
    expect(await scanTicketQr(await ticketPdf({ ...TICKET, confirmationNumber: 'N27-000105-12' }))).toBe(
      'N27-000105-12',
    );
  });

  it('closes up the lines a delegate has no designation or organisation for, and shows other letters as ?', async () => {
    const page = await readPdfPage(
      await ticketPdf({
        ...TICKET,
        name: 'Aśha ‘Rāy’ “Sen”',
        designation: null,
        organisation: null,
        paymentState: 'not_due',
      }),
    );
    expect(page.texts.map((t) => [t.text, t.y])).toEqual([
      ['National Institute of Personnel Management', 390],
      ['NATCON 2027', 375],
      ['People, purpose and performance', 351],
      ['2027-02-12 to 2027-02-14', 336],
      ['Biswa Bangla Convention Centre, Kolkata', 321],
      [`A?ha 'R?y' "Sen"`, 298],
      ['Category: NIPM member', 277],
      ['Payment: Nothing to pay', 261],
      ['N27-000042-01', 22],
    ]);
  });
});
