import { z } from 'zod';
import { MAX_RECORD_ID, pagingQuery, recordId } from './common';
import { DeadlineSchema, PrivacyRequestViewSchema, REQUEST_KINDS, REQUEST_STATES } from './privacy';

/**
 * The staff privacy desk (issue 26) as the API and its screens share it (client-safe): the queue's
 * filters and rows, breaches and the register of staff exports of personal data.
 */

export const DeskQueueQuery = pagingQuery().extend({
  kind: z.enum(REQUEST_KINDS).optional(),
  state: z.enum(REQUEST_STATES).optional(),
});

/** A queue row: the request, its 90-day deadline and the two reminders (60 and 80 days) with their dates. */
export const DeskRequestSchema = PrivacyRequestViewSchema.extend({
  reminders: z.array(z.object({ day: z.number().int(), at: z.string(), sent: z.boolean() })),
});
export type DeskRequest = z.infer<typeof DeskRequestSchema>;

export const DeskNoteOnlyBody = z
  .object({ note: z.string().trim().min(2, 'Write the note.').max(4000, 'At most 4000 characters.') })
  .strict();

/** Who a breach touches, as staff choose them; the site turns it into the people to tell. */
export const BreachScopeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('members'),
    memberIds: z.array(z.number().int().positive().max(MAX_RECORD_ID)).min(1, 'Name at least one member.').max(10_000),
  }),
  z.object({ kind: z.literal('chapter'), chapterId: z.number().int().positive().max(MAX_RECORD_ID) }),
  z.object({ kind: z.literal('import'), importId: z.number().int().positive().max(MAX_RECORD_ID) }),
  z.object({ kind: z.literal('all') }),
  /** Everyone whose application for membership is open, refused or withdrawn (not yet a member). */
  z.object({ kind: z.literal('applicants') }),
  /** Every buyer and delegate of one NATCON edition's orders. */
  z.object({ kind: z.literal('natcon'), editionId: z.number().int().positive().max(MAX_RECORD_ID) }),
]);
export type BreachScope = z.infer<typeof BreachScopeSchema>;

const isoMoment = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), message)
    .transform((v) => new Date(v).toISOString());

const text = (min: number, message: string, max = 4000) =>
  z.string().trim().min(min, message).max(max, `At most ${max} characters.`);
const optionalText = (max = 4000) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .nullable()
    .default(null)
    .transform((v) => v || null);

/**
 * A breach as recorded (DPDP Rules, rule 7): what each affected person is told (1) and what the
 * detailed report to the Board holds (2)(b). Times are ISO 8601 with an offset or `Z`.
 */
export const BreachBody = z
  .object({
    description: text(10, 'Say what happened: its nature and extent.'),
    occurredAt: isoMoment('Give when it happened as a date and time.').nullable().default(null),
    foundAt: isoMoment('Give when the institute became aware of it as a date and time.'),
    location: text(2, 'Say where it happened (which system, which office).', 400),
    dataAffected: text(3, 'Say which personal data was affected.'),
    scope: BreachScopeSchema,
    consequences: text(10, 'Say what is likely to follow for the people affected.'),
    measures: text(10, 'Say what the institute has done and is doing.'),
    advice: text(10, 'Say what the people affected can do to protect themselves.'),
    cause: optionalText(),
    findings: optionalText(),
    prevention: optionalText(),
  })
  .strict();
export type BreachBody = z.infer<typeof BreachBody>;

/**
 * What the investigation settles after a breach was recorded, for the report to the Board (rule 7(2)(b)):
 * when and where it happened, what the institute did, the facts and reasons, who caused it and what
 * prevents it again. What each person was e-mailed (what happened, which data, the likely consequences,
 * the advice, who is affected) stays as it was sent.
 */
export const BreachInvestigationBody = BreachBody.pick({
  occurredAt: true,
  location: true,
  measures: true,
  cause: true,
  findings: true,
  prevention: true,
}).strict();
export type BreachInvestigationBody = z.infer<typeof BreachInvestigationBody>;

export const BreachSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  occurredAt: z.string().nullable(),
  foundAt: z.string(),
  location: z.string().nullable(),
  dataAffected: z.string(),
  scope: BreachScopeSchema.nullable(),
  consequences: z.string(),
  measures: z.string(),
  advice: z.string(),
  cause: z.string().nullable(),
  findings: z.string().nullable(),
  prevention: z.string().nullable(),
  affectedCount: z.number().int(),
  notifiedCount: z.number().int(),
  recordedBy: z.string().nullable(),
  createdAt: z.string(),
  /** 72 hours from `foundAt` (rule 7(2)(b)). */
  boardDeadline: DeadlineSchema,
  boardReportedAt: z.string().nullable(),
});
export type Breach = z.infer<typeof BreachSchema>;

export const BreachListQuery = pagingQuery();

/** One staff CSV download of a list of people. */
export const PersonalDataExportSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  userId: z.number().int().nullable(),
  userEmail: z.string().nullable(),
  list: z.string(),
  filters: z.record(z.string()),
  rows: z.number().int(),
});
export type PersonalDataExport = z.infer<typeof PersonalDataExportSchema>;

export const ExportRegisterQuery = pagingQuery().extend({
  list: z.string().trim().max(80).optional(),
  userId: recordId().optional(),
});
