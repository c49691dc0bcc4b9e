/**
 * Which rows and files belong to one person: the map the export ("download my data") reads and the
 * erasure walks. Every table of the database is either a source here or listed in
 * `TABLES_WITHOUT_PERSONAL_DATA` with the reason; a data test fails when a new table is in neither,
 * so a new kind of personal data cannot be left out of the export or the erasure by oversight.
 */

/** How a row is tied to the person. The keys are gathered first (see `PersonKeys`). */
export type PersonLink =
  /** `column` holds the person's member id. */
  | { by: 'member'; column: string }
  /** `column` holds the person's user (account) id. */
  | { by: 'user'; column: string }
  /** One of `columns` holds one of the person's e-mail addresses (stored lower-cased). */
  | { by: 'email'; columns: string[] }
  /** `column` holds the id of one of the person's applications. */
  | { by: 'application'; column: string }
  /** `column` holds the id of one of the person's NATCON orders. */
  | { by: 'order'; column: string }
  /** A (purpose, subject id) pair naming the person's application, renewal (member id) or NATCON order. */
  | { by: 'subject'; purposeColumn: string; subjectColumn: string }
  /** `column` holds the id of one of the person's payments (those the `subject` link finds). */
  | { by: 'payment'; column: string }
  /** `column` holds the id of a GST invoice issued for one of the person's payments. */
  | { by: 'invoice'; column: string };

export interface ExportSource {
  table: string;
  /** The file name in the ZIP (`<file>.json`) and the heading a person reads. */
  file: string;
  /** Any one link ties a row to the person. */
  links: PersonLink[];
  /** Columns never exported: secrets that prove nothing to the person and would weaken their account. */
  omit?: string[];
  /** Columns holding storage keys of uploaded or generated files, put in the ZIP under `files/`. */
  files?: string[];
}

/** The payment purposes and what their subject id names (money/purposes.ts registers the same names). */
export const SUBJECT_KINDS = {
  membership_application: 'application',
  membership_renewal: 'member',
  natcon_order: 'order',
} as const;

export const EXPORT_SOURCES: readonly ExportSource[] = [
  { table: 'members', file: 'member-record', links: [{ by: 'member', column: 'id' }] },
  { table: 'users', file: 'account', links: [{ by: 'user', column: 'id' }], omit: ['password_hash', 'token_version'] },
  {
    table: 'applications',
    file: 'applications',
    links: [
      { by: 'application', column: 'id' },
      { by: 'member', column: 'member_id' },
    ],
    omit: ['status_token_hash'],
  },
  {
    table: 'application_events',
    file: 'application-history',
    links: [{ by: 'application', column: 'application_id' }],
  },
  {
    table: 'application_documents',
    file: 'application-documents',
    links: [{ by: 'application', column: 'application_id' }],
    files: ['storage_key'],
  },
  { table: 'member_transfers', file: 'chapter-transfers', links: [{ by: 'member', column: 'member_id' }] },
  { table: 'member_notes', file: 'staff-notes', links: [{ by: 'member', column: 'member_id' }] },
  { table: 'member_change_requests', file: 'change-requests', links: [{ by: 'member', column: 'member_id' }] },
  { table: 'transfer_requests', file: 'transfer-requests', links: [{ by: 'member', column: 'member_id' }] },
  { table: 'member_renewals', file: 'renewals', links: [{ by: 'member', column: 'member_id' }] },
  { table: 'reminder_sends', file: 'renewal-reminders', links: [{ by: 'member', column: 'member_id' }] },
  {
    table: 'payments',
    file: 'payments',
    links: [{ by: 'subject', purposeColumn: 'purpose', subjectColumn: 'subject_id' }],
  },
  {
    table: 'coupon_redemptions',
    file: 'coupons-used',
    links: [{ by: 'subject', purposeColumn: 'purpose', subjectColumn: 'subject_id' }],
  },
  // Tax documents are exported (the person's own invoices) though erasure keeps them (TABLES_KEPT_BY_LAW).
  { table: 'gst_invoices', file: 'tax-invoices', links: [{ by: 'payment', column: 'payment_id' }] },
  { table: 'gst_credit_notes', file: 'credit-notes', links: [{ by: 'invoice', column: 'invoice_id' }] },
  {
    table: 'gateway_orders',
    file: 'online-payments',
    links: [{ by: 'payment', column: 'payment_id' }],
    // The page the payer came back to may carry a status link's secret.
    omit: ['return_path'],
  },
  { table: 'refunds', file: 'refunds', links: [{ by: 'payment', column: 'payment_id' }], omit: ['idempotency_key'] },
  {
    table: 'bank_statement_lines',
    file: 'bank-statement-lines',
    links: [{ by: 'payment', column: 'payment_id' }],
    omit: ['fingerprint', 'candidates'],
  },
  { table: 'notification_recipients', file: 'notifications', links: [{ by: 'user', column: 'user_id' }] },
  { table: 'audit_log', file: 'activity-and-sign-ins', links: [{ by: 'user', column: 'actor_user_id' }] },
  {
    table: 'natcon_orders',
    file: 'natcon-registrations',
    links: [
      { by: 'order', column: 'id' },
      { by: 'email', columns: ['contact_email'] },
    ],
    omit: ['status_token_hash'],
  },
  {
    table: 'natcon_delegates',
    file: 'natcon-delegates',
    links: [
      { by: 'member', column: 'member_id' },
      { by: 'email', columns: ['email'] },
    ],
    files: ['student_id_key', 'ticket_key'],
  },
  {
    table: 'natcon_nominations',
    file: 'natcon-nominations',
    links: [{ by: 'email', columns: ['nominator_email', 'nominee_email'] }],
    files: ['file_key'],
  },
  {
    table: 'consents',
    file: 'consents',
    links: [
      { by: 'user', column: 'user_id' },
      { by: 'email', columns: ['email'] },
      { by: 'application', column: 'application_id' },
      { by: 'order', column: 'order_id' },
    ],
  },
  {
    table: 'privacy_requests',
    file: 'privacy-requests',
    links: [
      { by: 'user', column: 'user_id' },
      { by: 'email', columns: ['email'] },
      { by: 'application', column: 'application_id' },
      { by: 'order', column: 'order_id' },
    ],
  },
  { table: 'nominees', file: 'nominee', links: [{ by: 'user', column: 'user_id' }] },
  { table: 'erasure_notices', file: 'erasure-notices', links: [{ by: 'member', column: 'member_id' }] },
  {
    table: 'guardian_consents',
    file: 'guardian-consents',
    links: [{ by: 'application', column: 'application_id' }],
    omit: ['token_hash'],
  },
  { table: 'personal_data_exports', file: 'staff-exports-made', links: [{ by: 'user', column: 'user_id' }] },
  { table: 'import_rows', file: 'imported-rows', links: [{ by: 'member', column: 'member_id' }] },
  { table: 'invitation_sends', file: 'invitations', links: [{ by: 'member', column: 'member_id' }] },
];

/** Tables that hold no one's personal data, or only secrets and counters no person needs, and why. */
export const TABLES_WITHOUT_PERSONAL_DATA: Readonly<Record<string, string>> = {
  chapters: 'Chapters and their public office contact, not a member’s own data.',
  office_bearers: 'Office bearers are published on the public site; kept by the chapters page.',
  scroll_messages: 'Public ticker text.',
  login_throttle: 'Counters that expire within the hour; keyed by address or e-mail only to slow guessing.',
  password_resets: 'Hashes of one-time links: secrets, and they expire within the hour.',
  notifications:
    'The notices themselves, sent to many; a person’s own copies are exported through notification_recipients.',
  settings: 'Institute-wide settings.',
  coupons: 'Coupon codes, not people.',
  receipt_sequences: 'Receipt counters.',
  membership_fees: 'Fee tables.',
  member_number_sequences: 'Member number counters.',
  content_files: 'Published content uploaded by staff.',
  content_images: 'Published pictures uploaded by staff.',
  events: 'Published events.',
  albums: 'Published albums.',
  album_photos: 'Published photos.',
  publications: 'Published issues.',
  natcon_editions: 'Conference editions.',
  natcon_categories: 'Delegate categories and their fees.',
  natcon_award_categories: 'Award categories.',
  privacy_request_events:
    'Staff’s handling of a request (notes, reminders); the request and its answer are exported with privacy_requests.',
  breaches: 'Incident records of the institute; each affected person is told by e-mail.',
  gateway_events:
    'The gateway’s event ids, kinds and outcomes, kept to process each event once; no name, e-mail or phone is stored.',
  bank_statements: 'Which statement file staff uploaded and when; the payers’ lines are exported per person.',
  data_export_jobs: 'The export job itself: its result is the ZIP the person downloads.',
  imports:
    'A staff upload of many people’s rows; each person’s own rows are exported through import_rows. The uploaded file is not erased per person (docs/privacy.md).',
  kysely_migration: 'Migration bookkeeping.',
  kysely_migration_lock: 'Migration bookkeeping.',
  applications_search: 'Search index of applications: erased with them by its triggers, never exported on its own.',
  members_search: 'Search index of members: erased with them by its triggers, never exported on its own.',
};

/**
 * Tables kept whatever the person asks because the law requires them, and why. The person's own rows
 * of the tables above (invoices, credit notes, online payments, refunds, bank lines) are in their
 * export and survive their erasure (erasure.ts scrubs only contact details from them); these tables
 * are tied to the person only through those rows.
 */
export const TABLES_KEPT_BY_LAW: Readonly<Record<string, string>> = {
  gst_invoice_lines:
    'Lines of tax invoices (CGST Rules, rule 46), kept for the GST retention period; the invoice’s content holds them.',
  gst_credit_note_lines: 'Lines of credit notes (rule 53), kept likewise; the credit note’s content holds them.',
  gst_document_sequences: 'Invoice and credit note counters.',
};

/** Exported tables that erasure keeps (with contact details scrubbed): accounting and tax records. */
export const EXPORTED_BUT_KEPT: readonly string[] = [
  'gst_invoices',
  'gst_credit_notes',
  'gateway_orders',
  'refunds',
  'bank_statement_lines',
  'payments',
];

/** The ids and addresses that tie rows to one person, gathered before the sources are read. */
export interface PersonKeys {
  memberIds: number[];
  userIds: number[];
  /** Lower-cased. */
  emails: string[];
  applicationIds: number[];
  orderIds: number[];
}

/** The ids a (purpose, subject) link accepts for each purpose, from the person's keys. */
export function subjectIdsFor(keys: PersonKeys): Record<keyof typeof SUBJECT_KINDS, number[]> {
  return {
    membership_application: keys.applicationIds,
    membership_renewal: keys.memberIds,
    natcon_order: keys.orderIds,
  };
}

/** Whether a table is accounted for: a source of the export, or declared free of personal data. */
export function isAccountedFor(table: string): boolean {
  if (table in TABLES_WITHOUT_PERSONAL_DATA || table in TABLES_KEPT_BY_LAW) return true;
  // SQLite's FTS5 keeps its index in shadow tables named after the virtual table.
  if (/^(applications|members)_search_(data|idx|content|docsize|config)$/.test(table)) return true;
  return EXPORT_SOURCES.some((source) => source.table === table);
}
