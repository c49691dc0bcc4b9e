import type { ColumnType, Generated } from 'kysely';

/** The tables of issue 23 (bringing the existing register in); see migration 016 for why each is as it is. */

export type ImportKindCode = 'members' | 'payments';
export type ImportState = 'uploaded' | 'checked' | 'running' | 'done' | 'failed' | 'undone';
export type ImportRowOutcome = 'created' | 'updated' | 'unchanged' | 'invalid' | 'duplicate' | 'conflict';
export type InvitationState = 'waiting' | 'sending' | 'sent' | 'failed';

export interface ImportsTable {
  id: Generated<number>;
  kind: ImportKindCode;
  state: ImportState;
  file_key: string;
  file_name: string;
  file_bytes: number;
  /** JSON text of the `ImportFileFormat` found at upload. */
  format: string;
  /** JSON text: the file's column names, made unique, in file order. */
  columns: string;
  /** JSON text: `{ column: field | null }`. */
  mapping: string;
  /** Data rows in the file (the header not counted). */
  total_rows: number;
  /** JSON text of the last check's or the commit's counts. */
  summary: string | null;
  done_rows: ColumnType<number, number | undefined, number>;
  /** Until when one server holds the running job; a lapsed lease lets any server resume it. */
  lease_until: string | null;
  started_at: string | null;
  finished_at: string | null;
  failure: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  undone_at: string | null;
  undone_by: number | null;
  /** When the retention job removed the uploaded file (7 days after the import ended, 30 if abandoned). */
  file_removed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ImportRowsTable {
  import_id: number;
  row_number: number;
  outcome: ImportRowOutcome;
  member_id: number | null;
  user_id: number | null;
  note_id: number | null;
  payment_id: number | null;
  /** JSON text: the member's record fields before the row changed them. */
  before_image: string | null;
  /** JSON text: the member's record fields as the row left them. */
  after_image: string | null;
  message: string | null;
}

export interface InvitationSendsTable {
  member_id: number;
  import_id: number;
  user_id: number;
  state: InvitationState;
  claimed_until: string | null;
  sent_at: string | null;
  failure: string | null;
  created_at: string;
}
