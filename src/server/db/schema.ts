import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { MembershipClassCode } from '../../lib/membership-classes';
import type {
  MemberChangeRequestsTable,
  MemberNotesTable,
  MemberRenewalsTable,
  MemberTransfersTable,
  ReminderSendsTable,
} from './schema-members';

export type { ReminderKind } from './schema-members';
import type { CouponKind, CouponScope, PaymentMode, PaymentState } from '../../lib/schemas/money';

/**
 * Table types of the database. Conventions, chosen so one migration runs on SQLite and PostgreSQL:
 * times are ISO 8601 UTC strings (text; they sort as time does), flags are integers 0/1,
 * money is integer paise.
 */

export interface ChaptersTable {
  id: Generated<number>;
  code: string;
  name: string;
  region: 'East' | 'West' | 'North' | 'South';
  city: string;
  state: string;
  address: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  /** 0 once deactivated: the chapter keeps its code (codes are never reused) but leaves the directory. */
  active: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

/** A chapter's office bearer for one term; `term_to` null while the term is open-ended. */
export interface OfficeBearersTable {
  id: Generated<number>;
  chapter_id: number;
  name: string;
  position: string;
  /** `YYYY-MM-DD`, days in Asia/Kolkata. */
  term_from: string;
  term_to: string | null;
  /** Storage key of the re-encoded photo (`src/server/storage`), and its type. */
  photo_key: string | null;
  photo_type: string | null;
  created_at: string;
  updated_at: string;
}

/** A line of the public ticker, shown from `starts_on` to `ends_on` (Asia/Kolkata days) while active. */
export interface ScrollMessagesTable {
  id: Generated<number>;
  text: string;
  link: string | null;
  starts_on: string;
  ends_on: string;
  position: ColumnType<number, number | undefined, number>;
  active: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

export type MembershipClass = MembershipClassCode;
/** Derived from `paid_through_year` and today's date, never stored (src/lib/member-status.ts). */
export type { MemberStatus } from '../../lib/member-status';

export interface MembersTable {
  id: Generated<number>;
  member_number: string;
  membership_class: MembershipClass;
  chapter_id: number;
  title: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  date_of_birth: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  pincode: string | null;
  qualification: string | null;
  organisation: string | null;
  designation: string | null;
  experience_years: number | null;
  admitted_on: string;
  /** Start year of the last financial year paid (2026 = 2026-27); null when none is. */
  paid_through_year: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: string;
  updated_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  /** Stored lower-cased, so the unique index is case-insensitive on both databases. */
  email: string;
  password_hash: string;
  name: string;
  image: string | null;
  role_id: number;
  member_id: number | null;
  /** The chapter a chapter admin (role 4) acts for. */
  chapter_id: number | null;
  active: ColumnType<number, number | undefined, number>;
  /** Bumped when a user is disabled, changes role or password: every older token stops working. */
  token_version: ColumnType<number, number | undefined, number>;
  /** The user asked for an e-mail copy of each notification. */
  notify_by_email: ColumnType<number, number | undefined, number>;
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_user_id: number | null;
  action: string;
  entity: string | null;
  entity_id: string | null;
  ip: string | null;
  /** JSON text with what changed; never a password or a token. */
  detail: string | null;
}

export interface LoginThrottleTable {
  /** `address:<ip>`, `account:<email>`, `device:<id>`, `forgot:<ip>` or `reset-mail:<user id>`. */
  key: string;
  /** Attempts taken in this window: in flight, failed, or (after a success) given back. */
  attempts: number;
  /** End of the counting window that the first attempt opened. */
  window_ends_at: string;
  /** When the row stops counting: the window's end, or the lock's end once the limit is reached. */
  expires_at: string;
  /** Attempts turned away while the limit was reached; summed into one audit entry when pruned. */
  refused: ColumnType<number, number | undefined, number>;
}

export interface PasswordResetsTable {
  /** SHA-256 of the token sent by e-mail; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  expires_at: string;
  /** Set when the link was used or ended by a newer link or a password change. */
  used_at: string | null;
  created_at: string;
  /** The account's token version when the link was issued: any later bump ends the link. */
  token_version: ColumnType<number, number | undefined, number>;
}

export type NotificationAudienceType = 'all' | 'chapter' | 'member' | 'role';

export interface NotificationsTable {
  id: Generated<number>;
  title: string;
  message: string;
  /** A site path (`/member/...`) or an absolute http(s) address the notice points to. */
  link: string | null;
  audience_type: NotificationAudienceType;
  /** Chapter id, role id, or the member number or e-mail the sender typed; null for `all`. */
  audience_id: string | null;
  sender_user_id: number | null;
  recipient_count: ColumnType<number, number | undefined, number>;
  created_at: string;
}

/** One row per recipient of a notice: its own read state. */
export interface NotificationRecipientsTable {
  notification_id: number;
  user_id: number;
  /** null while unread. */
  read_at: string | null;
  created_at: string;
}

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
}

export type ReminderKind = 'due' | 'last_month' | 'defaulter' | 'lapsed';

/** One row per reminder sent: the primary key (member, financial year, kind) makes each send once. */
export interface ReminderSendsTable {
  member_id: number;
  financial_year: number;
  kind: ReminderKind;
  sent_at: string;
}

/** Institute-wide settings (`institute`, `gst`, `upi`, `bank`): one JSON value per key. */
export interface SettingsTable {
  key: string;
  /** JSON text. */
  value: string;
  updated_at: string;
  updated_by: number | null;
}

export type { CouponKind, CouponScope, PaymentMode, PaymentState };

export interface CouponsTable {
  id: Generated<number>;
  /** Stored upper-cased: codes are case-insensitive. */
  code: string;
  kind: CouponKind;
  /** Percent 1-100, or paise for a flat discount. */
  value: number;
  scope: CouponScope;
  /** First and last day of validity, `YYYY-MM-DD` in Asia/Kolkata. */
  valid_from: string;
  valid_to: string;
  max_uses: number;
  uses: ColumnType<number, number | undefined, number>;
  active: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

export interface CouponRedemptionsTable {
  id: Generated<number>;
  coupon_id: number;
  /** The payment purpose whose subject used the coupon (`membership_application`, `natcon_order`). */
  purpose: string;
  subject_id: number;
  /** Paise taken off. */
  discount: number;
  redeemed_at: string;
  /** Set when the use was given back (application rejected or withdrawn, order cancelled). */
  released_at: string | null;
}

export interface PaymentsTable {
  id: Generated<number>;
  /** `membership_application`, `membership_renewal` or `natcon_order`: names the handler in money/purposes.ts. */
  purpose: string;
  /** The application, member or order the payment is for. */
  subject_id: number;
  /** The chapter whose admins may see the payment; null when only national staff may. */
  chapter_id: ColumnType<number | null, number | null | undefined, number | null>;
  payer_name: string;
  payer_email: string;
  mode: PaymentMode;
  /** UTR, UPI transaction id, DD or cheque number; null for cash without a slip. */
  reference: string | null;
  amount: number;
  paid_on: string;
  state: ColumnType<PaymentState, PaymentState | undefined, PaymentState>;
  /** The staff's note on verifying or rejecting. */
  note: string | null;
  reported_at: string;
  decided_by: number | null;
  decided_at: string | null;
  /** `NIPM/RCPT/2026-27/000001` once verified. */
  receipt_number: string | null;
  receipt_financial_year: string | null;
  /** JSON text of what the receipt prints (a `ReceiptContent`), fixed when verified. */
  receipt: string | null;
}

/** The last receipt number given in each financial year (`2026-27`). */
export interface ReceiptSequencesTable {
  financial_year: string;
  last_number: number;
}

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
  created_at: string;
  updated_at: string;
}

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
  /** Supporting PDF in `src/server/storage`. */
  file_key: string | null;
  file_name: string | null;
  file_size: number | null;
  state: NatconNominationState;
  review_note: string | null;
  reviewed_by: number | null;
  reviewed_at: string | null;
  created_at: string;
}

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
  gstin: string | null;
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
export type ContentStatus = 'draft' | 'published';
export type EventType = 'national' | 'regional' | 'chapter';
export type PublicationSeries = 'newsletter' | 'personnel-today' | 'research-compendium';

/** Every stored upload of the content area, keyed by its random storage key. */
export interface ContentFilesTable {
  storage_key: string;
  /** The type read from the bytes (or written by sharp), never the uploader's claim. */
  mime: string;
  size: number;
  /** The name it is downloaded under. */
  filename: string;
  /** 1: served to anyone with the key (pictures, attachments); 0: only by its own route (PDFs). */
  open: number;
  created_by: number | null;
  created_at: string;
}

/** A picture re-encoded into responsive sizes; `variants` is JSON: `[{ key, format, width, height }]`. */
export interface ContentImagesTable {
  id: Generated<number>;
  width: number;
  height: number;
  variants: string;
  created_by: number | null;
  created_at: string;
}

export interface EventsTable {
  id: Generated<number>;
  title: string;
  type: EventType;
  /** Set for regional events. */
  region: 'East' | 'West' | 'North' | 'South' | null;
  /** Set for chapter events. */
  chapter_id: number | null;
  starts_at: string;
  ends_at: string;
  venue: string | null;
  online_url: string | null;
  /** Markdown, rendered and sanitised on the server. */
  description: string;
  /** The description rendered and sanitised when saved (`describedAs`). */
  description_html: string;
  /** Its first words as plain text, for cards and search engines. */
  summary: string;
  cover_image_id: number | null;
  registration: ColumnType<'none' | 'external' | 'natcon', ('none' | 'external' | 'natcon') | undefined>;
  registration_url: string | null;
  /** JSON: `[{ key, filename, size, mime }]`. */
  attachments: ColumnType<string, string | undefined, string>;
  status: ContentStatus;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface AlbumsTable {
  id: Generated<number>;
  title: string;
  album_date: string;
  event_id: number | null;
  cover_image_id: number | null;
  description: ColumnType<string, string | undefined, string>;
  status: ContentStatus;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface AlbumPhotosTable {
  id: Generated<number>;
  album_id: number;
  image_id: number;
  caption: ColumnType<string, string | undefined, string>;
  position: number;
  created_at: string;
}

export interface PublicationsTable {
  id: Generated<number>;
  series: PublicationSeries;
  title: string;
  volume: number | null;
  number: number | null;
  issue_date: string;
  abstract: ColumnType<string, string | undefined, string>;
  cover_image_id: number | null;
  pdf_key: string | null;
  members_only: ColumnType<number, number | undefined, number>;
  status: ContentStatus;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  chapters: ChaptersTable;
  members: MembersTable;
  users: UsersTable;
  audit_log: AuditLogTable;
  login_throttle: LoginThrottleTable;
  password_resets: PasswordResetsTable;
  notifications: NotificationsTable;
  notification_recipients: NotificationRecipientsTable;
  office_bearers: OfficeBearersTable;
  scroll_messages: ScrollMessagesTable;
  settings: SettingsTable;
  coupons: CouponsTable;
  coupon_redemptions: CouponRedemptionsTable;
  payments: PaymentsTable;
  receipt_sequences: ReceiptSequencesTable;
  natcon_editions: NatconEditionsTable;
  natcon_categories: NatconCategoriesTable;
  natcon_award_categories: NatconAwardCategoriesTable;
  natcon_orders: NatconOrdersTable;
  natcon_delegates: NatconDelegatesTable;
  natcon_nominations: NatconNominationsTable;
  member_transfers: MemberTransfersTable;
  member_notes: MemberNotesTable;
  member_change_requests: MemberChangeRequestsTable;
  reminder_sends: ReminderSendsTable;
  member_renewals: MemberRenewalsTable;
  settings: SettingsTable;
  coupons: CouponsTable;
  coupon_redemptions: CouponRedemptionsTable;
  payments: PaymentsTable;
  receipt_sequences: ReceiptSequencesTable;
  membership_fees: MembershipFeesTable;
  applications: ApplicationsTable;
  application_events: ApplicationEventsTable;
  application_documents: ApplicationDocumentsTable;
  member_number_sequences: MemberNumberSequencesTable;
  content_files: ContentFilesTable;
  content_images: ContentImagesTable;
  events: EventsTable;
  albums: AlbumsTable;
  album_photos: AlbumPhotosTable;
  publications: PublicationsTable;
}

export type Chapter = Selectable<ChaptersTable>;
export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Notification = Selectable<NotificationsTable>;
export type Coupon = Selectable<CouponsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
