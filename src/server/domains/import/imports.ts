import type { Selectable } from 'kysely';
import { kolkataDate } from '../../../lib/financial-year';
import { nowIso, type DB } from '../../platform/db';
import type { ImportsTable, ImportState } from '../../platform/db/schema-import';
import type { FileStore } from '../../platform/storage';
import { columnsOf, type ImportField, type ImportKind } from './column-specs';
import { mappingProblems, matchColumns, missingKeyColumns } from './columns';
import { FileMemory } from './file-memory';
import { batchesOf, cellReader, chapterLookup, planBatch, type PlannedRow } from './evaluate';
import { planPaymentBatch, type PaymentPlan } from './payments';
import { FIELD_LABELS, type RowPlan } from './plan';
import { fileRefusal, invalidInput, noSuchImport, tooLarge, wrongState } from './problems';
import { detectImportFormat, ImportFileError, IMPORT_ROW_CAP, readSheetRows, type ImportFileFormat } from './read-file';

/**
 * An import from upload to check: the file is stored as uploaded (the commit and the error file
 * read it again, row by row), its header matched to fields, and the check judges every row as the
 * commit will, writing only the counts.
 */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Rows judged per round trip: one query per key kind per batch. */
export const IMPORT_BATCH_ROWS = 500;
/** Rows of each kind the check's preview shows. */
export const PREVIEW_ROWS = 5;

export interface ImportSummary {
  total: number;
  create: number;
  update: number;
  unchanged: number;
  invalid: number;
  duplicate: number;
  conflict: number;
}

export const emptySummary = (): ImportSummary => ({
  total: 0,
  create: 0,
  update: 0,
  unchanged: 0,
  invalid: 0,
  duplicate: 0,
  conflict: 0,
});

export type ImportRecord = Selectable<ImportsTable>;

export interface ImportView {
  id: number;
  kind: ImportKind;
  state: ImportState;
  fileName: string;
  columns: string[];
  mapping: Record<string, ImportField | null>;
  fields: { field: ImportField; header: string }[];
  rows: number;
  progress: { done: number; total: number };
  summary: ImportSummary | null;
  createdAt: string;
  finishedAt: string | null;
  failure: string | null;
}

export function importView(record: ImportRecord): ImportView {
  return {
    id: record.id,
    kind: record.kind,
    state: record.state,
    fileName: record.file_name,
    columns: JSON.parse(record.columns) as string[],
    mapping: JSON.parse(record.mapping) as Record<string, ImportField | null>,
    fields: columnsOf(record.kind).map((c) => ({ field: c.field, header: c.header })),
    rows: record.total_rows,
    progress: { done: record.done_rows, total: record.total_rows },
    summary: record.summary ? (JSON.parse(record.summary) as ImportSummary) : null,
    createdAt: record.created_at,
    finishedAt: record.finished_at,
    failure: record.failure,
  };
}

export async function loadImport(db: DB, id: number): Promise<ImportRecord> {
  const record = await db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst();
  if (!record) throw noSuchImport();
  return record;
}

/** The stored file's rows, header first; a file that can no longer be read is an error, never a partial answer. */
export async function storedRows(storage: FileStore, record: ImportRecord) {
  if (record.file_removed_at)
    throw wrongState(
      `The uploaded file was removed on ${record.file_removed_at.slice(0, 10)}, as the privacy rules ask once an import is over: upload it again.`,
    );
  const bytes = await storage.get(record.file_key);
  if (!bytes) throw wrongState('The uploaded file is no longer stored: upload it again.');
  return readSheetRows(bytes, JSON.parse(record.format) as ImportFileFormat);
}

/** Stores an upload after reading it once through: its type, its header and its number of rows. */
export async function uploadImport(
  db: DB,
  storage: FileStore,
  input: { bytes: Uint8Array; fileName: string; kind: ImportKind; userId: number; now: Date },
): Promise<ImportView> {
  if (input.bytes.length > IMPORT_MAX_BYTES)
    throw tooLarge('The file is larger than 20 MB: split it and upload each part.');
  let header: string[] | undefined;
  let total = 0;
  let format: ImportFileFormat;
  try {
    format = await detectImportFormat(input.bytes);
    for await (const row of readSheetRows(input.bytes, format, IMPORT_ROW_CAP)) {
      if (header) total += 1;
      else header = row.cells;
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw fileRefusal(error);
    throw error;
  }
  if (!header) throw invalidInput({ file: 'The file has no rows.' }, 'The file has no rows.');
  const match = matchColumns(header, input.kind);
  const key = await storage.put(input.bytes);
  const at = nowIso(input.now);
  const record = await db
    .insertInto('imports')
    .values({
      kind: input.kind,
      state: 'uploaded',
      file_key: key,
      file_name: input.fileName.slice(0, 255),
      file_bytes: input.bytes.length,
      format: JSON.stringify(format),
      columns: JSON.stringify(match.columns),
      mapping: JSON.stringify(match.mapping),
      total_rows: total,
      created_by: input.userId,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return importView(record);
}

/** A mapping staff sent, checked against the file's columns and the kind's fields. */
export function acceptMapping(record: ImportRecord, mapping: Record<string, string | null>) {
  const columns = JSON.parse(record.columns) as string[];
  const fields: Record<string, string> = {};
  for (const column of Object.keys(mapping))
    if (!columns.includes(column)) fields[column] = 'The file has no such column.';
  Object.assign(fields, mappingProblems(mapping, record.kind));
  if (Object.keys(fields).length > 0) throw invalidInput(fields, 'The column mapping needs attention.');
  return Object.fromEntries(columns.map((c) => [c, (mapping[c] ?? null) as ImportField | null]));
}

export interface PreviewRow {
  row: number;
  kind: RowPlan['kind'] | PaymentPlan['kind'];
  /** The file's membership number and name for the row, as written. */
  label: string;
  changes: { field: string; before: unknown; after: unknown }[];
  message: string | null;
}

function previewOf(planned: PlannedRow, label: string): PreviewRow {
  const { plan } = planned;
  const changes =
    plan.kind === 'update'
      ? plan.changes.map((c) => ({ field: FIELD_LABELS[c.field], before: c.before, after: c.after }))
      : [];
  return { row: planned.number, kind: plan.kind, label, changes, message: planMessage(plan) };
}

/** What the error file's `error` column says about a row that is not applied; null for one that is. */
export function planMessage(plan: RowPlan | PaymentPlan): string | null {
  if (plan.kind === 'invalid') return plan.errors.join('; ');
  if (plan.kind === 'duplicate')
    return `Repeats row ${plan.firstRow} of the file (same membership number, e-mail, mobile or member).`;
  if (plan.kind === 'conflict') return plan.message;
  return null;
}

const SUMMARY_KEY: Record<RowPlan['kind'] | PaymentPlan['kind'], keyof ImportSummary> = {
  create: 'create',
  update: 'update',
  unchanged: 'unchanged',
  invalid: 'invalid',
  duplicate: 'duplicate',
  conflict: 'conflict',
};

/** Every row of the stored file judged against the register as it is now, in batches. */
export async function* judgeRows(db: DB, storage: FileStore, record: ImportRecord, now: Date) {
  const columns = JSON.parse(record.columns) as string[];
  const mapping = JSON.parse(record.mapping) as Record<string, ImportField | null>;
  const context = {
    memberRow: { todayIso: kolkataDate(now), chapterIdOf: await chapterLookup(db) },
    cellsOf: cellReader(columns, mapping),
    memory: new FileMemory(),
  };
  const rows = await storedRows(storage, record);
  let header = true;
  const dataRows = (async function* () {
    for await (const row of rows) {
      if (header) header = false;
      else yield row;
    }
  })();
  for await (const batch of batchesOf(dataRows, IMPORT_BATCH_ROWS)) {
    yield* record.kind === 'payments'
      ? await planPaymentBatch(db, batch, { ...context, todayIso: context.memberRow.todayIso })
      : await planBatch(db, batch, context);
  }
}

/** The check: judges every row as the commit would, stores only the counts, and answers them with a preview. */
export async function checkImport(
  db: DB,
  storage: FileStore,
  id: number,
  input: { mapping?: Record<string, string | null>; now: Date },
): Promise<{ summary: ImportSummary; preview: PreviewRow[] }> {
  let record = await loadImport(db, id);
  if (record.state !== 'uploaded' && record.state !== 'checked') {
    throw wrongState(`This import is ${record.state}: only an uploaded or checked file can be checked.`);
  }
  if (input.mapping) record = { ...record, mapping: JSON.stringify(acceptMapping(record, input.mapping)) };
  const missing = missingKeyColumns(
    {
      columns: JSON.parse(record.columns) as string[],
      mapping: JSON.parse(record.mapping) as Record<string, ImportField | null>,
    },
    record.kind,
  );
  if (missing) throw invalidInput({ mapping: missing }, missing);
  const columns = JSON.parse(record.columns) as string[];
  const labelOf = labeller(columns, JSON.parse(record.mapping) as Record<string, ImportField | null>);
  const summary = emptySummary();
  const preview: PreviewRow[] = [];
  const shown = new Map<string, number>();
  for await (const planned of judgeRows(db, storage, record, input.now)) {
    summary.total += 1;
    summary[SUMMARY_KEY[planned.plan.kind]] += 1;
    const count = shown.get(planned.plan.kind) ?? 0;
    if (count < PREVIEW_ROWS) {
      shown.set(planned.plan.kind, count + 1);
      preview.push(previewOf(planned, labelOf(planned.cells)));
    }
  }
  const updated = await db
    .updateTable('imports')
    .set({ state: 'checked', mapping: record.mapping, summary: JSON.stringify(summary), updated_at: nowIso(input.now) })
    .where('id', '=', id)
    .where('state', 'in', ['uploaded', 'checked'])
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw wrongState('This import changed while it was checked: reload it.');
  return { summary, preview };
}

/** How a row is named in the preview: its membership number and name as the file has them. */
function labeller(columns: readonly string[], mapping: Record<string, ImportField | null>) {
  const cellsOf = cellReader(columns, mapping);
  return (cells: readonly string[]) => {
    const cell = cellsOf(cells);
    const name = cell('fullName') ?? [cell('firstName'), cell('lastName')].filter(Boolean).join(' ');
    return [cell('memberNumber'), name, cell('email')]
      .map((v) => v?.trim())
      .filter(Boolean)
      .join(' · ');
  };
}

/** The error file's rows (after the header: the file's columns plus `error`): each row that would not be applied. */
export async function* errorRows(
  db: DB,
  storage: FileStore,
  record: ImportRecord,
  now: Date,
): AsyncGenerator<string[]> {
  const columns = JSON.parse(record.columns) as string[];
  for await (const planned of judgeRows(db, storage, record, now)) {
    const message = planMessage(planned.plan);
    if (message === null) continue;
    const cells = columns.map((_, index) => planned.cells[index] ?? '');
    yield [...cells, `Row ${planned.number}: ${message}`];
  }
}
