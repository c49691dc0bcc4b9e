import type { ColumnType, Generated } from 'kysely';

/** Tables of online payments, refunds and bank statements (migration 017). */

export type GatewayOrderStatus = 'open' | 'paid' | 'closed' | 'flagged';

/** One gateway (Razorpay) order per online payment; its status only moves forward from `open`. */
export interface GatewayOrdersTable {
  payment_id: number;
  gateway_order_id: string;
  amount: number;
  currency: string;
  status: ColumnType<GatewayOrderStatus, GatewayOrderStatus | undefined, GatewayOrderStatus>;
  gateway_payment_id: ColumnType<string | null, string | null | undefined, string | null>;
  method: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why staff must look (an amount that differs, a capture after closing). */
  flag: ColumnType<string | null, string | null | undefined, string | null>;
  /** The purpose's status page the payer returns to. */
  return_path: string;
  created_at: string;
  updated_at: string;
  settlement_id: ColumnType<string | null, string | null | undefined, string | null>;
  settlement_utr: ColumnType<string | null, string | null | undefined, string | null>;
  fee: ColumnType<number | null, number | null | undefined, number | null>;
  tax: ColumnType<number | null, number | null | undefined, number | null>;
  settled_on: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Gateway webhook events already claimed, by the gateway's event id. */
export interface GatewayEventsTable {
  event_id: string;
  event: string;
  received_at: string;
  outcome: string | null;
}

export type RefundState = 'due' | 'pending' | 'processed' | 'failed';

export interface RefundsTable {
  id: Generated<number>;
  payment_id: number;
  amount: number;
  reason: string;
  /** `gateway`, or the offline mode the money went back by. */
  mode: string;
  reference: string | null;
  refunded_on: string | null;
  state: RefundState;
  gateway_refund_id: string | null;
  idempotency_key: string | null;
  created_by: number | null;
  created_at: string;
  processed_at: string | null;
  payer_told_at: string | null;
}

export interface BankStatementsTable {
  id: Generated<number>;
  file_name: string;
  uploaded_by: number;
  uploaded_at: string;
}

export type StatementLineStatus = 'proposed' | 'ambiguous' | 'unmatched' | 'confirmed' | 'seen';

export interface BankStatementLinesTable {
  id: Generated<number>;
  statement_id: number;
  line_number: number;
  value_date: string | null;
  narration: string;
  bank_reference: string | null;
  credit: number;
  /** Null for a `seen` line (a credit already in an earlier upload). */
  fingerprint: string | null;
  status: StatementLineStatus;
  payment_id: number | null;
  /** JSON array of the candidate payment ids. */
  candidates: string | null;
}
