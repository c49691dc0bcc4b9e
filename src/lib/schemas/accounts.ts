import { z } from 'zod';
import { MEMBER_STATUSES } from '../member-status';
import { ROLE_IDS, type RoleId } from '../roles';

/**
 * The shapes the API answers for accounts, members and chapters: one zod description shared by the
 * server's contract (which documents and checks them) and the portal screens (which read them).
 */

/** `GET /api/me`: the signed-in user. */
export const MeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  roleId: z.enum(ROLE_IDS as [RoleId, ...RoleId[]]),
  memberId: z.number().int().nullable(),
  /** The chapter a chapter admin acts for, or a member's own chapter. */
  chapterId: z.number().int().nullable(),
  notifyByEmail: z.boolean(),
});
export type Me = z.infer<typeof MeSchema>;

/** A chapter as a member record names it. */
export const ChapterRefSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  region: z.string(),
});
export type ChapterRef = z.infer<typeof ChapterRefSchema>;

/** `GET /api/chapters`: one chapter of the list. */
export const ChapterListItemSchema = ChapterRefSchema.extend({ city: z.string(), state: z.string() });
export type ChapterListItem = z.infer<typeof ChapterListItemSchema>;

/** `GET /api/chapters/{id}`. */
export const ChapterRecordSchema = ChapterListItemSchema.extend({
  address: z.string().nullable(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  /** Members of the chapter (issue 10: Chapter Detail). */
  memberCount: z.number().int().min(0).optional(),
  /** The office bearers whose term covers today (Chapter Detail). */
  officeBearers: z
    .array(z.object({ name: z.string(), position: z.string(), photoUrl: z.string().nullable() }))
    .optional(),
});
export type ChapterRecord = z.infer<typeof ChapterRecordSchema>;

/** A chapter's own fields, as every chapter answer gives them (record, directory, staff list). */
export type ChapterFields = Omit<ChapterRecord, 'memberCount' | 'officeBearers'>;

/** One chapter of the public directory (`/chapters`): its fields and its current office bearers. */
export type DirectoryChapter = ChapterFields & { officeBearers: { name: string; position: string }[] };

/** `GET /api/members/{id}` and `GET /api/members/me`. */
export const MemberRecordSchema = z.object({
  id: z.number().int(),
  memberNumber: z.string(),
  membershipClass: z.string(),
  /** Derived from the last year paid and today's date in Kolkata (src/lib/member-status.ts). */
  status: z.enum(MEMBER_STATUSES),
  /** Start year of the last financial year paid (2026 = 2026-27), null when none is. */
  paidThroughYear: z.number().int().nullable(),
  chapter: ChapterRefSchema,
  title: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pincode: z.string().nullable(),
  qualification: z.string().nullable(),
  organisation: z.string().nullable(),
  designation: z.string().nullable(),
  experienceYears: z.number().nullable(),
  admittedOn: z.string(),
});
export type MemberRecord = z.infer<typeof MemberRecordSchema>;

/** An API token and the moment it expires (the session's end). */
export const IssuedTokenSchema = z.object({ token: z.string(), expiresAt: z.string() });
