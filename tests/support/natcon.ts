import type { DB } from '../../src/server/platform/db';
import { nowIso } from '../../src/server/platform/db';

/**
 * NATCON rows for tests: an open edition with the categories a test names, written straight to the
 * database (the settings routes have tests of their own).
 */
export interface CategorySpec {
  name: string;
  fee: number;
  seats: number;
  earlyBirdFee?: number;
  earlyBirdUntil?: string;
  memberRate?: boolean;
  studentRate?: boolean;
}

/** An edition's order terms as the policy route takes them (the migration's defaults, no self-cancellation). */
export const POLICY = {
  holdHours: 72,
  reminderHours: 24,
  offerHours: 48,
  selfCancel: false,
  selfCancelUntil: null,
  keepKind: 'percent',
  keepValue: 0,
};

let editionSequence = 0;

export async function createEdition(
  db: DB,
  options: {
    year?: number;
    opensOn?: string;
    closesOn?: string;
    published?: boolean;
    categories?: CategorySpec[];
    awards?: { name: string; nomineeKind: 'person' | 'organisation' | 'either' }[];
  } = {},
) {
  const at = nowIso();
  const year = options.year ?? 2027;
  const edition = await db
    .insertInto('natcon_editions')
    .values({
      title: `NATCON ${year} #${++editionSequence}-${Date.now().toString(36)}`,
      year,
      theme: 'People, purpose and performance',
      starts_on: `${year}-02-12`,
      ends_on: `${year}-02-14`,
      venue: 'Biswa Bangla Convention Centre',
      city: 'Kolkata',
      registration_opens_on: options.opensOn ?? '2026-01-01',
      registration_closes_on: options.closesOn ?? '2099-12-31',
      programme: 'Day 1: Opening and keynote.\nDay 2: Awards night.',
      published: options.published === false ? 0 : 1,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const categories = [];
  for (const [index, spec] of (options.categories ?? [{ name: 'Non-member', fee: 1_500_000, seats: 500 }]).entries()) {
    categories.push(
      await db
        .insertInto('natcon_categories')
        .values({
          edition_id: edition.id,
          name: spec.name,
          fee: spec.fee,
          early_bird_fee: spec.earlyBirdFee ?? null,
          early_bird_until: spec.earlyBirdUntil ?? null,
          seats: spec.seats,
          member_rate: spec.memberRate ? 1 : 0,
          student_rate: spec.studentRate ? 1 : 0,
          sort_order: index,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  }
  const awards = [];
  for (const award of options.awards ?? []) {
    awards.push(
      await db
        .insertInto('natcon_award_categories')
        .values({
          edition_id: edition.id,
          name: award.name,
          criteria: 'Measurable impact on people practices.',
          nominee_kind: award.nomineeKind,
          created_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  }
  return { edition, categories, awards };
}

let delegateSequence = 0;

export function delegate(overrides: Record<string, unknown> = {}) {
  const n = ++delegateSequence;
  return {
    name: `Delegate ${n}`,
    email: `delegate-${n}-${Date.now().toString(36)}@example.test`,
    phone: '+91 98300 12345',
    designation: 'HR Manager',
    ...overrides,
  };
}

export function registration(
  categoryId: number,
  delegates: Record<string, unknown>[],
  overrides: Record<string, unknown> = {},
) {
  return {
    categoryId,
    contact: { name: 'Ritu Sen', email: 'ritu.sen@example.test', phone: '9830012345' },
    organisation: 'Hooghly Jute Mills Ltd',
    delegates,
    ...overrides,
  };
}

/**
 * Confirms a held order as the institute would for an invited guest (issue 28: tickets exist only
 * once an order is confirmed), so tests of tickets and check-in start from a confirmed order.
 */
export async function confirmAsGuest(
  api: { request: (method: string, path: string, init?: { token?: string; body?: unknown }) => Promise<Response> },
  orderId: number,
  staffToken: string,
): Promise<void> {
  const response = await api.request('POST', `/api/admin/natcon/registrations/${orderId}/confirm-unpaid`, {
    token: staffToken,
    body: { note: 'Confirmed for the test' },
  });
  if (response.status !== 200) throw new Error(`confirm-unpaid answered ${response.status}: ${await response.text()}`);
}

/**
 * The buyer reports the order's payment by UPI on its status page, as `POST …/payments` takes it; answers the
 * reported payment's id.
 */
export async function reportOrderPaymentByUpi(
  api: { request: (method: string, path: string, init?: { body?: unknown }) => Promise<Response> },
  db: DB,
  order: { id: number; orderNumber: string; statusToken: string; amountDue: number },
  payment: { reference: string; paidOn: string },
): Promise<number> {
  const reported = await api.request(
    'POST',
    `/api/natcon/registrations/${order.orderNumber}/payments?token=${order.statusToken}`,
    { body: { mode: 'upi', amount: order.amountDue, ...payment } },
  );
  if (reported.status !== 201)
    throw new Error(`The payment report answered ${reported.status}: ${await reported.text()}`);
  const row = await db
    .selectFrom('payments')
    .select('id')
    .where('purpose', '=', 'natcon_order')
    .where('subject_id', '=', order.id)
    .where('state', '=', 'reported')
    .executeTakeFirstOrThrow();
  return row.id;
}
