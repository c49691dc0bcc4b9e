import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** One run of text on a page, where a reader sees it (PDF points from the bottom left). */
export interface PlacedText {
  text: string;
  x: number;
  y: number;
  size: number;
  /** Drawn in a bold face (the font's name says so, as Helvetica-Bold does). */
  bold: boolean;
}

/** Where an image is drawn on a page (PDF points from the bottom left). */
export interface PlacedImage {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PdfPage {
  title: string | undefined;
  author: string | undefined;
  /** The document's creation date as stored, e.g. `D:20261128000000+05'30'`. */
  created: string | undefined;
  width: number;
  height: number;
  texts: PlacedText[];
  images: PlacedImage[];
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The first page of a PDF as a reader sees it: its size, each text run and each image with its place (pdf.js). */
export async function readPdfPage(bytes: Uint8Array): Promise<PdfPage> {
  const document = await getDocument({
    data: bytes.slice(),
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  const { info } = await document.getMetadata();
  const page = await document.getPage(1);
  const [, , width, height] = page.view;
  // The operator list loads the page's fonts, which give each text run its face's name.
  const operators = await page.getOperatorList();
  const content = await page.getTextContent();
  const fontName = (id: string): string =>
    page.commonObjs.has(id) ? String((page.commonObjs.get(id) as { name?: string }).name ?? '') : '';
  const texts = content.items
    .filter((item) => 'str' in item && item.str.trim() !== '')
    .map((item) => {
      const { str, transform, fontName: id } = item as { str: string; transform: number[]; fontName: string };
      return {
        text: str,
        x: round(transform[4]!),
        y: round(transform[5]!),
        size: round(transform[3]!),
        bold: /bold/i.test(fontName(id)),
      };
    });
  const images: PlacedImage[] = [];
  let matrix = [1, 0, 0, 1, 0, 0];
  const stack: number[][] = [];
  operators.fnArray.forEach((fn, i) => {
    const args = operators.argsArray[i] as number[];
    if (fn === OPS.save) stack.push(matrix);
    else if (fn === OPS.restore) matrix = stack.pop() ?? [1, 0, 0, 1, 0, 0];
    else if (fn === OPS.transform) {
      const [a, b, c, d, e, f] = args as [number, number, number, number, number, number];
      const [m0, m1, m2, m3, m4, m5] = matrix as [number, number, number, number, number, number];
      matrix = [
        m0 * a + m2 * b,
        m1 * a + m3 * b,
        m0 * c + m2 * d,
        m1 * c + m3 * d,
        m0 * e + m2 * f + m4,
        m1 * e + m3 * f + m5,
      ];
    } else if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject) {
      images.push({ x: round(matrix[4]!), y: round(matrix[5]!), width: round(matrix[0]!), height: round(matrix[3]!) });
    }
  });
  await document.destroy();
  const { Title, Author, CreationDate } = info as { Title?: string; Author?: string; CreationDate?: string };
  return {
    title: Title,
    author: Author,
    created: CreationDate,
    width: round(width!),
    height: round(height!),
    texts,
    images,
  };
}
