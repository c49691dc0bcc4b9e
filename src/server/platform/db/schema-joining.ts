import type { ColumnType, Generated } from 'kysely';
import type { MembershipClassCode as MembershipClass } from '../../../lib/membership-classes';

/** The tables of joining the institute (issue 9): fees, applications, their history and documents. */

/** Fees of one membership class for one financial year, in paise (issue 9). */
export interface MembershipFeesTable {
  id: Generated<number>;
  /** Start year of the financial year (2026 = 2026-27). */
  financial_year: number;
  class_code: MembershipClass;
  entrance_fee: number;
  subscription: number;
  one_time_fee: number;
  /** 1 while the values are placeholders until the institute supplies its own. */
  is_sample: ColumnType<number, number | undefined, number>;
  updated_at: string;
  updated_by: number | null;
}

export type ApplicationState =
  | 'awaiting_guardian'
  | 'awaiting_payment'
  | 'payment_reported'
  | 'payment_verified'
  | 'under_scrutiny'
  | 'recommended'
  | 'approved'
  | 'rejected'
  | 'withdrawn';

/** An application for membership, with the quote it was given (a later fee change never alters it). */
export interface ApplicationsTable {
  id: Generated<number>;
  /** The application number the applicant and staff read, `APP-XXXXXXXX`. */
  reference: string;
  /** SHA-256 of the status token sent to the applicant; the token itself is never stored. */
  status_token_hash: string;
  state: ApplicationState;
  class_code: MembershipClass;
  chapter_id: number;
  /** Start year of the financial year the quote is for. */
  financial_year: number;
  /** Kolkata date of submission, `YYYY-MM-DD`. */
  applied_on: string;
  title: string | null;
  first_name: string;
  last_name: string;
  /** Lower-cased. */
  email: string;
  phone: string;
  date_of_birth: string;
  address: string;
  city: string;
  /** The state of India in the address (`state` is the application's). */
  state_name: string;
  pincode: string;
  qualification: string;
  organisation: string | null;
  designation: string | null;
  experience_years: number;
  institution: string | null;
  /** A GSTIN (checked in full since migration 020) of the registered buyer that pays. */
  gstin: string | null;
  /** The registered buyer's legal name and registered address (migration 020). */
  buyer_name: ColumnType<string | null, string | null | undefined, string | null>;
  buyer_address: ColumnType<string | null, string | null | undefined, string | null>;
  proposer_member_id: number | null;
  seconder_member_id: number | null;
  coupon_code: string | null;
  /** JSON of the FeeQuote given at submission. */
  quote: string;
  amount_due: number;
  discount: number;
  member_id: number | null;
  decision_note: string | null;
  created_at: string;
  updated_at: string;
}

/** Every change of an application's state: who, when and a note. */
export interface ApplicationEventsTable {
  id: Generated<number>;
  application_id: number;
  from_state: ApplicationState | null;
  to_state: ApplicationState;
  /** null for the applicant. */
  actor_user_id: number | null;
  note: string | null;
  at: string;
}

export type ApplicationDocumentKind = 'photo' | 'certificate' | 'id-card';

export interface ApplicationDocumentsTable {
  id: Generated<number>;
  application_id: number;
  kind: ApplicationDocumentKind;
  storage_key: string;
  content_type: string;
  filename: string;
  size: number;
  uploaded_at: string;
}

/** The last member number issued per chapter, taken by one atomic upsert. */
export interface MemberNumberSequencesTable {
  chapter_id: number;
  last_number: number;
}
