import type { ColumnType, Generated } from 'kysely';

/** The tables of NATCON (issue 12), kept apart so `schema.ts` stays readable. */

/** NATCON (issue 12): one edition a year; the public page shows the newest published one. */
export interface NatconEditionsTable {
  id: Generated<number>;
  title: string;
  year: number;
  theme: string;
  starts_on: string;
  ends_on: string;
  venue: string;
  city: string;
  /** Registration is open from this day to `registration_closes_on`, both included, in Kolkata. */
  registration_opens_on: string;
  registration_closes_on: string;
  programme: ColumnType<string, string | undefined, string>;
  published: ColumnType<number, number | undefined, number>;
  /** The GST code of the State the edition is held in (its place of supply); null until set. */
  state_code: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
  /** The order policy (migration 023): hours an unpaid order holds its seats, reminder, offer. */
  hold_hours: ColumnType<number, number | undefined, number>;
  reminder_hours: ColumnType<number, number | undefined, number>;
  offer_hours: ColumnType<number, number | undefined, number>;
  /** 1: delegates may cancel their own order, up to and including `self_cancel_until` (Kolkata). */
  self_cancel: ColumnType<number, number | undefined, number>;
  self_cancel_until: ColumnType<string | null, string | null | undefined, string | null>;
  /** What a cancellation keeps of what was paid: a fixed sum (paise) or a percentage. */
  cancel_keep_kind: ColumnType<NatconKeepKind, NatconKeepKind | undefined, NatconKeepKind>;
  cancel_keep_value: ColumnType<number, number | undefined, number>;
}

export type NatconKeepKind = 'fixed' | 'percent';

export interface NatconCategoriesTable {
  id: Generated<number>;
  edition_id: number;
  name: string;
  /** Paise. The early-bird fee applies up to and including `early_bird_until` (Kolkata). */
  fee: number;
  early_bird_fee: number | null;
  early_bird_until: string | null;
  seats: number;
  /** Changed only by conditional updates (`seats_taken + n <= seats`); a check constraint backs it. */
  seats_taken: ColumnType<number, number | undefined, number>;
  /** 1: each delegate gives a member number and the e-mail on that current member's record. */
  member_rate: ColumnType<number, number | undefined, number>;
  /** 1: each delegate uploads a student ID. */
  student_rate: ColumnType<number, number | undefined, number>;
  sort_order: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

export type NatconNomineeKind = 'person' | 'organisation';

export interface NatconAwardCategoriesTable {
  id: Generated<number>;
  edition_id: number;
  name: string;
  criteria: string;
  nominee_kind: NatconNomineeKind | 'either';
  created_at: string;
}

export type NatconOrderState = 'confirmed' | 'waitlisted' | 'cancelled';
export type NatconPaymentState = 'unpaid' | 'reported' | 'verified' | 'not_due';

export interface NatconOrdersTable {
  id: Generated<number>;
  edition_id: number;
  /** Set in the transaction that creates the order, from its id. */
  order_number: string | null;
  /** SHA-256 of the status token given to the registrant; the token itself is never stored. */
  status_token_hash: string;
  state: NatconOrderState;
  payment_state: NatconPaymentState;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  organisation: string | null;
  gstin: string | null;
  /** The buyer's registered address and its State's GST code (for the tax invoice). */
  buyer_address: ColumnType<string | null, string | null | undefined, string | null>;
  buyer_state_code: ColumnType<string | null, string | null | undefined, string | null>;
  delegate_count: number;
  /** Paise, as quoted when the order was placed: later fee edits never change them. */
  subtotal: number;
  discount: ColumnType<number, number | undefined, number>;
  coupon_code: string | null;
  gst_percent: number | null;
  gst: ColumnType<number, number | undefined, number>;
  amount_due: number;
  /** The Kolkata date the prices were taken on. */
  priced_on: string;
  note: string | null;
  created_at: string;
  updated_at: string;
  cancelled_at: string | null;
  cancelled_by: number | null;
  /**
   * While set, the order holds its seats unpaid until then (`state` stays 'confirmed'); cleared
   * when its payment is verified or staff confirm it unpaid. `hold_kind` says whether it was
   * placed so (`order`) or offered a freed seat from the waiting list (`offer`).
   */
  hold_until: ColumnType<string | null, string | null | undefined, string | null>;
  hold_kind: ColumnType<'order' | 'offer' | null, 'order' | 'offer' | null | undefined, 'order' | 'offer' | null>;
  remind_at: ColumnType<string | null, string | null | undefined, string | null>;
  hold_reminded_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set when the hold passed unpaid and the job cancelled the order. */
  released_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Staff confirmed the order without payment on purpose (an invited guest), with a note. */
  guest_confirmed_at: ColumnType<string | null, string | null | undefined, string | null>;
  guest_confirmed_by: ColumnType<number | null, number | null | undefined, number | null>;
  guest_note: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface NatconDelegatesTable {
  id: Generated<number>;
  order_id: number;
  category_id: number;
  position: number;
  /** `{order number}-{position}`: on the ticket, in its QR code, and typed at check-in. */
  confirmation_number: string | null;
  name: string;
  email: string;
  phone: string;
  designation: string | null;
  /** The member record a member's rate was checked against, and its chapter (for the chapter admin). */
  member_id: number | null;
  chapter_id: number | null;
  price: number;
  student_id_key: string | null;
  student_id_type: string | null;
  checked_in_at: string | null;
  checked_in_by: number | null;
  ticket_sent_at: string | null;
  /** The rendered ticket PDF in `src/server/platform/storage`, and a hash of the data it shows. */
  ticket_key: ColumnType<string | null, string | null | undefined, string | null>;
  ticket_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

export type NatconNominationState = 'received' | 'shortlisted' | 'winner' | 'not_selected';

export interface NatconNominationsTable {
  id: Generated<number>;
  edition_id: number;
  award_category_id: number;
  reference: string | null;
  nominee_kind: NatconNomineeKind;
  nominee_name: string;
  nominee_organisation: string | null;
  nominee_email: string | null;
  nominator_name: string;
  nominator_email: string;
  write_up: string;
  order_id: number | null;
  /** Supporting PDF in `src/server/platform/storage`. */
  file_key: string | null;
  file_name: string | null;
  file_size: number | null;
  state: NatconNominationState;
  review_note: string | null;
  reviewed_by: number | null;
  reviewed_at: string | null;
  created_at: string;
}
