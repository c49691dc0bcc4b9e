import { sql, type Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { kolkataDate } from '../../../lib/financial-year';
import { nowIso, type DB } from '../../platform/db';
import type { FileStore } from '../../platform/storage';
import { writeAudit } from '../audit/audit';
import type { ImportField } from './column-specs';
import { FileMemory } from './file-memory';
import type { Queryable } from './queryable';
import { batchesOf, cellReader, chapterLookup, planBatch, RECORD_COLUMNS, recordOf, type PlannedRow } from './evaluate';
import { emptySummary, IMPORT_BATCH_ROWS, loadImport, planMessage, storedRows, type ImportSummary } from './imports';
import { accountFor, addNote } from './accounts';
import { createMembers, type CreatedMember } from './bulk-create';
import { readMemberRow, type MemberRecordValues } from './member-row';
import { appliedPaymentKeys, planPaymentBatch, recordLegacyPayment } from './payments';
import { rowKeys } from './plan';
import { wrongState } from './problems';

/**
 * The commit: a job in the database, applied in batches of rows, each batch ONE transaction that
 * also writes each row's key (import, row number) and the progress. A batch that dies is rolled
 * back whole; a server that dies leaves a lease that lapses, and whichever server next runs the
 * jobs carries on after the last committed batch. So every row is applied exactly once.
 */
export const IMPORT_LEASE_MS = 60_000;

/** An image of the record as a row left it (or found it): its fields and when it was last changed. */
type RecordImage = MemberRecordValues & { updated_at: string };

/** Checked → running: the job is queued for the next `runImportJobs`; a failed job may be run again. */
export async function startCommit(db: DB, id: number, now: Date): Promise<void> {
  const record = await loadImport(db, id);
  if (record.state !== 'checked' && record.state !== 'failed') {
    throw wrongState(
      record.state === 'uploaded'
        ? 'Check the file before committing it.'
        : `This import is ${record.state}: it cannot be committed again.`,
    );
  }
  const started = await db
    .updateTable('imports')
    .set({
      state: 'running',
      lease_until: null,
      failure: null,
      started_at: record.started_at ?? nowIso(now),
      updated_at: nowIso(now),
    })
    .where('id', '=', id)
    .where('state', '=', record.state)
    .executeTakeFirst();
  if (Number(started.numUpdatedRows) !== 1) throw wrongState('This import is already being committed.');
}

async function imageOf(db: Queryable, memberId: number): Promise<RecordImage | undefined> {
  const row = await db
    .selectFrom('members')
    .select(['id', 'updated_at', ...RECORD_COLUMNS])
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row ? { ...recordOf(row), updated_at: row.updated_at } : undefined;
}

/** Record values as the members table stores them (no e-mail is ''). */
function storedValues(values: Partial<MemberRecordValues>): Updateable<Database['members']> {
  return 'email' in values ? { ...values, email: values.email ?? '' } : (values as Updateable<Database['members']>);
}

/** Applies one judged row and records it under its key; a row already keyed is never applied again. */
async function applyRow(
  trx: Queryable,
  importId: number,
  planned: PlannedRow,
  actorId: number | null,
  at: string,
  createdMembers: Map<number, CreatedMember>,
) {
  const { plan } = planned;
  const key = { import_id: importId, row_number: planned.number };
  const base = {
    ...key,
    member_id: null,
    user_id: null,
    note_id: null,
    payment_id: null,
    before_image: null,
    after_image: null,
  };
  if ('payment' in plan) {
    const paymentId = await recordLegacyPayment(trx, plan.payment, actorId, at);
    return {
      ...base,
      outcome: 'created' as const,
      member_id: plan.payment.memberId,
      payment_id: paymentId,
      message: null,
    };
  }
  if ('paymentId' in plan) {
    return {
      ...base,
      outcome: 'unchanged' as const,
      member_id: plan.memberId,
      payment_id: plan.paymentId,
      message: null,
    };
  }
  if (plan.kind === 'create') {
    const created = createdMembers.get(planned.number);
    if (!created) throw new Error(`Row ${planned.number} was not created with its batch.`);
    return {
      ...base,
      outcome: 'created' as const,
      member_id: created.memberId,
      user_id: created.userId,
      note_id: created.noteId,
      after_image: JSON.stringify(created.after),
      message: null,
    };
  }
  if (plan.kind === 'update') {
    const before = await imageOf(trx, plan.memberId);
    if (!before) throw new Error(`Member ${plan.memberId} vanished inside its batch.`);
    const changes = Object.fromEntries(plan.changes.map((c) => [c.field, c.after])) as Partial<MemberRecordValues>;
    if (plan.changes.length > 0) {
      await trx
        .updateTable('members')
        .set({ ...storedValues(changes), updated_at: at })
        .where('id', '=', plan.memberId)
        .execute();
      // The account's sign-in follows the record; its updated_at is left alone so an undo restores it exactly.
      if ('email' in changes && changes.email) {
        await trx.updateTable('users').set({ email: changes.email }).where('member_id', '=', plan.memberId).execute();
      }
    }
    const after: RecordImage = { ...before, ...changes, updated_at: plan.changes.length > 0 ? at : before.updated_at };
    const userId = await accountFor(trx, plan.memberId, after, at);
    const noteId = await addNote(trx, plan.memberId, plan.note, actorId, at);
    return {
      ...base,
      outcome: 'updated' as const,
      member_id: plan.memberId,
      user_id: userId,
      note_id: noteId,
      before_image: JSON.stringify(before),
      after_image: JSON.stringify(after),
      message: null,
    };
  }
  if (plan.kind === 'unchanged')
    return { ...base, outcome: 'unchanged' as const, member_id: plan.memberId, message: null };
  const outcome =
    plan.kind === 'invalid'
      ? ('invalid' as const)
      : plan.kind === 'duplicate'
        ? ('duplicate' as const)
        : ('conflict' as const);
  return { ...base, outcome, message: planMessage(plan) };
}

/** Takes the job if no server holds it (or the holder's lease lapsed); false when another server has it. */
async function takeLease(db: DB, id: number, now: Date, leaseMs: number): Promise<string | null> {
  const until = nowIso(new Date(now.getTime() + leaseMs));
  const taken = await db
    .updateTable('imports')
    .set({ lease_until: until })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', nowIso(now))]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1 ? until : null;
}

export interface ImportJobOptions {
  now: () => Date;
  batchRows?: number;
  leaseMs?: number;
  signal?: AbortSignal;
  /** Called after each committed batch (tests stop a job half way with it). */
  afterBatch?: (done: number) => void | Promise<void>;
}

/** Runs one running import to its end, or returns false when another server holds it. */
export async function runImportJob(
  db: DB,
  storage: FileStore,
  id: number,
  options: ImportJobOptions,
): Promise<boolean> {
  const leaseMs = options.leaseMs ?? IMPORT_LEASE_MS;
  let lease = await takeLease(db, id, options.now(), leaseMs);
  if (!lease) return false;
  const record = await loadImport(db, id);
  const columns = JSON.parse(record.columns) as string[];
  const mapping = JSON.parse(record.mapping) as Record<string, ImportField | null>;
  const context = {
    memberRow: { todayIso: kolkataDate(options.now()), chapterIdOf: await chapterLookup(db) },
    cellsOf: cellReader(columns, mapping),
    memory: new FileMemory(),
  };
  const applied = new Map(
    (
      await db
        .selectFrom('import_rows')
        .select(['row_number', 'member_id', 'outcome'])
        .where('import_id', '=', id)
        .execute()
    ).map((r) => [r.row_number, r]),
  );
  const rows = await storedRows(storage, record);
  let header = true;
  const pending = (async function* () {
    for await (const row of rows) {
      if (header) {
        header = false;
        continue;
      }
      const done = applied.get(row.number);
      if (!done) {
        yield row;
        continue;
      }
      // Already applied before a restart: only remember its keys, so later rows are judged as before.
      if (record.kind === 'payments') {
        const keys = appliedPaymentKeys(context.cellsOf(row.cells), context.memberRow.todayIso, done.member_id);
        if (done.outcome !== 'duplicate' && keys.length > 0) context.memory.claim(keys, row.number);
        continue;
      }
      const read = readMemberRow(context.cellsOf(row.cells), context.memberRow);
      if (read.errors.length > 0 || done.outcome === 'duplicate') continue;
      const keys = Object.entries(rowKeys(read.values))
        .filter(([, v]) => v)
        .map(([k, v]) => `${k}:${v}`);
      if ((done.outcome === 'updated' || done.outcome === 'unchanged') && done.member_id)
        keys.push(`member:${done.member_id}`);
      context.memory.claim(keys, row.number);
    }
  })();
  try {
    for await (const batch of batchesOf(pending, options.batchRows ?? IMPORT_BATCH_ROWS)) {
      if (options.signal?.aborted) return true;
      const now = options.now();
      const at = nowIso(now);
      const nextLease = nowIso(new Date(now.getTime() + leaseMs));
      await db.transaction().execute(async (trx) => {
        const held = await trx
          .updateTable('imports')
          .set({ lease_until: nextLease, done_rows: sql`done_rows + ${batch.length}`, updated_at: at })
          .where('id', '=', id)
          .where('state', '=', 'running')
          .where('lease_until', '=', lease as string)
          .executeTakeFirst();
        if (Number(held.numUpdatedRows) !== 1) throw new LeaseLost();
        const planned =
          record.kind === 'payments'
            ? await planPaymentBatch(trx, batch, { ...context, todayIso: context.memberRow.todayIso })
            : await planBatch(trx, batch, context);
        const createdMembers = await createMembers(trx, planned, record.created_by, at);
        const keyed = [];
        for (const row of planned) keyed.push(await applyRow(trx, id, row, record.created_by, at, createdMembers));
        for (let start = 0; start < keyed.length; start += 200) {
          await trx
            .insertInto('import_rows')
            .values(keyed.slice(start, start + 200))
            .execute();
        }
      });
      lease = nextLease;
      await options.afterBatch?.(batch.length);
    }
    await finish(db, id, lease, options.now());
  } catch (error) {
    if (error instanceof LeaseLost) return false;
    await db
      .updateTable('imports')
      .set({ state: 'failed', failure: String((error as Error).message ?? error).slice(0, 500), lease_until: null })
      .where('id', '=', id)
      .where('lease_until', '=', lease)
      .execute();
    throw error;
  }
  return true;
}

class LeaseLost extends Error {}

/** The counts from the rows' keys (what was really done), the job closed, one audit entry. */
async function finish(db: DB, id: number, lease: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const counts = await trx
      .selectFrom('import_rows')
      .select(['outcome', (eb) => eb.fn.countAll<number>().as('n')])
      .where('import_id', '=', id)
      .groupBy('outcome')
      .execute();
    const summary: ImportSummary = emptySummary();
    const names = {
      created: 'create',
      updated: 'update',
      unchanged: 'unchanged',
      invalid: 'invalid',
      duplicate: 'duplicate',
      conflict: 'conflict',
    } as const;
    for (const c of counts) {
      summary[names[c.outcome]] = Number(c.n);
      summary.total += Number(c.n);
    }
    const closed = await trx
      .updateTable('imports')
      .set({
        state: 'done',
        summary: JSON.stringify(summary),
        lease_until: null,
        finished_at: nowIso(now),
        updated_at: nowIso(now),
      })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .where('lease_until', '=', lease)
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) return;
    const record = await trx
      .selectFrom('imports')
      .select(['kind', 'file_name', 'created_by'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      action: 'import.committed',
      at: now,
      actorUserId: record.created_by,
      entity: 'import',
      entityId: id,
      detail: { kind: record.kind, file: record.file_name, ...summary },
    });
  });
}

/** Every running import whose lease is free, one after another (the poller of each server calls this). */
export async function runImportJobs(db: DB, storage: FileStore, options: ImportJobOptions): Promise<number> {
  const due = await db
    .selectFrom('imports')
    .select('id')
    .where('state', '=', 'running')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', nowIso(options.now()))]))
    .orderBy('id')
    .execute();
  let ran = 0;
  for (const { id } of due) {
    if (options.signal?.aborted) break;
    if (await runImportJob(db, storage, id, options)) ran += 1;
  }
  return ran;
}

export type { RecordImage };
