import { financialYearLabel } from '../../../lib/financial-year';
import type { PaymentMode } from '../../../lib/schemas/money';
import { PAYMENT_COLUMNS, type ImportField, type PaymentField } from './column-specs';
import type { FileMemory } from './file-memory';
import type { Queryable } from './queryable';
import {
  cellIntent,
  parseAmount,
  parseFinancialYear,
  parseMemberNumber,
  parsePastDate,
  parsePaymentMode,
  parseText,
  type Parsed,
} from './fields';
import type { SheetRow } from './read-file';

/**
 * A payment-history file: each row a payment from the old books, recorded as a verified renewal
 * payment of its member that keeps the receipt number printed then (`legacy_receipt_number`). The
 * new receipt series (`receipt_number`) is never touched, so the two cannot collide. A payment
 * already recorded (same old receipt, or without one the same member, day, amount and year) is
 * unchanged; the same old receipt on another payment is a conflict.
 */
export interface LegacyPayment {
  memberId: number;
  chapterId: number;
  payerName: string;
  payerEmail: string;
  financialYear: number;
  amount: number;
  paidOn: string;
  mode: PaymentMode;
  reference: string | null;
  receiptNumber: string | null;
}

export type PaymentPlan =
  | { kind: 'invalid'; errors: string[] }
  | { kind: 'duplicate'; firstRow: number }
  | { kind: 'conflict'; message: string; memberIds: number[] }
  | { kind: 'create'; payment: LegacyPayment }
  | { kind: 'unchanged'; memberId: number; paymentId: number };

const HEADER_OF = new Map(PAYMENT_COLUMNS.map((c) => [c.field, c.header]));

/** The note a legacy payment carries: which year it was for, and that it came from the old books. */
export function legacyNote(financialYear: number): string {
  return `Paid for ${financialYearLabel(financialYear)}; recorded from the old books.`;
}

interface ReadPayment {
  memberNumber?: string;
  financialYear?: number;
  amount?: number;
  paidOn?: string;
  mode?: PaymentMode;
  reference: string | null;
  receiptNumber: string | null;
  errors: string[];
}

function readPaymentRow(cellOf: (field: PaymentField) => string | undefined, todayIso: string): ReadPayment {
  const row: ReadPayment = { reference: null, receiptNumber: null, errors: [] };
  const take = <T>(field: PaymentField, parse: (text: string) => Parsed<T>, required: boolean): T | undefined => {
    const intent = cellIntent(cellOf(field));
    if (intent.kind !== 'text') {
      if (required) row.errors.push(`${HEADER_OF.get(field)}: needed for a payment.`);
      return undefined;
    }
    const parsed = parse(intent.text);
    if ('error' in parsed) row.errors.push(`${HEADER_OF.get(field)}: ${parsed.error}`);
    return 'error' in parsed ? undefined : parsed.value;
  };
  row.memberNumber = take('memberNumber', parseMemberNumber, true);
  row.financialYear = take('financialYear', (t) => parseFinancialYear(t, todayIso), true);
  row.amount = take('amount', parseAmount, true);
  row.paidOn = take('paidOn', (t) => parsePastDate(t, todayIso, '1940-01-01'), true);
  row.mode = take('mode', parsePaymentMode, true);
  row.reference = take('reference', (t) => parseText(t, 40), false) ?? null;
  row.receiptNumber = take('receiptNumber', (t) => parseText(t, 40), false) ?? null;
  return row;
}

/** The keys an already-applied row claimed, so a resumed commit judges later rows as the first run did. */
export function appliedPaymentKeys(
  cells: (field: PaymentField) => string | undefined,
  todayIso: string,
  memberId: number | null,
): string[] {
  const row = readPaymentRow(cells, todayIso);
  if (row.errors.length > 0 || memberId === null) return [];
  return row.receiptNumber
    ? [`receipt:${row.receiptNumber}`]
    : [`payment:${memberId}|${row.financialYear}|${row.amount}|${row.paidOn}`];
}

/** Judges a batch of payment rows against the register and the payments already recorded. */
export async function planPaymentBatch(
  db: Queryable,
  batch: readonly SheetRow[],
  context: {
    todayIso: string;
    cellsOf: (cells: readonly string[]) => (field: ImportField) => string | undefined;
    memory: FileMemory;
  },
): Promise<{ number: number; cells: string[]; plan: PaymentPlan }[]> {
  const read = batch.map((row) => readPaymentRow(context.cellsOf(row.cells), context.todayIso));
  const numbers = [...new Set(read.flatMap((r) => (r.memberNumber ? [r.memberNumber.toUpperCase()] : [])))];
  const members = numbers.length
    ? await db
        .selectFrom('members')
        .select(['id', 'member_number', 'chapter_id', 'first_name', 'last_name', 'email'])
        .where((eb) => eb(eb.fn('upper', ['member_number']), 'in', numbers))
        .execute()
    : [];
  const receipts = [...new Set(read.flatMap((r) => (r.receiptNumber ? [r.receiptNumber] : [])))];
  const memberIds = members.map((m) => m.id);
  const existing =
    memberIds.length || receipts.length
      ? await db
          .selectFrom('payments')
          .select(['id', 'subject_id', 'amount', 'paid_on', 'note', 'legacy_receipt_number'])
          .where('purpose', '=', 'membership_renewal')
          .where((eb) =>
            eb.or([
              ...(memberIds.length ? [eb('subject_id', 'in', memberIds)] : []),
              ...(receipts.length ? [eb('legacy_receipt_number', 'in', receipts)] : []),
            ]),
          )
          .execute()
      : [];
  return read.map((row, index) => {
    const { number, cells } = batch[index];
    const plan = (): PaymentPlan => {
      if (row.errors.length > 0) return { kind: 'invalid', errors: row.errors };
      const matches = members.filter((m) => m.member_number.toUpperCase() === row.memberNumber?.toUpperCase());
      if (matches.length === 0)
        return { kind: 'invalid', errors: [`Membership No: no member has the number ${row.memberNumber}.`] };
      if (matches.length > 1)
        return {
          kind: 'conflict',
          message: `The membership number matches ${matches.length} members.`,
          memberIds: matches.map((m) => m.id),
        };
      const member = matches[0];
      const note = legacyNote(row.financialYear as number);
      const keys = row.receiptNumber
        ? [`receipt:${row.receiptNumber}`]
        : [`payment:${member.id}|${row.financialYear}|${row.amount}|${row.paidOn}`];
      const firstRow = context.memory.claim(keys, number);
      if (firstRow !== undefined) return { kind: 'duplicate', firstRow };
      const same = (p: (typeof existing)[number]) =>
        p.subject_id === member.id && p.amount === row.amount && p.paid_on === row.paidOn && p.note === note;
      const byReceipt = row.receiptNumber
        ? existing.find((p) => p.legacy_receipt_number === row.receiptNumber)
        : undefined;
      if (byReceipt) {
        return same(byReceipt)
          ? { kind: 'unchanged', memberId: member.id, paymentId: byReceipt.id }
          : {
              kind: 'conflict',
              message: `Old receipt ${row.receiptNumber} is already recorded for another payment.`,
              memberIds: [member.id],
            };
      }
      const recorded = existing.find((p) => same(p) && p.legacy_receipt_number === null && !row.receiptNumber);
      if (recorded) return { kind: 'unchanged', memberId: member.id, paymentId: recorded.id };
      return {
        kind: 'create',
        payment: {
          memberId: member.id,
          chapterId: member.chapter_id,
          payerName: `${member.first_name} ${member.last_name}`.trim(),
          payerEmail: member.email,
          financialYear: row.financialYear as number,
          amount: row.amount as number,
          paidOn: row.paidOn as string,
          mode: row.mode as PaymentMode,
          reference: row.reference,
          receiptNumber: row.receiptNumber,
        },
      };
    };
    return { number, cells, plan: plan() };
  });
}

/** Records a legacy payment, verified, in the transaction of its batch; its id. */
export async function recordLegacyPayment(
  trx: Queryable,
  payment: LegacyPayment,
  actorId: number | null,
  at: string,
): Promise<number> {
  const row = await trx
    .insertInto('payments')
    .values({
      purpose: 'membership_renewal',
      subject_id: payment.memberId,
      chapter_id: payment.chapterId,
      payer_name: payment.payerName,
      payer_email: payment.payerEmail,
      mode: payment.mode,
      reference: payment.reference,
      amount: payment.amount,
      paid_on: payment.paidOn,
      state: 'verified',
      note: legacyNote(payment.financialYear),
      reported_at: at,
      decided_by: actorId,
      decided_at: at,
      receipt_number: null,
      receipt_financial_year: null,
      receipt: null,
      legacy_receipt_number: payment.receiptNumber,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
