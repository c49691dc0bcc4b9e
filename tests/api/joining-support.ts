import type { DB } from '../../src/server/platform/db';
import { nowIso } from '../../src/server/platform/db';
import { MEMBERSHIP_CLASS_CODES } from '../../src/lib/membership-classes';
import { createMember } from '../support/fixtures';
import type { TestApi } from '../support/api';

/** Rows the joining tests need: a fee schedule, proposers, coupons, and a valid application body. */

export const SAMPLE_FEES = {
  associate: { entrance: 50_000, subscription: 150_100, oneTime: 0 },
  corporate: { entrance: 100_000, subscription: 300_000, oneTime: 0 },
  life: { entrance: 100_000, subscription: 0, oneTime: 2_500_000 },
  institutional: { entrance: 500_000, subscription: 1_000_000, oneTime: 0 },
  student: { entrance: 10_000, subscription: 50_050, oneTime: 0 },
} as const;

export async function seedFees(db: DB, financialYear: number): Promise<void> {
  await db
    .insertInto('membership_fees')
    .values(
      MEMBERSHIP_CLASS_CODES.map((code) => ({
        financial_year: financialYear,
        class_code: code,
        entrance_fee: SAMPLE_FEES[code].entrance,
        subscription: SAMPLE_FEES[code].subscription,
        one_time_fee: SAMPLE_FEES[code].oneTime,
        is_sample: 1,
        updated_at: nowIso(),
        updated_by: null,
      })),
    )
    .execute();
}

/** The sample fees of `financialYear` unless that year has fees already (browser tests share one database). */
export async function ensureFees(db: DB, financialYear: number): Promise<void> {
  const existing = await db
    .selectFrom('membership_fees')
    .select('id')
    .where('financial_year', '=', financialYear)
    .executeTakeFirst();
  if (!existing) await seedFees(db, financialYear);
}

/** A member who may propose: Corporate paid through `paidThrough`, or Life. */
export async function createProposer(
  db: DB,
  chapterId: number,
  options: {
    memberNumber: string;
    membershipClass?: 'corporate' | 'life' | 'associate';
    paidThrough?: number | null;
    email?: string;
  },
) {
  const member = await createMember(db, chapterId, { memberNumber: options.memberNumber, email: options.email });
  await db
    .updateTable('members')
    .set({ membership_class: options.membershipClass ?? 'corporate', paid_through_year: options.paidThrough ?? 2026 })
    .where('id', '=', member.id)
    .execute();
  return member;
}

export async function createCoupon(
  db: DB,
  options: {
    code: string;
    kind?: 'percent' | 'flat';
    value: number;
    maxUses: number;
    scope?: 'membership' | 'natcon' | 'both';
  },
) {
  return db
    .insertInto('coupons')
    .values({
      code: options.code.toUpperCase(),
      kind: options.kind ?? 'percent',
      value: options.value,
      scope: options.scope ?? 'membership',
      valid_from: '2020-01-01',
      valid_to: '2099-12-31',
      max_uses: options.maxUses,
      uses: 0,
      active: 1,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

let sequence = 0;

/** A complete, valid Associate application proposed by the two given member numbers. */
export function applicationBody(
  chapterId: number,
  proposers: [string, string],
  overrides: Record<string, unknown> = {},
) {
  sequence += 1;
  return {
    classCode: 'associate',
    title: 'Ms',
    firstName: 'Meera',
    lastName: `Sen ${sequence}`,
    email: `applicant-${Date.now().toString(36)}-${sequence}@example.test`,
    phone: '98300 12345',
    dateOfBirth: '1990-05-17',
    address: '12 Lake Road',
    city: 'Kolkata',
    stateName: 'West Bengal',
    pincode: '700029',
    qualification: 'MBA (HR)',
    organisation: 'Hooghly Jute Mills',
    designation: 'HR Manager',
    experienceYears: 8,
    chapterId,
    proposerNumber: proposers[0],
    seconderNumber: proposers[1],
    declaration: true,
    ...overrides,
  };
}

export interface Envelope<T = Record<string, unknown>> {
  success: boolean;
  data: T;
  error?: { code: string; message: string; fields?: Record<string, string> };
}

export async function json<T = Record<string, unknown>>(response: Response): Promise<Envelope<T>> {
  return (await response.json()) as Envelope<T>;
}

/** Submits from its own client address (submissions are throttled per address). */
export function submit(
  api: TestApi,
  body: unknown,
  address = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
) {
  return api.request('POST', '/api/membership/applications', { body, headers: { 'x-forwarded-for': address } });
}

/** A multipart upload straight to the app (the test client sends JSON only). */
export function upload(
  api: TestApi,
  reference: string,
  token: string | null,
  kind: string,
  bytes: Uint8Array,
  name: string,
  type: string,
) {
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const query = token === null ? '' : `?token=${encodeURIComponent(token)}`;
  return api.app.request(`/api/membership/applications/${reference}/documents${query}`, { method: 'POST', body: form });
}

/** The particulars of every applicant in the application rows that tests write directly. */
export const APPLICANT_DETAILS = {
  phone: '9830012345',
  date_of_birth: '1990-01-01',
  address: '1 Park Street',
  city: 'Kolkata',
  state_name: 'West Bengal',
  pincode: '700016',
  qualification: 'MBA',
  organisation: null,
  designation: null,
  experience_years: 5,
  institution: null,
  gstin: null,
  proposer_member_id: null,
  seconder_member_id: null,
  coupon_code: null,
} as const;

/** An application row written directly, in any state (for queue, concurrency and bench set-ups). */
export function applicationRow(
  chapterId: number,
  options: {
    state?: string;
    email?: string;
    reference?: string;
    classCode?: string;
    appliedOn?: string;
    index?: number;
  } = {},
) {
  const index = options.index ?? ++sequence;
  const at = nowIso();
  const quote = {
    classCode: options.classCode ?? 'associate',
    financialYear: '2026-27',
    entranceFee: 50_000,
    subscription: 75_100,
    oneTimeFee: 0,
    halfYear: true,
    subtotal: 125_100,
    discount: 0,
    gstRatePercent: null,
    gst: 0,
    total: 125_100,
    coupon: null,
  };
  return {
    reference: options.reference ?? referenceOf(index),
    status_token_hash: index.toString(16).padStart(64, '0'),
    state: (options.state ?? 'recommended') as 'recommended',
    class_code: (options.classCode ?? 'associate') as 'associate',
    chapter_id: chapterId,
    financial_year: 2026,
    applied_on: options.appliedOn ?? '2026-11-01',
    title: null,
    first_name: 'Bulk',
    last_name: `Applicant ${index}`,
    email: options.email ?? `bulk-${index}-${Date.now().toString(36)}@example.test`,
    ...APPLICANT_DETAILS,
    quote: JSON.stringify(quote),
    amount_due: quote.total,
    discount: 0,
    member_id: null,
    decision_note: null,
    created_at: at,
    updated_at: at,
  };
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A distinct application number per index, in the shape the API accepts. */
export function referenceOf(index: number): string {
  let out = '';
  for (let rest = index, i = 0; i < 8; i++, rest = Math.floor(rest / 32)) out = ALPHABET[rest % 32] + out;
  return `APP-${out}`;
}
