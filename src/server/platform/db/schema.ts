import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { MembershipClassCode } from '../../../lib/membership-classes';
import type { MembersTables } from './schema-members';

export type { ReminderKind } from './schema-members';
import type {
  AlbumPhotosTable,
  AlbumsTable,
  ContentFilesTable,
  ContentImagesTable,
  EventsTable,
  PublicationsTable,
} from './schema-content';
import type {
  NatconAwardCategoriesTable,
  NatconCategoriesTable,
  NatconDelegatesTable,
  NatconEditionsTable,
  NatconNominationsTable,
  NatconOrdersTable,
} from './schema-natcon';
import type {
  GstCreditNoteLinesTable,
  GstCreditNotesTable,
  GstDocumentSequencesTable,
  GstInvoiceLinesTable,
  GstInvoicesTable,
} from './schema-gst';
import type {
  ApplicationDocumentsTable,
  ApplicationEventsTable,
  ApplicationsTable,
  MemberNumberSequencesTable,
  MembershipFeesTable,
} from './schema-joining';
import type {
  BreachesTable,
  ConsentsTable,
  DataExportJobsTable,
  ErasureNoticesTable,
  GuardianConsentsTable,
  NomineesTable,
  PersonalDataExportsTable,
  PrivacyRequestEventsTable,
  PrivacyRequestsTable,
} from './schema-privacy';
import type { ImportRowsTable, ImportsTable, InvitationSendsTable } from './schema-import';
import type { CouponKind, CouponScope, PaymentMode, PaymentState } from '../../../lib/schemas/money';
import type {
  BankStatementLinesTable,
  BankStatementsTable,
  GatewayEventsTable,
  GatewayOrdersTable,
  RefundsTable,
} from './schema-money-online';

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
  /** Storage key of the re-encoded photo (`src/server/platform/storage`), and its type. */
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
export type { MemberStatus } from '../../../lib/member-status';

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
  /** `female`, `male` or `other`; null when not recorded. */
  gender: ColumnType<string | null, string | null | undefined, string | null>;
  life_member_since: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 for a Fellow of NIPM (FNIPM). */
  fellow: ColumnType<number, number | undefined, number>;
  /** Start year of the last financial year paid (2026 = 2026-27); null when none is. */
  paid_through_year: ColumnType<number | null, number | null | undefined, number | null>;
  /** Set when the member's personal data was erased: the row stays as the tombstone of the number. */
  erased_at: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** Set when the account's personal data was erased: it can never sign in again. */
  erased_at: ColumnType<string | null, string | null | undefined, string | null>;
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
  /**
   * UPI and bank transfers: the reference upper-cased without separators (`paymentReferenceKey`),
   * unique among payments not rejected whatever the mode (migration 015). Null for other modes.
   */
  reference_key: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** A payment imported from the old books keeps the receipt number printed then (never in the new series). */
  legacy_receipt_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** Paise refunded so far; a refund may not take it past `amount`. */
  refunded: ColumnType<number, number | undefined, number>;
}

/** The last receipt number given in each financial year (`2026-27`). */
export interface ReceiptSequencesTable {
  financial_year: string;
  last_number: number;
}

export interface Database extends MembersTables {
  chapters: ChaptersTable;
  members: MembersTable;
  users: UsersTable;
  audit_log: AuditLogTable;
  login_throttle: LoginThrottleTable;
  password_resets: PasswordResetsTable;
  notifications: NotificationsTable;
  notification_recipients: NotificationRecipientsTable;
  settings: SettingsTable;
  coupons: CouponsTable;
  coupon_redemptions: CouponRedemptionsTable;
  payments: PaymentsTable;
  receipt_sequences: ReceiptSequencesTable;
  gateway_orders: GatewayOrdersTable;
  gateway_events: GatewayEventsTable;
  refunds: RefundsTable;
  bank_statements: BankStatementsTable;
  bank_statement_lines: BankStatementLinesTable;
  membership_fees: MembershipFeesTable;
  applications: ApplicationsTable;
  application_events: ApplicationEventsTable;
  application_documents: ApplicationDocumentsTable;
  member_number_sequences: MemberNumberSequencesTable;
  office_bearers: OfficeBearersTable;
  scroll_messages: ScrollMessagesTable;
  content_files: ContentFilesTable;
  content_images: ContentImagesTable;
  events: EventsTable;
  albums: AlbumsTable;
  album_photos: AlbumPhotosTable;
  publications: PublicationsTable;
  natcon_editions: NatconEditionsTable;
  natcon_categories: NatconCategoriesTable;
  natcon_award_categories: NatconAwardCategoriesTable;
  natcon_orders: NatconOrdersTable;
  natcon_delegates: NatconDelegatesTable;
  natcon_nominations: NatconNominationsTable;
  consents: ConsentsTable;
  privacy_requests: PrivacyRequestsTable;
  privacy_request_events: PrivacyRequestEventsTable;
  nominees: NomineesTable;
  breaches: BreachesTable;
  personal_data_exports: PersonalDataExportsTable;
  data_export_jobs: DataExportJobsTable;
  erasure_notices: ErasureNoticesTable;
  guardian_consents: GuardianConsentsTable;
  imports: ImportsTable;
  import_rows: ImportRowsTable;
  invitation_sends: InvitationSendsTable;
  gst_document_sequences: GstDocumentSequencesTable;
  gst_invoices: GstInvoicesTable;
  gst_invoice_lines: GstInvoiceLinesTable;
  gst_credit_notes: GstCreditNotesTable;
  gst_credit_note_lines: GstCreditNoteLinesTable;
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

export type * from './schema-content';
export type * from './schema-import';
export type * from './schema-natcon';
export type * from './schema-gst';
export type * from './schema-joining';
export type * from './schema-money-online';
export type * from './schema-privacy';
