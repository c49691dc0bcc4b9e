import type { ColumnType, Generated } from 'kysely';
import type { PrivacyRequestKind, PrivacyRequestState } from '../../../lib/schemas/privacy';

/** The tables of privacy (issue 26, migration 019), kept apart so `schema.ts` stays readable. */

/** One consent given by one person for one purpose, under one version of the notice. */
export interface ConsentsTable {
  id: Generated<number>;
  /** Lower-cased: the key that ties a consent to a person without an account. */
  email: string;
  user_id: number | null;
  member_id: number | null;
  application_id: number | null;
  order_id: number | null;
  purpose: string;
  notice_version: number;
  given_at: string;
  ip: string | null;
  /** How it was given: the form's name, `portal`, `guardian_link`. */
  method: string;
  withdrawn_at: string | null;
  withdrawn_method: string | null;
}

export interface PrivacyRequestsTable {
  id: Generated<number>;
  kind: PrivacyRequestKind;
  state: ColumnType<PrivacyRequestState, PrivacyRequestState | undefined, PrivacyRequestState>;
  email: string;
  user_id: number | null;
  member_id: number | null;
  application_id: number | null;
  order_id: number | null;
  details: string;
  received_at: string;
  /** 90 days after receipt (src/server/domains/privacy/deadlines.ts). */
  due_at: string;
  closed_at: string | null;
  answer: string | null;
  closed_by: number | null;
}

export interface PrivacyRequestEventsTable {
  id: Generated<number>;
  request_id: number;
  at: string;
  actor_user_id: number | null;
  action: string;
  note: string | null;
}

/** The person a user names to exercise their rights on their death or incapacity. */
export interface NomineesTable {
  user_id: number;
  name: string;
  relation: string;
  email: string;
  phone: string | null;
  updated_at: string;
}

export interface BreachesTable {
  id: Generated<number>;
  description: string;
  occurred_at: string | null;
  found_at: string;
  data_affected: string;
  consequences: string;
  measures: string;
  advice: string;
  /** JSON array of the affected people's e-mail addresses. */
  affected: string;
  notified_count: ColumnType<number, number | undefined, number>;
  recorded_by: number | null;
  created_at: string;
  /** Migration 021: the detailed report's contents (DPDP Rules, rule 7(2)(b)). */
  location: string | null;
  cause: string | null;
  findings: string | null;
  prevention: string | null;
  /** JSON of the people affected as staff chose them (`BreachScope`). */
  scope: string | null;
  board_reported_at: string | null;
}

/** One CSV of personal data downloaded by staff: who, which list, with which filters, how many rows. */
export interface PersonalDataExportsTable {
  id: Generated<number>;
  at: string;
  user_id: number | null;
  list: string;
  filters: string;
  rows: number;
}

export interface DataExportJobsTable {
  id: Generated<number>;
  user_id: number;
  state: ColumnType<'pending' | 'ready' | 'failed', 'pending' | 'ready' | 'failed' | undefined>;
  requested_at: string;
  ready_at: string | null;
  storage_key: string | null;
}

/** The 48-hour notice before erasure for inactivity; the key makes each notice go once. */
export interface ErasureNoticesTable {
  member_id: number;
  sent_at: string;
}

export interface GuardianConsentsTable {
  application_id: number;
  guardian_name: string;
  guardian_email: string;
  token_hash: string;
  requested_at: string;
  given_at: string | null;
  given_ip: string | null;
  /** When the one reminder went out (migration 026). */
  reminded_at: string | null;
  /** When the application was closed for want of consent (migration 026); the link then stops working. */
  closed_at: string | null;
}
