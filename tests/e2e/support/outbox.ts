import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeQuotedPrintable } from '../../support/mail';

/** Where the site under test writes each e-mail it sends (no SMTP_URL): `DATA_DIR/outbox`. */
export const OUTBOX = path.resolve('data/e2e/outbox');

export { decodeQuotedPrintable };

/** Every message in the outbox addressed to `email`, decoded. */
export async function mailsTo(email: string): Promise<string[]> {
  const files = (await readdir(OUTBOX).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
  const messages = await Promise.all(files.map(async (file) => readFile(path.join(OUTBOX, file), 'utf8')));
  return messages.filter((message) => message.includes(`To: ${email}`)).map(decodeQuotedPrintable);
}
