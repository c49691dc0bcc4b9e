import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readPdfPage } from '../../../../tests/support/pdf-content';
import { memberCardPdf } from './card';

const ASHA = {
  memberNumber: 'NIPM/KOL/00012',
  name: 'Asha Roy',
  classLabel: 'Associate',
  chapter: 'Kolkata Chapter',
  validThrough: '31 March 2027 (2026-27)',
  current: true,
  verifyUrl: 'https://nipm.example/membership/verify/NIPM/KOL/00012',
  hasPhoto: false,
};

/** The QR code's place: bottom right, above "Scan to check". */
const QR = { x: 164.6, y: 12, width: 68, height: 68 };

/** The membership card as printed: an ID-1 card (85.6 × 54 mm) read back with pdf.js, text by text. */
describe('the membership card PDF', () => {
  it('prints the institute, the member and each detail under its label, top to bottom, and the QR code', async () => {
    const page = await readPdfPage(await memberCardPdf(ASHA));
    expect(page).toMatchObject({ title: 'NIPM membership card NIPM/KOL/00012', width: 242.6, height: 153 });
    expect(page.texts).toEqual([
      { text: 'National Institute of Personnel Management', x: 10, y: 139, size: 8, bold: true },
      { text: 'Membership card', x: 10, y: 128, size: 7, bold: false },
      { text: 'Asha Roy', x: 10, y: 107, size: 10, bold: true },
      { text: 'Member number', x: 10, y: 93, size: 5.5, bold: false },
      { text: 'NIPM/KOL/00012', x: 10, y: 86, size: 7, bold: false },
      { text: 'Class', x: 10, y: 74, size: 5.5, bold: false },
      { text: 'Associate', x: 10, y: 67, size: 7, bold: false },
      { text: 'Chapter', x: 10, y: 55, size: 5.5, bold: false },
      { text: 'Kolkata Chapter', x: 10, y: 48, size: 7, bold: false },
      { text: 'Valid through', x: 10, y: 36, size: 5.5, bold: false },
      { text: '31 March 2027 (2026-27)', x: 10, y: 29, size: 7, bold: false },
      { text: 'Scan to check', x: 170.6, y: 5, size: 5.5, bold: false },
    ]);
    expect(page.images).toEqual([QR]);
  });

  it('prints a character its font lacks as "?" and cuts a long value at 42 characters', async () => {
    const long = 'Chapter of the Extraordinarily Long Name of a Place';
    const page = await readPdfPage(await memberCardPdf({ ...ASHA, name: 'Aśha Rāy ✓', chapter: long }));
    const texts = page.texts.map((t) => t.text);
    expect(texts).toContain('A?ha R?y ?');
    expect(texts).toContain(long.slice(0, 42));
  });

  it('puts a portrait photograph top right at its own proportions, and a wide one at most 40 points wide', async () => {
    const portrait = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const tall = await readPdfPage(await memberCardPdf(ASHA, { bytes: portrait, contentType: 'image/jpeg' }));
    expect(tall.images).toEqual([QR, { x: 199.6, y: 73, width: 33, height: 44 }]);

    const wide = await sharp({ create: { width: 400, height: 200, channels: 4, background: '#993366' } })
      .png()
      .toBuffer();
    const broad = await readPdfPage(await memberCardPdf(ASHA, { bytes: wide, contentType: 'image/png' }));
    expect(broad.images).toEqual([QR, { x: 192.6, y: 73, width: 40, height: 44 }]);
  });

  it('leaves out a photograph in a format a PDF cannot carry', async () => {
    const webp = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    const page = await readPdfPage(await memberCardPdf(ASHA, { bytes: webp, contentType: 'image/webp' }));
    expect(page.images).toEqual([QR]);
  });
});
