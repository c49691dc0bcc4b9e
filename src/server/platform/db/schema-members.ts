import type { ColumnType, Generated } from 'kysely';

/** The tables of issue 10 (members after admission), kept apart so `schema.ts` stays readable. */

export interface MemberTransfersTable {
  id: Generated<number>;
  member_id: number;
  from_chapter_id: number;
  to_chapter_id: number;
  note: string | null;
  by_user_id: number | null;
  at: string;
}

export interface MemberNotesTable {
  id: Generated<number>;
  member_id: number;
  body: string;
  author_user_id: number | null;
  created_at: string;
}

/** What a member asks staff to change (name, date of birth, class, chapter): they may not change it themselves. */
export interface MemberChangeRequestsTable {
  id: Generated<number>;
  member_id: number;
  /** JSON text: `{ field: wanted value }`. */
  changes: string;
  reason: string | null;
  state: ColumnType<'open' | 'done' | 'declined', 'open' | 'done' | 'declined' | undefined>;
  created_at: string;
  decided_by: number | null;
  decided_at: string | null;
}

/** What a renewal payment is for (its years and amounts), fixed when the member reports it. */
export interface MemberRenewalsTable {
  payment_id: number;
  member_id: number;
  first_year: number;
  last_year: number;
  /** JSON text of the `RenewalQuote` the member paid. */
  quote: string;
  created_at: string;
  /** 1 once its payment is verified (set in the verifying transaction), so the report counts renewals from this table alone. */
  verified: ColumnType<number, number | undefined, number>;
  /** A registered buyer that pays (an employer): GSTIN, legal name, registered address (migration 020). */
  buyer_gstin: ColumnType<string | null, string | null | undefined, string | null>;
  buyer_name: ColumnType<string | null, string | null | undefined, string | null>;
  buyer_address: ColumnType<string | null, string | null | undefined, string | null>;
}

export type ReminderKind = 'due' | 'last_month' | 'defaulter' | 'lapsed';

/** One row per reminder sent: the primary key (member, financial year, kind) makes each send once. */
export interface ReminderSendsTable {
  member_id: number;
  financial_year: number;
  kind: ReminderKind;
  sent_at: string;
}

export type TransferRequestState = 'pending' | 'approved' | 'refused';

/** A member's request to move to another chapter, decided by the national office (migration 025). */
export interface TransferRequestsTable {
  id: Generated<number>;
  member_id: number;
  from_chapter_id: number;
  to_chapter_id: number;
  reason: string | null;
  state: ColumnType<TransferRequestState, TransferRequestState | undefined, TransferRequestState>;
  requested_by: number | null;
  requested_at: string;
  decided_by: number | null;
  decided_at: string | null;
  decision_note: string | null;
}

/** The members domain's tables, part of `Database`. */
export interface MembersTables {
  member_transfers: MemberTransfersTable;
  member_notes: MemberNotesTable;
  member_change_requests: MemberChangeRequestsTable;
  reminder_sends: ReminderSendsTable;
  member_renewals: MemberRenewalsTable;
  transfer_requests: TransferRequestsTable;
}
