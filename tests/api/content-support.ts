import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import type { TestApi } from '../support/api';
import { contractViolation } from '../support/contract';

/** Helpers of the content API tests: multipart uploads checked against the contract, test files. */

export async function upload(
  api: TestApi,
  method: string,
  url: string,
  fields: Record<string, string | { bytes: Uint8Array; name: string; type?: string }>,
  token?: string,
): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new File([value.bytes as Uint8Array<ArrayBuffer>], value.name, { type: value.type ?? '' }));
  }
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const response = await api.app.request(url, { method, headers, body: form });
  const violation = await contractViolation(api.app, method, url, response);
  if (violation) throw new Error(`Contract broken: ${violation}`);
  return response;
}

/** A JPEG with EXIF and a GPS position, as a phone writes it. */
export async function photoWithGps(width = 1200, height = 800): Promise<Uint8Array> {
  const image = sharp({ create: { width, height, channels: 3, background: '#2a6f97' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', ImageDescription: 'home address' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '22/1 34/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '88/1 21/1 0/1' },
    });
  return new Uint8Array(await image.toBuffer());
}

export async function smallPdf(title = 'Issue'): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.addPage([300, 400]).drawText(title, { x: 40, y: 350, size: 18 });
  return pdf.save();
}

export async function json<T = Record<string, unknown>>(response: Response) {
  return (await response.json()) as {
    success: boolean;
    data: T;
    error?: { code: string; message: string; fields?: Record<string, string> };
  };
}
