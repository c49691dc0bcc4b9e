import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, type PDFObject } from 'pdf-lib';
import type { DB } from '../../src/server/platform/db';
import { ROLE } from '../../src/lib/roles';
import {
  registerPaymentPurpose,
  reportPayment,
  type PaymentPurposeHandler,
  type PaymentRecord,
  type ReportPaymentInput,
} from '../../src/server/domains/money';

/**
 * A payment purpose for the money tests, registered through the same map joining, renewals and
 * NATCON use: its subjects are "orders" numbered by their id, each with a status token
 * `token-<id>`; members see their own (subject id = member id); chapter admins are left to the
 * money services' chapter rule. It records what it was told, and fails on demand.
 */
export const TEST_PURPOSE = 'test_order';

export interface TestPurpose {
  verified: number[];
  rejected: number[];
  /** Subject ids whose `onVerified` throws (to prove the whole verification rolls back). */
  failOn: Set<number>;
}

export function registerTestPurpose(): TestPurpose {
  const state: TestPurpose = { verified: [], rejected: [], failOn: new Set() };
  const handler: PaymentPurposeHandler = {
    async canView(_db, caller, payment) {
      return caller.roleId === ROLE.member && caller.memberId === payment.subjectId;
    },
    async onVerified(_trx, payment) {
      if (state.failOn.has(payment.subjectId)) throw new Error(`order ${payment.subjectId} refused`);
      state.verified.push(payment.id);
    },
    async onRejected(_trx, payment) {
      state.rejected.push(payment.id);
    },
    async receiptLines(_trx, payment: PaymentRecord) {
      return [
        { kind: 'item', label: 'Delegate fee', amount: payment.amount + 100_00 },
        { kind: 'discount', label: 'Coupon TEST', amount: 100_00 },
        { kind: 'total', label: 'Total', amount: payment.amount },
      ];
    },
    async tokenGrantsAccess(_db, payment, token) {
      return token === `token-${payment.subjectId}`;
    },
    async subjectLabels(_db, ids) {
      return new Map(ids.map((id) => [id, `ORDER-${id}`]));
    },
  };
  registerPaymentPurpose(TEST_PURPOSE, handler);
  return state;
}

let utr = 400_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;

/** A fresh 12-digit UPI UTR, never reported before in this process. */
export function nextUtr(): string {
  utr += 1;
  return String(utr);
}

export function reportTestPayment(db: DB, overrides: Partial<ReportPaymentInput> = {}, now = new Date()) {
  return reportPayment(
    db,
    {
      purpose: TEST_PURPOSE,
      subjectId: 1,
      payerName: 'Asha Rao',
      payerEmail: 'asha@example.test',
      mode: 'upi',
      reference: nextUtr(),
      amount: 9_000_50,
      paidOn: '2026-10-01',
      ...overrides,
    },
    now,
  );
}

function hexText(hex: string): string {
  const bytes = hex.match(/../g) ?? [];
  return bytes.map((b) => String.fromCharCode(parseInt(b, 16))).join('');
}

function contentBytes(object: PDFObject | undefined, document: PDFDocument): Uint8Array[] {
  const resolved = object && document.context.lookup(object);
  if (resolved instanceof PDFRawStream) return [decodePDFRawStream(resolved).decode()];
  if (resolved instanceof PDFArray) return resolved.asArray().flatMap((item) => contentBytes(item, document));
  return [];
}

/** The text a PDF shows, one drawn string per line (what pdf-lib draws as `<hex> Tj`). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of document.getPages()) {
    for (const stream of contentBytes(page.node.Contents(), document)) {
      const source = Buffer.from(stream).toString('latin1');
      for (const match of source.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) lines.push(hexText(match[1]));
      for (const match of source.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) lines.push(match[1]);
    }
  }
  return lines.join('\n');
}
