/**
 * The columns an import understands: each field's template header, the other headers chapters'
 * sheets use for it, what its cells accept and an example. The template, the docs and the header
 * matching (`columns.ts`) all read this one list.
 */
export type ImportKind = 'members' | 'payments';

export const MEMBER_FIELDS = [
  'memberNumber',
  'classCode',
  'chapter',
  'title',
  'fullName',
  'firstName',
  'lastName',
  'dateOfBirth',
  'gender',
  'email',
  'mobile',
  'addressLine1',
  'addressLine2',
  'addressLine3',
  'city',
  'state',
  'pincode',
  'organisation',
  'designation',
  'admittedOn',
  'paidThrough',
  'lifeMemberSince',
  'fellow',
  'notes',
] as const;
export type MemberField = (typeof MEMBER_FIELDS)[number];

export const PAYMENT_FIELDS = [
  'memberNumber',
  'financialYear',
  'amount',
  'paidOn',
  'mode',
  'reference',
  'receiptNumber',
] as const;
export type PaymentField = (typeof PAYMENT_FIELDS)[number];

export type ImportField = MemberField | PaymentField;

export interface ColumnSpec<F extends string> {
  field: F;
  /** The header the template uses. */
  header: string;
  /** Other headers that mean this field. */
  variants: readonly string[];
  /** What the cell may hold, for the template's explanation sheet and the docs. */
  accepts: string;
  example: string;
}

const DATE_FORMS = 'A date: DD/MM/YYYY, DD-MM-YYYY, D.M.YY, YYYY-MM-DD, 12-Mar-2019 or an Excel date.';
const KEEP_OR_CLEAR = 'Empty keeps the stored value; CLEAR empties it.';

export const MEMBER_COLUMNS: readonly ColumnSpec<MemberField>[] = [
  {
    field: 'memberNumber',
    header: 'Membership No',
    variants: [
      'Membership Number',
      'Member No',
      'Member Number',
      'Mem No',
      'M No',
      'MNo',
      'Membership ID',
      'Member ID',
      'Reg No',
    ],
    accepts: 'The member number, kept as written (a legacy number keeps its form). Finds an existing member first.',
    example: 'NIPM/KOL/00012',
  },
  {
    field: 'classCode',
    header: 'Class',
    variants: ['Membership Class', 'Member Class', 'Category', 'Membership Type', 'Member Type', 'Type'],
    accepts: 'Associate, Corporate, Life, Institutional or Student (also "Life Member"). Needed for a new member.',
    example: 'Life',
  },
  {
    field: 'chapter',
    header: 'Chapter',
    variants: ['Chapter Name', 'Chapter Code', 'Branch'],
    accepts: "The chapter's code or name, in any case. Needed for a new member.",
    example: 'Kolkata',
  },
  {
    field: 'title',
    header: 'Title',
    variants: ['Salutation', 'Prefix'],
    accepts: `Mr, Ms, Mrs, Dr, Prof, Shri, Smt... ${KEEP_OR_CLEAR}`,
    example: 'Dr',
  },
  {
    field: 'fullName',
    header: 'Full Name',
    variants: ['Name', 'Member Name', 'Name of Member', 'Name of the Member'],
    accepts: 'The whole name; the last word is taken as the last name. Or use First Name and Last Name.',
    example: 'Anita Sen',
  },
  {
    field: 'firstName',
    header: 'First Name',
    variants: ['Given Name', 'Forename'],
    accepts: 'Instead of Full Name.',
    example: '',
  },
  {
    field: 'lastName',
    header: 'Last Name',
    variants: ['Surname', 'Family Name'],
    accepts: 'Instead of Full Name.',
    example: '',
  },
  {
    field: 'dateOfBirth',
    header: 'Date of Birth',
    variants: ['DOB', 'D O B', 'Birth Date', 'Birthdate'],
    accepts: `${DATE_FORMS} ${KEEP_OR_CLEAR}`,
    example: '14/08/1975',
  },
  {
    field: 'gender',
    header: 'Gender',
    variants: ['Sex', 'M/F'],
    accepts: `Female, Male or Other (F, M, O). ${KEEP_OR_CLEAR}`,
    example: 'F',
  },
  {
    field: 'email',
    header: 'Email',
    variants: ['E-mail', 'Email ID', 'Email Address', 'E-mail ID', 'Mail ID', 'Mail'],
    accepts: `One e-mail address. Finds an existing member when there is no number; the member's sign-in. ${KEEP_OR_CLEAR}`,
    example: 'anita.sen@example.in',
  },
  {
    field: 'mobile',
    header: 'Mobile',
    variants: [
      'Mobile No',
      'Mobile Number',
      'Mob No',
      'Mob',
      'Phone',
      'Phone No',
      'Contact No',
      'Contact Number',
      'Cell',
      'Cell No',
      'WhatsApp',
    ],
    accepts: `10 digits, with or without +91 or 0. With the date of birth, finds a member who has no number or e-mail in the file. ${KEEP_OR_CLEAR}`,
    example: '+91 98300 12345',
  },
  {
    field: 'addressLine1',
    header: 'Address Line 1',
    variants: ['Address', 'Address 1', 'Addr1', 'Residential Address', 'Postal Address'],
    accepts: KEEP_OR_CLEAR,
    example: '12 Park Street',
  },
  {
    field: 'addressLine2',
    header: 'Address Line 2',
    variants: ['Address 2', 'Addr2'],
    accepts: KEEP_OR_CLEAR,
    example: 'Flat 3B',
  },
  {
    field: 'addressLine3',
    header: 'Address Line 3',
    variants: ['Address 3', 'Addr3', 'Locality', 'Area'],
    accepts: KEEP_OR_CLEAR,
    example: '',
  },
  {
    field: 'city',
    header: 'City',
    variants: ['Town', 'City/Town', 'District'],
    accepts: KEEP_OR_CLEAR,
    example: 'Kolkata',
  },
  {
    field: 'state',
    header: 'State',
    variants: ['State/UT', 'State Name', 'State Code'],
    accepts: `Name (Orissa or Odisha), two-letter code (WB) or GST code (19). ${KEEP_OR_CLEAR}`,
    example: 'West Bengal',
  },
  {
    field: 'pincode',
    header: 'PIN Code',
    variants: ['PIN', 'Pincode', 'Pin No', 'Postal Code', 'Zip', 'Zip Code'],
    accepts: `6 digits. ${KEEP_OR_CLEAR}`,
    example: '700016',
  },
  {
    field: 'organisation',
    header: 'Organisation',
    variants: ['Organization', 'Company', 'Employer', 'Company Name', 'Organisation Name', 'Org'],
    accepts: KEEP_OR_CLEAR,
    example: 'Hooghly Jute Mills Ltd',
  },
  {
    field: 'designation',
    header: 'Designation',
    variants: ['Position', 'Job Title', 'Post'],
    accepts: KEEP_OR_CLEAR,
    example: 'HR Manager',
  },
  {
    field: 'admittedOn',
    header: 'Admitted On',
    variants: [
      'Date of Admission',
      'Admission Date',
      'Date of Joining',
      'Joining Date',
      'Joined On',
      'Member Since',
      'DOJ',
    ],
    accepts: `${DATE_FORMS} Needed for a new member.`,
    example: '12-Mar-2019',
  },
  {
    field: 'paidThrough',
    header: 'Paid Through',
    variants: [
      'Paid Upto',
      'Paid Up To',
      'Paid Till',
      'Valid Upto',
      'Valid Till',
      'Subscription Paid Upto',
      'Last Paid Year',
    ],
    accepts: `The last financial year paid: 2025-26 or 2025-2026. The member's status follows from it. ${KEEP_OR_CLEAR}`,
    example: '2025-26',
  },
  {
    field: 'lifeMemberSince',
    header: 'Life Member Since',
    variants: ['Life Membership Date', 'Life Member From', 'LM Since', 'Date of Life Membership'],
    accepts: `${DATE_FORMS} ${KEEP_OR_CLEAR}`,
    example: '01/04/2015',
  },
  {
    field: 'fellow',
    header: 'FNIPM',
    variants: ['Fellow', 'Fellow FNIPM', 'Fellow (FNIPM)', 'Is Fellow'],
    accepts: 'Yes or No (Y/N, 1/0).',
    example: 'No',
  },
  {
    field: 'notes',
    header: 'Notes',
    variants: ['Remarks', 'Remark', 'Comments', 'Note'],
    accepts: 'Added to the member as a staff note (once per import).',
    example: 'Moved from the Howrah sheet',
  },
];

export const PAYMENT_COLUMNS: readonly ColumnSpec<PaymentField>[] = [
  {
    field: 'memberNumber',
    header: 'Membership No',
    variants: MEMBER_COLUMNS[0].variants,
    accepts: 'The member the payment is from (already on the register).',
    example: 'NIPM/KOL/00012',
  },
  {
    field: 'financialYear',
    header: 'Financial Year',
    variants: ['FY', 'Year', 'For Year', 'Subscription Year'],
    accepts: 'The year the payment is for: 2025-26 or 2025-2026.',
    example: '2024-25',
  },
  {
    field: 'amount',
    header: 'Amount',
    variants: ['Amount Paid', 'Amount (Rs)', 'Amount Rs', 'Rs', 'Fee', 'Subscription'],
    accepts: 'Rupees: 1500, 1,500.00, Rs. 1500 or 1500/-.',
    example: '1500',
  },
  {
    field: 'paidOn',
    header: 'Paid On',
    variants: ['Payment Date', 'Date of Payment', 'Date Paid', 'Date'],
    accepts: DATE_FORMS,
    example: '15/05/2024',
  },
  {
    field: 'mode',
    header: 'Mode',
    variants: ['Payment Mode', 'Mode of Payment', 'Paid By'],
    accepts: 'UPI, NEFT/RTGS/IMPS (bank transfer), DD, Cheque or Cash.',
    example: 'Cheque',
  },
  {
    field: 'reference',
    header: 'Reference',
    variants: ['Cheque No', 'DD No', 'UTR', 'Transaction ID', 'Ref No', 'Instrument No'],
    accepts: 'The cheque, DD, UTR or UPI number; may be empty for cash.',
    example: '004512',
  },
  {
    field: 'receiptNumber',
    header: 'Old Receipt No',
    variants: ['Receipt No', 'Receipt Number', 'Rcpt No', 'Money Receipt No'],
    accepts: 'The receipt number printed at the time, kept as it is. Each once.',
    example: 'KOL/2024/118',
  },
];

export function columnsOf(kind: ImportKind): readonly ColumnSpec<ImportField>[] {
  return kind === 'members' ? MEMBER_COLUMNS : PAYMENT_COLUMNS;
}
