import type { AuthUser } from '../identity/auth-user';
import type { DB } from '../../platform/db';
import type { PaymentMode, PaymentState } from '../../platform/db/schema';
import type { TaxableSupply } from '../gst/supply';

/**
 * Each payment is for one purpose (an application, a renewal, a NATCON order) whose service knows
 * who may see it, what the receipt lists and what verifying or rejecting it changes. Those services
 * export a `PaymentPurposeHandler`; the composition root (`src/server/purposes.ts`) registers each
 * at start-up, so money imports none of the domains that pay through it. The money services call
 * the handlers inside their own transactions.
 */

/** A payment as the money services hand it to a purpose's handler. */
export interface PaymentRecord {
  id: number;
  purpose: string;
  subjectId: number;
  chapterId: number | null;
  payerName: string;
  payerEmail: string;
  mode: PaymentMode;
  reference: string | null;
  amount: number;
  paidOn: string;
  state: PaymentState;
  note: string | null;
  reportedAt: string;
  decidedBy: number | null;
  decidedAt: string | null;
  receiptNumber: string | null;
  receiptFinancialYear: string | null;
}

/** One line of a receipt. Amounts in paise; a discount is given as a positive amount taken off. */
export interface ReceiptLine {
  kind: 'item' | 'discount' | 'gst' | 'total';
  label: string;
  amount: number;
}

export interface PaymentPurposeHandler {
  /**
   * Whether this caller may see the payment and its receipt. Roles 2 and 5 always may and are not
   * asked; a chapter admin sees its chapter's, a member their own.
   */
  canView(db: DB, caller: AuthUser, payment: PaymentRecord): Promise<boolean>;
  /**
   * Inside the verifying transaction, after the receipt number is given (advance the application…).
   * `caller` is the staff who decided, or null when the gateway confirmed an online payment.
   */
  onVerified(trx: DB, payment: PaymentRecord, caller: AuthUser | null): Promise<void>;
  /** Inside the rejecting transaction (`caller` null: an online payment closed unpaid). */
  onRejected(trx: DB, payment: PaymentRecord, caller: AuthUser | null): Promise<void>;
  /** The receipt's lines: items, discount, GST and total; stored with the receipt when verified. */
  receiptLines(trx: DB, payment: PaymentRecord): Promise<ReceiptLine[]>;
  /** Optional: whether a subject's status token (`?token=` of the receipt link) belongs to this payment's subject. */
  tokenGrantsAccess?(db: DB, payment: PaymentRecord, token: string): Promise<boolean>;
  /**
   * Optional: what the payment paid for, as the GST tax invoice issued on verification names it
   * (buyer, lines as priced); a purpose without it gets a receipt only.
   */
  taxableSupply?(trx: DB, payment: PaymentRecord): Promise<TaxableSupply | null>;
  /** Optional: what staff lists call each subject (application or order number), by subject id. */
  subjectLabels?(db: DB, subjectIds: number[]): Promise<Map<number, string>>;
  /**
   * Optional, for purposes payable online: checks that the requester may pay this subject (status
   * token, order token, or the member signed in), then records a payment of mode `online` for the
   * amount due as its own report would (same state changes, same 409 when one is already waiting).
   * The amount is the purpose's, never the payer's. Answers the payment, a line describing it for
   * the gateway's page, and the status page the payer returns to.
   */
  reportOnline?(db: DB, request: OnlineRequest): Promise<OnlineReport>;
}

export interface OnlineRequest {
  subjectId: number;
  statusToken: string | null;
  caller: AuthUser | null;
  now: Date;
  ip: string;
}

export interface OnlineReport {
  payment: PaymentRecord;
  /** Site-relative path of the status page, with whatever token it needs. */
  returnPath: string;
}

/** The handlers by purpose, as registered at start-up (tests register their own purpose too). */
const handlers = new Map<string, PaymentPurposeHandler>();

export function registerPaymentPurpose(purpose: string, handler: PaymentPurposeHandler): void {
  handlers.set(purpose, handler);
}

export function handlerFor(purpose: string): PaymentPurposeHandler | undefined {
  return handlers.get(purpose);
}

/** A handler that must exist: a payment of an unknown purpose is a programming error. */
export function requirePaymentPurposeHandler(purpose: string): PaymentPurposeHandler {
  const handler = handlerFor(purpose);
  if (!handler) throw new Error(`No payment purpose handler for '${purpose}'.`);
  return handler;
}
