/** Undoes quoted-printable soft line breaks and escapes, so a message of the outbox reads as sent. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** An outbox message as its reader sees it: the headers unfolded, the body decoded and trimmed. */
export function readMail(eml: string): { headers: string; body: string } {
  const decoded = decodeQuotedPrintable(eml).replace(/\r\n/g, '\n');
  const split = decoded.indexOf('\n\n');
  return { headers: decoded.slice(0, split).replace(/\n[ \t]+/g, ' '), body: decoded.slice(split + 2).trim() };
}
