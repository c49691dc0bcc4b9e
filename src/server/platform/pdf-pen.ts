import { rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * The drawing parts the platform's A4 documents share (receipts, tax invoices, credit notes), on
 * pdf-lib's standard fonts. Those fonts have no rupee sign, so amounts read `Rs 9,000.00`.
 */
const rupeeFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatRupees(paise: number): string {
  return `Rs ${rupeeFormat.format(paise / 100)}`;
}

/** Paise as plain rupees for a table cell: `9,000.00`. */
export function formatAmount(paise: number): string {
  return rupeeFormat.format(paise / 100);
}

/** `2026-10-01` → `1 October 2026`. */
export function longDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const name = new Date(Date.UTC(year, month - 1, day)).toLocaleString('en-IN', { month: 'long', timeZone: 'UTC' });
  return `${day} ${name} ${year}`;
}

/** Characters WinAnsi (the standard fonts) cannot draw become '?', so an unusual name never breaks a document. */
export function drawable(font: PDFFont, text: string): string {
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
export function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
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

export interface Pen {
  page: PDFPage;
  regular: PDFFont;
  bold: PDFFont;
  y: number;
}

export const MARGIN = 56;
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const RIGHT = PAGE_WIDTH - MARGIN;
export const GREY = rgb(0.35, 0.35, 0.35);

export function text(
  pen: Pen,
  value: string,
  options: { size?: number; bold?: boolean; x?: number; gap?: number; width?: number } = {},
) {
  const size = options.size ?? 10;
  const font = options.bold ? pen.bold : pen.regular;
  const x = options.x ?? MARGIN;
  for (const line of wrap(font, size, drawable(font, value), options.width ?? RIGHT - x)) {
    pen.page.drawText(line, { x, y: pen.y, size, font });
    pen.y -= size + (options.gap ?? 4);
  }
}

export function row(pen: Pen, label: string, amount: string, bold = false) {
  const font = bold ? pen.bold : pen.regular;
  const shown = drawable(font, amount);
  pen.page.drawText(drawable(font, label), { x: MARGIN, y: pen.y, size: 10, font });
  pen.page.drawText(shown, { x: RIGHT - font.widthOfTextAtSize(shown, 10), y: pen.y, size: 10, font });
  pen.y -= 16;
}

export function rule(pen: Pen) {
  pen.page.drawLine({
    start: { x: MARGIN, y: pen.y + 6 },
    end: { x: RIGHT, y: pen.y + 6 },
    thickness: 0.5,
    color: GREY,
  });
  pen.y -= 8;
}

/** One table row: each cell a text and its column's right edge (numbers) or left edge (text). */
export function cells(
  pen: Pen,
  columns: readonly { x: number; align: 'left' | 'right'; width?: number }[],
  values: readonly string[],
  options: { bold?: boolean; size?: number } = {},
) {
  const size = options.size ?? 8;
  const font = options.bold ? pen.bold : pen.regular;
  let lowest = pen.y;
  values.forEach((value, index) => {
    const column = columns[index];
    const shown = drawable(font, value);
    if (column.align === 'right') {
      pen.page.drawText(shown, { x: column.x - font.widthOfTextAtSize(shown, size), y: pen.y, size, font });
      return;
    }
    let y = pen.y;
    for (const line of wrap(font, size, shown, column.width ?? 200)) {
      pen.page.drawText(line, { x: column.x, y, size, font });
      y -= size + 2;
    }
    lowest = Math.min(lowest, y + size + 2);
  });
  pen.y = lowest - size - 6;
}
