import type { ImportField } from './column-specs';
import type { FileMemory } from './file-memory';
import { readMemberRow, type MemberRecordValues, type MemberRowContext, type ReadMemberRow } from './member-row';
import { planMemberRow, rowKeys, type Candidates, type ExistingMember, type RowPlan } from './plan';
import type { PaymentPlan } from './payments';
import type { Queryable } from './queryable';
import type { SheetRow } from './read-file';

/**
 * Rows of a members file judged against the register, a batch at a time: the check runs it on the
 * database as it is, the commit inside each batch's transaction. Both go through `planBatch` with a
 * `FileMemory` carried from batch to batch, so a row gets the same verdict in both.
 */

export interface PlannedRow {
  number: number;
  cells: string[];
  plan: RowPlan | PaymentPlan;
}

export const RECORD_COLUMNS = [
  'member_number',
  'membership_class',
  'chapter_id',
  'title',
  'first_name',
  'last_name',
  'date_of_birth',
  'gender',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'pincode',
  'organisation',
  'designation',
  'admitted_on',
  'paid_through_year',
  'life_member_since',
  'fellow',
] as const satisfies readonly (keyof MemberRecordValues)[];

type MemberRow = { id: number } & { [K in (typeof RECORD_COLUMNS)[number]]: unknown };

/** A member as the register stores it, as record values (a member without e-mail stores ''). */
export function recordOf(row: MemberRow): MemberRecordValues {
  const values = Object.fromEntries(RECORD_COLUMNS.map((c) => [c, row[c] ?? null])) as unknown as MemberRecordValues;
  return { ...values, email: values.email === '' ? null : values.email, fellow: Number(values.fellow ?? 0) };
}

/** The chapter a cell names, by code or name in any case. */
export async function chapterLookup(db: Queryable): Promise<(text: string) => number | undefined> {
  const chapters = await db.selectFrom('chapters').select(['id', 'code', 'name']).execute();
  const byKey = new Map<string, number>();
  for (const chapter of chapters) {
    byKey.set(chapter.code.toLowerCase(), chapter.id);
    byKey.set(chapter.name.toLowerCase(), chapter.id);
  }
  return (text) => byKey.get(text.trim().toLowerCase());
}

/** How to find each field's cell in a row: the mapping turned into column positions. */
export function cellReader(columns: readonly string[], mapping: Record<string, ImportField | null>) {
  const indexOf = new Map<string, number>();
  columns.forEach((column, index) => {
    const field = mapping[column];
    if (field) indexOf.set(field, index);
  });
  return (cells: readonly string[]) =>
    (field: ImportField): string | undefined => {
      const index = indexOf.get(field);
      return index === undefined ? undefined : cells[index];
    };
}

/** The members any of the batch's rows could mean, fetched in three queries, with their notes. */
async function candidatesFor(
  db: Queryable,
  rows: readonly ReadMemberRow[],
): Promise<(row: ReadMemberRow) => Candidates> {
  const numbers = new Set<string>();
  const emails = new Set<string>();
  const phones = new Set<string>();
  for (const row of rows) {
    const keys = rowKeys(row.values);
    if (keys.number) numbers.add(keys.number);
    if (row.values.email) emails.add(row.values.email);
    if (row.values.phone && row.values.date_of_birth) phones.add(row.values.phone);
  }
  const select = () => db.selectFrom('members').select(['id', ...RECORD_COLUMNS]);
  const found = [
    ...(numbers.size
      ? await select()
          .where((eb) => eb(eb.fn('upper', ['member_number']), 'in', [...numbers]))
          .execute()
      : []),
    ...(emails.size
      ? await select()
          .where('email', 'in', [...emails])
          .execute()
      : []),
    ...(phones.size
      ? await select()
          .where('phone', 'in', [...phones])
          .execute()
      : []),
  ];
  const members = new Map<number, ExistingMember>();
  for (const row of found) members.set(row.id, { id: row.id, ...recordOf(row), notes: [] });
  if (members.size > 0) {
    const notes = await db
      .selectFrom('member_notes')
      .select(['member_id', 'body'])
      .where('member_id', 'in', [...members.keys()])
      .execute();
    for (const note of notes) (members.get(note.member_id)?.notes as string[]).push(note.body);
  }
  const all = [...members.values()];
  return (row) => {
    const keys = rowKeys(row.values);
    return {
      byNumber: keys.number ? all.filter((m) => m.member_number.toUpperCase() === keys.number) : [],
      byEmail: row.values.email ? all.filter((m) => m.email === row.values.email) : [],
      byMobileAndBirth:
        row.values.phone && row.values.date_of_birth
          ? all.filter((m) => m.phone === row.values.phone && m.date_of_birth === row.values.date_of_birth)
          : [],
    };
  };
}

/** Accounts holding the e-mails a batch would give members: a member's sign-in e-mail must stay unique. */
async function accountsByEmail(db: Queryable, plans: readonly RowPlan[]): Promise<Map<string, number | null>> {
  const emails = new Set<string>();
  for (const plan of plans) {
    if (plan.kind === 'create' && plan.record.email) emails.add(plan.record.email);
    if (plan.kind === 'update') {
      for (const change of plan.changes) if (change.field === 'email' && change.after) emails.add(String(change.after));
    }
  }
  if (emails.size === 0) return new Map();
  const users = await db
    .selectFrom('users')
    .select(['email', 'member_id'])
    .where('email', 'in', [...emails])
    .execute();
  return new Map(users.map((u) => [u.email, u.member_id]));
}

export interface BatchContext {
  memberRow: MemberRowContext;
  cellsOf: ReturnType<typeof cellReader>;
  memory: FileMemory;
}

/** Judges a batch of rows (in file order) against the register as `db` sees it. */
export async function planBatch(
  db: Queryable,
  batch: readonly SheetRow[],
  context: BatchContext,
): Promise<PlannedRow[]> {
  const read = batch.map((row) => readMemberRow(context.cellsOf(row.cells), context.memberRow));
  const candidates = await candidatesFor(db, read);
  const plans = read.map((row, index): RowPlan => {
    if (row.errors.length > 0) return { kind: 'invalid', errors: row.errors };
    const keys = Object.entries(rowKeys(row.values))
      .filter(([, value]) => value)
      .map(([name, value]) => `${name}:${value}`);
    const plan = planMemberRow(row, candidates(row));
    if (plan.kind === 'update' || plan.kind === 'unchanged') keys.push(`member:${plan.memberId}`);
    const firstRow = context.memory.claim(keys, batch[index].number);
    return firstRow === undefined ? plan : { kind: 'duplicate', firstRow };
  });
  const accounts = await accountsByEmail(db, plans);
  return plans.map((plan, index) => ({
    number: batch[index].number,
    cells: batch[index].cells,
    plan: withAccountCheck(plan, accounts),
  }));
}

/** An update may not move a member's e-mail onto another person's account. */
function withAccountCheck(plan: RowPlan, accounts: Map<string, number | null>): RowPlan {
  if (plan.kind !== 'update') return plan;
  const email = plan.changes.find((c) => c.field === 'email')?.after;
  if (typeof email !== 'string' || !accounts.has(email) || accounts.get(email) === plan.memberId) return plan;
  return { kind: 'conflict', message: `Another account already signs in with ${email}.`, memberIds: [plan.memberId] };
}

/** Rows grouped into batches of `size`, without holding more than one batch. */
export async function* batchesOf<T>(rows: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
