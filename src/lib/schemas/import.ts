import { z } from 'zod';
import { pagingQuery } from './common';

/**
 * The import of the existing register (issue 23): what the API answers about an import and what it
 * accepts. Client-safe, so the staff screen reads the same shapes.
 */
export const IMPORT_KINDS = ['members', 'payments'] as const;
export const IMPORT_STATES = ['uploaded', 'checked', 'running', 'done', 'failed', 'undone'] as const;

const Summary = z.object({
  total: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  invalid: z.number().int(),
  duplicate: z.number().int(),
  conflict: z.number().int(),
});
export type ImportSummaryData = z.infer<typeof Summary>;

export const ImportSchema = z.object({
  id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  state: z.enum(IMPORT_STATES),
  fileName: z.string(),
  columns: z.array(z.string()),
  mapping: z.record(z.string().nullable()),
  /** The fields a column of this kind of file can be mapped to, with the template's header for each. */
  fields: z.array(z.object({ field: z.string(), header: z.string() })),
  rows: z.number().int(),
  progress: z.object({
    done: z.number().int(),
    total: z.number().int(),
    rowsPerSecond: z.number().nullable(),
    secondsLeft: z.number().int().nullable(),
  }),
  summary: Summary.nullable(),
  invitations: z.object({ waiting: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  failure: z.string().nullable(),
  /** Until when an undo is possible (7 days after the commit); null when it is not. */
  undoUntil: z.string().nullable(),
});
export type ImportData = z.infer<typeof ImportSchema>;

export const ImportCheckBody = z
  .object({ mapping: z.record(z.string().max(200), z.string().max(40).nullable()).optional() })
  .strict();

export const PreviewRowSchema = z.object({
  row: z.number().int(),
  kind: z.enum(['create', 'update', 'unchanged', 'invalid', 'duplicate', 'conflict']),
  label: z.string(),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  message: z.string().nullable(),
});

export const ImportCheckSchema = z.object({ summary: Summary, preview: z.array(PreviewRowSchema) });
export type ImportCheckData = z.infer<typeof ImportCheckSchema>;

export const ImportListQuery = pagingQuery(50, 20)
  .extend({ kind: z.enum(IMPORT_KINDS).optional(), state: z.enum(IMPORT_STATES).optional() })
  .strict();

export const ImportTemplateQuery = z.object({ kind: z.enum(IMPORT_KINDS).optional() }).strict();
