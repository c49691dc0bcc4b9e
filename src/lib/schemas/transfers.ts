import { z } from 'zod';
import { MAX_RECORD_ID, pagingQuery, recordId, sortQuery } from './common';
import { multiLineText, singleLineText } from './text';

/**
 * Chapter transfers (issue 28, item 4): a member asks to move to another chapter (or staff record the
 * request for them), the national office (roles 2 and 5) approves or refuses. Shared by the API and
 * the forms.
 */

export const TRANSFER_STATES = ['pending', 'approved', 'refused'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];
export const TRANSFER_STATE_LABELS: Record<TransferState, string> = {
  pending: 'Waiting for the national office',
  approved: 'Approved',
  refused: 'Refused',
};

/** What a chapter admin is told on `PATCH /api/admin/members/{id}` with another chapter. */
export const TRANSFER_RULE =
  'A chapter admin cannot move a member to another chapter: record a transfer request (Request a transfer on the ' +
  'member’s record, or the member asks in the portal) and the national office approves or refuses it.';

const chapterChoice = z
  .number({ invalid_type_error: 'Choose a chapter.' })
  .int()
  .positive('Choose a chapter.')
  .max(MAX_RECORD_ID, 'Choose a chapter.');
const reason = multiLineText(z.string().trim().max(500, 'Use at most 500 characters.')).optional();

/** `POST /api/members/me/transfer-requests`: the member asks. */
export const OwnTransferRequestBody = z.object({ toChapterId: chapterChoice, reason }).strict();
export type OwnTransferRequestInput = z.input<typeof OwnTransferRequestBody>;

/** `POST /api/admin/transfers`: staff record a member's request. */
export const StaffTransferRequestBody = z
  .object({
    memberId: z.number().int().positive('Choose a member.').max(MAX_RECORD_ID, 'Choose a member.'),
    toChapterId: chapterChoice,
    reason,
  })
  .strict();

/** `POST /api/admin/transfers/{id}/decision`: a refusal says why (the member is told). */
export const TransferDecisionBody = z
  .object({
    decision: z.enum(['approve', 'refuse'], { errorMap: () => ({ message: 'Approve or refuse.' }) }),
    note: multiLineText(z.string().trim().max(500, 'Use at most 500 characters.')).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.decision === 'refuse' && !body.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'Say why the transfer is refused: the member is told.' });
    }
  });
export type TransferDecisionInput = z.input<typeof TransferDecisionBody>;

export const TransferItemSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberNumber: z.string(),
  memberName: z.string(),
  fromChapter: z.object({ id: z.number().int(), name: z.string() }),
  toChapter: z.object({ id: z.number().int(), name: z.string() }),
  reason: z.string().nullable(),
  state: z.enum(TRANSFER_STATES),
  requestedBy: z.string().nullable(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export type TransferItem = z.infer<typeof TransferItemSchema>;

export const TRANSFER_SORT_FIELDS = ['requestedAt', 'memberName'] as const;

/** The transfers list's filters, shared by the list and its CSV export. */
export const TransferExportQuery = z
  .object({
    state: z.enum(TRANSFER_STATES).optional(),
    /** Either side of the move. */
    chapterId: recordId('Choose a chapter.').optional(),
    q: singleLineText(z.string().trim().max(100, 'Search with at most 100 characters.')).optional(),
  })
  .merge(sortQuery(TRANSFER_SORT_FIELDS, '-requestedAt'))
  .strict();
export type TransferFilter = z.output<typeof TransferExportQuery>;
export const TransferListQuery = pagingQuery().merge(TransferExportQuery).strict();
