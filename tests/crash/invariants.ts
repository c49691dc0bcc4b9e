/**
 * What the crash test checks after the kills (`crash.ts`): the database's own integrity check, and
 * that no notice, application, payment or NATCON registration is half-written or lost. "Half-written"
 * is defined per table in each function below: a state that no committed transaction of the site
 * can leave behind.
 */
import { sql } from 'kysely';
import type { DB } from '../../src/server/platform/db';

/** What the server answered as done: each must be in the database afterwards. */
export interface Acknowledged {
  notices: Map<number, string>;
  applications: Set<string>;
  applicationPayments: Set<string>;
  orders: Set<string>;
  orderPayments: Set<string>;
  /** Payment id → the receipt number its verification answered. */
  receipts: Map<number, string>;
}

export async function integrity(db: DB, postgres: boolean): Promise<string> {
  if (!postgres) {
    const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
    const keys = await sql`pragma foreign_key_check`.execute(db);
    const result = check.rows.map((r) => r.integrity_check).join('; ');
    return result === 'ok' && keys.rows.length === 0
      ? 'ok'
      : `integrity_check: ${result}; foreign keys: ${keys.rows.length}`;
  }
  await sql`create extension if not exists amcheck`.execute(db);
  const indexes = await sql<{ oid: number; name: string }>`
    select c.oid::int as oid, c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
    join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
    where a.amname = 'btree' and n.nspname = current_schema()`.execute(db);
  for (const index of indexes.rows) await sql`select bt_index_check(${index.oid}::regclass, true)`.execute(db);
  return `ok (amcheck: ${indexes.rows.length} B-tree indexes with their heaps)`;
}

/** Counts of a subject's payments by state. */
type PaymentCounts = { reported: number; verified: number };

async function paymentsBySubject(db: DB, purpose: string): Promise<Map<number, PaymentCounts>> {
  const rows = await db.selectFrom('payments').select(['subject_id', 'state']).where('purpose', '=', purpose).execute();
  const counts = new Map<number, PaymentCounts>();
  for (const row of rows) {
    const entry = counts.get(row.subject_id) ?? { reported: 0, verified: 0 };
    if (row.state === 'reported' || row.state === 'verified') entry[row.state]++;
    counts.set(row.subject_id, entry);
  }
  return counts;
}

/**
 * Notices: every notice has exactly the copies its `recipient_count` says; every notice answered
 * 201 is there; none was written twice.
 */
async function noticeProblems(db: DB, ack: Acknowledged): Promise<string[]> {
  const problems: string[] = [];
  const notices = await db
    .selectFrom('notifications as n')
    .leftJoin('notification_recipients as r', 'r.notification_id', 'n.id')
    .select((eb) => ['n.id', 'n.title', 'n.recipient_count', eb.fn.count<number>('r.user_id').as('copies')])
    .groupBy(['n.id', 'n.title', 'n.recipient_count'])
    .execute();
  for (const notice of notices) {
    if (Number(notice.copies) !== notice.recipient_count) {
      problems.push(`notice ${notice.id} half-written: ${notice.copies} of ${notice.recipient_count} copies`);
    }
  }
  const byId = new Map(notices.map((n) => [n.id, n.title]));
  for (const [id, title] of ack.notices) {
    if (byId.get(id) !== title) problems.push(`notice ${id} ("${title}") was answered 201 but is missing`);
  }
  const crashTitles = notices.map((n) => n.title).filter((t) => t.startsWith('crash '));
  if (new Set(crashTitles).size !== crashTitles.length) problems.push('a notice was written twice');
  return problems;
}

/**
 * Applications. Whole: a reference; a history (by id) that starts `null → awaiting_payment` and in
 * which each entry starts where the one before ended, the last ending in the application's state;
 * payments that match the state (`awaiting_payment`: none reported or verified;
 * `payment_reported`: exactly one reported and none verified; `payment_verified` or later: exactly
 * one verified and none reported). Not lost: every application and payment report answered 201 is there.
 */
async function applicationProblems(db: DB, ack: Acknowledged): Promise<string[]> {
  const problems: string[] = [];
  const applications = await db.selectFrom('applications').select(['id', 'reference', 'state']).execute();
  const events = await db
    .selectFrom('application_events')
    .select(['application_id', 'from_state', 'to_state'])
    .orderBy('id')
    .execute();
  const history = new Map<number, { from_state: string | null; to_state: string }[]>();
  for (const event of events) history.set(event.application_id, [...(history.get(event.application_id) ?? []), event]);
  const payments = await paymentsBySubject(db, 'membership_application');
  for (const application of applications) {
    const name = `application ${application.reference ?? application.id}`;
    if (!application.reference) problems.push(`${name} has no reference`);
    const chain = history.get(application.id) ?? [];
    const broken =
      chain.length === 0 ||
      chain[0]?.from_state !== null ||
      chain[0]?.to_state !== 'awaiting_payment' ||
      chain.some((event, i) => i > 0 && event.from_state !== chain[i - 1]?.to_state) ||
      chain.at(-1)?.to_state !== application.state;
    if (broken) problems.push(`${name} half-written: its history does not lead to its state ${application.state}`);
    const paid = payments.get(application.id) ?? { reported: 0, verified: 0 };
    const expected: PaymentCounts =
      application.state === 'awaiting_payment'
        ? { reported: 0, verified: 0 }
        : application.state === 'payment_reported'
          ? { reported: 1, verified: 0 }
          : { reported: 0, verified: 1 };
    if (['rejected', 'withdrawn'].includes(application.state)) continue;
    if (paid.reported !== expected.reported || paid.verified !== expected.verified) {
      problems.push(
        `${name} half-written: state ${application.state} with ${paid.reported} reported and ${paid.verified} verified payments`,
      );
    }
  }
  const state = new Map(applications.map((a) => [a.reference, a.state]));
  for (const reference of ack.applications) {
    if (!state.has(reference)) problems.push(`application ${reference} was answered 201 but is missing`);
  }
  for (const reference of ack.applicationPayments) {
    if (state.get(reference) === 'awaiting_payment' || !state.has(reference))
      problems.push(`the payment of application ${reference} was answered 201 but is missing`);
  }
  return problems;
}

/**
 * NATCON registrations. Whole: an order number; exactly `delegate_count` delegates, each with a
 * confirmation number; each category's `seats_taken` equal to the delegates of its confirmed orders;
 * the payment state matching the payments (`unpaid`: none reported or verified; `reported`: one or
 * more reported, none verified; `verified`: at least one verified). Not lost: every order and
 * payment report answered 201 is there.
 */
async function registrationProblems(db: DB, ack: Acknowledged): Promise<string[]> {
  const problems: string[] = [];
  const orders = await db
    .selectFrom('natcon_orders')
    .select(['id', 'order_number', 'state', 'payment_state', 'delegate_count'])
    .execute();
  const delegates = await db
    .selectFrom('natcon_delegates')
    .select(['order_id', 'category_id', 'confirmation_number'])
    .execute();
  const payments = await paymentsBySubject(db, 'natcon_order');
  const stateOf = new Map(orders.map((o) => [o.id, o.state]));
  for (const order of orders) {
    const name = `order ${order.order_number ?? `#${order.id}`}`;
    const own = delegates.filter((d) => d.order_id === order.id);
    if (!order.order_number) problems.push(`${name} half-written: no order number`);
    if (own.length !== order.delegate_count || own.some((d) => !d.confirmation_number)) {
      problems.push(`${name} half-written: ${own.length} of ${order.delegate_count} delegates confirmed`);
    }
    const paid = payments.get(order.id) ?? { reported: 0, verified: 0 };
    const matches =
      order.payment_state === 'unpaid' || order.payment_state === 'not_due'
        ? paid.reported === 0 && paid.verified === 0
        : order.payment_state === 'reported'
          ? paid.reported >= 1 && paid.verified === 0
          : paid.verified >= 1;
    if (!matches) {
      problems.push(
        `${name} half-written: payment ${order.payment_state} with ${paid.reported} reported and ${paid.verified} verified payments`,
      );
    }
  }
  const categories = await db.selectFrom('natcon_categories').select(['id', 'name', 'seats_taken']).execute();
  for (const category of categories) {
    const seated = delegates.filter((d) => d.category_id === category.id && stateOf.get(d.order_id) === 'confirmed');
    if (seated.length !== category.seats_taken) {
      problems.push(
        `category ${category.name}: ${category.seats_taken} seats taken for ${seated.length} confirmed delegates`,
      );
    }
  }
  const byNumber = new Map(orders.map((o) => [o.order_number, o]));
  for (const orderNumber of ack.orders) {
    if (!byNumber.has(orderNumber)) problems.push(`order ${orderNumber} was answered 201 but is missing`);
  }
  for (const orderNumber of ack.orderPayments) {
    if (!['reported', 'verified'].includes(byNumber.get(orderNumber)?.payment_state ?? ''))
      problems.push(`the payment of order ${orderNumber} was answered 201 but is missing`);
  }
  return problems;
}

/**
 * Payments. Whole: `reported` has no decision and no receipt; `verified` has its decision (who,
 * when), its receipt number, year and stored receipt, and its `payment.verified` audit entry.
 * Receipt numbers: in each financial year exactly 1..N, N being the year's sequence (a number
 * taken by a verification that did not commit would be a gap). Not lost: every verification
 * answered 200 is verified with the receipt number it answered.
 */
async function paymentProblems(db: DB, ack: Acknowledged): Promise<string[]> {
  const problems: string[] = [];
  const payments = await db
    .selectFrom('payments')
    .select(['id', 'state', 'decided_at', 'decided_by', 'receipt_number', 'receipt_financial_year', 'receipt'])
    .execute();
  const audited = new Set(
    (
      await db
        .selectFrom('audit_log')
        .select('entity_id')
        .where('action', '=', 'payment.verified')
        .where('entity', '=', 'payment')
        .execute()
    ).map((row) => Number(row.entity_id)),
  );
  for (const payment of payments) {
    const receiptParts = [payment.receipt_number, payment.receipt_financial_year, payment.receipt];
    if (payment.state === 'reported' && (payment.decided_at || receiptParts.some((part) => part !== null))) {
      problems.push(`payment ${payment.id} half-written: reported, yet decided or with a receipt`);
    }
    if (
      payment.state === 'verified' &&
      (!payment.decided_at || !payment.decided_by || receiptParts.some((part) => !part) || !audited.has(payment.id))
    ) {
      problems.push(`payment ${payment.id} half-written: verified without its decision, receipt or audit entry`);
    }
  }
  const byId = new Map(payments.map((p) => [p.id, p]));
  for (const [id, receipt] of ack.receipts) {
    const payment = byId.get(id);
    if (payment?.state !== 'verified' || payment.receipt_number !== receipt)
      problems.push(`payment ${id} was verified (200, ${receipt}) but is ${payment?.state ?? 'missing'}`);
  }
  const sequences = new Map(
    (await db.selectFrom('receipt_sequences').selectAll().execute()).map((s) => [s.financial_year, s.last_number]),
  );
  const byYear = new Map<string, number[]>();
  for (const payment of payments) {
    if (!payment.receipt_number || !payment.receipt_financial_year) continue;
    const year = payment.receipt_financial_year;
    byYear.set(year, [...(byYear.get(year) ?? []), Number(payment.receipt_number.split('/').at(-1))]);
  }
  for (const year of new Set([...byYear.keys(), ...sequences.keys()])) {
    const numbers = (byYear.get(year) ?? []).sort((x, y) => x - y);
    const last = sequences.get(year) ?? 0;
    if (numbers.some((n, i) => n !== i + 1) || numbers.length !== last) {
      problems.push(
        `receipt numbers of ${year}: ${numbers.length} receipts for a sequence at ${last}, with a gap or a repeat`,
      );
    }
  }
  return problems;
}

export async function invariants(db: DB, ack: Acknowledged): Promise<string[]> {
  return [
    ...(await noticeProblems(db, ack)),
    ...(await applicationProblems(db, ack)),
    ...(await registrationProblems(db, ack)),
    ...(await paymentProblems(db, ack)),
  ];
}
