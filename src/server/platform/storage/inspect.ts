import { fileTypeFromBuffer } from 'file-type';
import { invalid, tooLarge, unsupported } from '../../domains/errors';

/** What one kind of upload may be: its types (checked by content, never by name) and size. */
export interface UploadRule {
  /** How the message names the file: "photo", "certificate". */
  label: string;
  /** Media types allowed, as `file-type` reads them from the bytes. */
  types: readonly string[];
  maxBytes: number;
  /** The form field the message is about. */
  field?: string;
}

export const MB = 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PDF_TYPES = ['application/pdf'] as const;

const TYPE_NAMES: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/avif': 'AVIF',
  'application/pdf': 'PDF',
};

function listOfTypes(types: readonly string[]): string {
  const names = types.map((t) => TYPE_NAMES[t] ?? t);
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

function formatMegabytes(bytes: number): string {
  const mb = bytes / MB;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

export interface InspectedUpload {
  /** The media type the content really has. */
  mime: string;
  /** The usual extension for it, for download names. */
  ext: string;
}

/**
 * Checks an upload against its rule by what the bytes are: an executable named `.pdf` or a text
 * file named `.jpg` is refused with 415, whatever its name or declared type says. Size is checked
 * first so an oversized file is never parsed.
 */
export async function inspectUpload(bytes: Uint8Array, rule: UploadRule): Promise<InspectedUpload> {
  const field = rule.field ?? 'file';
  if (bytes.byteLength === 0) throw invalid({ [field]: `The ${rule.label} is empty.` });
  if (bytes.byteLength > rule.maxBytes) {
    throw tooLarge(`The ${rule.label} is larger than ${formatMegabytes(rule.maxBytes)}.`, {
      [field]: `At most ${formatMegabytes(rule.maxBytes)}.`,
    });
  }
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !rule.types.includes(detected.mime)) {
    throw unsupported(`The ${rule.label} must be a ${listOfTypes(rule.types)} file; this one is not.`, {
      [field]: `Choose a ${listOfTypes(rule.types)} file.`,
    });
  }
  return { mime: detected.mime, ext: detected.ext };
}
