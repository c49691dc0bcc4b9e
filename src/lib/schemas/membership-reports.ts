import { z } from 'zod';
import { recordId } from './common';
import { REGIONS } from './members';

/** `/admin/reports/membership`: filters, the answer, and the tables that export as CSV. */
export const ReportQuery = z
  .object({
    /** Start year of the financial year the collection and the year tables end at (default: the current one). */
    financialYear: z
      .string()
      .regex(/^(19|20)\d{2}$/, 'Use a financial year such as 2026 (for 2026-27).')
      .transform(Number)
      .optional(),
    region: z.enum(REGIONS).optional(),
    chapterId: recordId('Choose a chapter.').optional(),
  })
  .strict();
export type ReportFilter = z.output<typeof ReportQuery>;

export const REPORT_TABLES = ['class', 'region', 'chapter', 'status', 'years', 'months', 'modes'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

const Count = z.object({ key: z.string(), label: z.string(), count: z.number().int() });

export const MembershipReportSchema = z.object({
  financialYear: z.string(),
  asOf: z.string(),
  total: z.number().int(),
  byClass: z.array(Count),
  byRegion: z.array(Count),
  byChapter: z.array(Count),
  byStatus: z.array(Count),
  /** Admissions and renewals (years paid by verified renewal payments) per financial year, five years. */
  years: z.array(z.object({ financialYear: z.string(), admissions: z.number().int(), renewals: z.number().int() })),
  /** Verified payments of the financial year by month of payment (`2026-04`), paise. */
  months: z.array(z.object({ month: z.string(), amount: z.number().int(), count: z.number().int() })),
  modes: z.array(z.object({ mode: z.string(), label: z.string(), amount: z.number().int(), count: z.number().int() })),
});
export type MembershipReport = z.infer<typeof MembershipReportSchema>;
