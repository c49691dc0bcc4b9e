import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildReceiptContent,
  requirePaymentPurposeHandler,
  type PaymentPurposeHandler,
  type PaymentRecord,
  type ReceiptLine,
} from '../../src/server/domains/money';
import { describeEachDatabase, type TestDatabase } from '../support/databases';

const PAYMENT: PaymentRecord = {
  id: 41,
  purpose: 'membership_renewal',
  subjectId: 7,
  chapterId: null,
  payerName: 'Meera Iyer',
  payerEmail: 'meera@example.in',
  mode: 'bank_transfer',
  reference: 'NEFT0001',
  amount: 1_180_00,
  paidOn: '2026-11-20',
  state: 'verified',
  note: null,
  reportedAt: '2026-11-20T06:00:00.000Z',
  decidedBy: 1,
  decidedAt: '2026-11-27T19:00:00.000Z',
  receiptNumber: 'NIPM/RCPT/2026-27/000009',
  receiptFinancialYear: '2026-27',
};

/** A purpose that prints the lines it is given, with or without a label for its subject. */
const purposeWith = (lines: ReceiptLine[], label?: string): PaymentPurposeHandler => ({
  canView: async () => true,
  onVerified: async () => undefined,
  onRejected: async () => undefined,
  receiptLines: async () => lines,
  ...(label ? { subjectLabels: async (_db, ids) => new Map(ids.map((id) => [id, `${label}-${id}`])) } : {}),
});

/**
 * What a receipt stores when its payment is verified, built from the purpose's lines and the institute's
 * settings of that day: everything the PDF prints later, so a changed fee or address never changes it.
 */
describeEachDatabase('A receipt’s stored content', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await kind.create();
  });
  afterAll(() => database?.drop());

  // 19:00 UTC on 27 November is already 28 November in Kolkata.
  const at = new Date('2026-11-27T19:00:00Z');

  it('holds the payer, the purpose, each line with one total, the total in words and how it was paid', async () => {
    const lines: ReceiptLine[] = [
      { kind: 'item', label: 'Annual subscription', amount: 1_000_00 },
      { kind: 'gst', label: 'GST 18%', amount: 180_00 },
      { kind: 'total', label: 'Total', amount: 1_180_00 },
    ];
    const content = await buildReceiptContent(database.db, PAYMENT, purposeWith(lines, 'NIPM/KOL'), at);
    expect(content).toEqual({
      number: 'NIPM/RCPT/2026-27/000009',
      financialYear: '2026-27',
      date: '2026-11-28',
      institute: expect.objectContaining({ name: expect.any(String), address: expect.any(String) }),
      payer: { name: 'Meera Iyer', email: 'meera@example.in' },
      purpose: 'membership_renewal',
      purposeLabel: 'Membership renewal',
      subjectLabel: 'NIPM/KOL-7',
      lines,
      total: 1_180_00,
      totalInWords: 'Rupees One Thousand One Hundred Eighty Only',
      mode: 'bank_transfer',
      modeLabel: 'Bank transfer (NEFT/RTGS/IMPS)',
      reference: 'NEFT0001',
      paidOn: '2026-11-20',
    });
  });

  it('adds the total when the purpose gives none, and names an unlabelled purpose and subject as they are', async () => {
    const lines: ReceiptLine[] = [{ kind: 'item', label: 'Delegate fee', amount: 1_180_00 }];
    const content = await buildReceiptContent(
      database.db,
      { ...PAYMENT, purpose: 'test_order' },
      purposeWith(lines),
      at,
    );
    expect(content.lines).toEqual([...lines, { kind: 'total', label: 'Total', amount: 1_180_00 }]);
    expect(content).toMatchObject({ purpose: 'test_order', purposeLabel: 'test_order', subjectLabel: null });
  });

  it('refuses to build a receipt before its number is given, and a payment of a purpose nobody handles', async () => {
    const handler = purposeWith([]);
    for (const unnumbered of [
      { ...PAYMENT, receiptNumber: null },
      { ...PAYMENT, receiptFinancialYear: null },
    ]) {
      await expect(buildReceiptContent(database.db, unnumbered, handler, at)).rejects.toThrow(
        'A receipt needs its number first.',
      );
    }
    expect(() => requirePaymentPurposeHandler('no_such_purpose')).toThrow(
      "No payment purpose handler for 'no_such_purpose'.",
    );
  });
});
