import { z } from 'zod';
import { isCalendarDay } from '../financial-year';
import { LINK_RULE_MESSAGE, safeLink } from '../links';
import { ROLE_IDS, type RoleId } from '../roles';
import { isoDate, MAX_RECORD_ID, pagingQuery, sortQuery } from './common';
import { singleLineText } from './text';

/**
 * Issue 11's shapes, shared by the admin screens' forms and the API: chapters and their office
 * bearers, staff accounts, the activity log and the scroll ticker. Client-safe (plain zod).
 */

export const REGIONS = ['East', 'West', 'North', 'South'] as const;
export type Region = (typeof REGIONS)[number];

/** A trimmed single line of at most `max` characters (typed as the string it is: `refine` loses that). */
const line = (max: number, required?: string): z.ZodType<string, z.ZodTypeDef, string> =>
  singleLineText(required ? z.string().trim().min(1, required).max(max) : z.string().trim().max(max));
const optionalLine = (max: number) => line(max).nullable().optional();

/** A real calendar day written YYYY-MM-DD. */
export const calendarDay = isoDate.refine(isCalendarDay, 'Use a real date written YYYY-MM-DD.');

const email = z.string().trim().toLowerCase().max(320).email('Enter an e-mail address.');
const phone = z
  .string()
  .trim()
  .max(30)
  .regex(/^[+0-9 ()-]*$/, 'Use digits, spaces, +, - and brackets only.');

/** Chapter codes appear in member numbers (`NIPM/{code}/00001`): short, upper case, no slash. */
export const CHAPTER_CODE_PATTERN = /^[A-Z][A-Z0-9]{1,9}$/;

/** The contacts a chapter admin may edit for their own chapter. */
export const ChapterContactsInput = z.object({
  address: line(500).nullable().optional(),
  contactName: optionalLine(200),
  contactEmail: email
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  contactPhone: phone.nullable().optional(),
});

/** `POST /api/admin/chapters` (super admin). */
export const ChapterCreateInput = ChapterContactsInput.extend({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(CHAPTER_CODE_PATTERN, 'Use 2 to 10 letters or digits, starting with a letter.'),
  name: line(200, 'Enter the chapter’s name.'),
  region: z.enum(REGIONS, { errorMap: () => ({ message: 'Choose East, West, North or South.' }) }),
  city: line(100, 'Enter the city.'),
  state: line(100, 'Enter the state.'),
  active: z.boolean().optional(),
}).strict();
export type ChapterCreate = z.infer<typeof ChapterCreateInput>;

/** `PATCH /api/admin/chapters/{id}`: a chapter admin may send only the contact fields. The code never changes. */
export const ChapterUpdateInput = ChapterCreateInput.omit({ code: true }).partial().strict();
export type ChapterUpdate = z.infer<typeof ChapterUpdateInput>;
export const CHAPTER_CONTACT_FIELDS = ['address', 'contactName', 'contactEmail', 'contactPhone'] as const;

export const OfficeBearerSchema = z.object({
  id: z.number().int(),
  chapterId: z.number().int(),
  name: z.string(),
  position: z.string(),
  termFrom: z.string(),
  termTo: z.string().nullable(),
  /** Where the photo is served, when there is one. */
  photoUrl: z.string().nullable(),
  current: z.boolean(),
});
export type OfficeBearer = z.infer<typeof OfficeBearerSchema>;

export const OfficeBearerInput = z
  .object({
    name: line(200, 'Enter the name.'),
    position: line(100, 'Enter the position, such as Chairman or Secretary.'),
    termFrom: calendarDay,
    termTo: calendarDay.nullable().optional(),
  })
  .strict()
  .refine((b) => !b.termTo || b.termTo >= b.termFrom, {
    message: 'The term cannot end before it starts.',
    path: ['termTo'],
  });
export const OfficeBearerUpdateInput = z
  .object({
    name: line(200, 'Enter the name.'),
    position: line(100, 'Enter the position.'),
    termFrom: calendarDay,
    termTo: calendarDay.nullable(),
  })
  .partial()
  .strict();

export const AdminChapterSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  region: z.enum(REGIONS),
  city: z.string(),
  state: z.string(),
  address: z.string().nullable(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  active: z.boolean(),
  memberCount: z.number().int(),
});
export type AdminChapter = z.infer<typeof AdminChapterSchema>;

export const AdminChapterDetailSchema = AdminChapterSchema.extend({
  officeBearers: z.array(OfficeBearerSchema),
});
export type AdminChapterDetail = z.infer<typeof AdminChapterDetailSchema>;

const chapterFilters = z.object({
  q: z.string().trim().max(100).optional(),
  region: z.enum(REGIONS).optional(),
  active: z.enum(['true', 'false']).optional(),
});
export const CHAPTER_SORT_FIELDS = ['region', 'code', 'name', 'city'] as const;
/** `GET /api/admin/chapters/export.csv`: the list's filters and order, every row. */
export const ChapterExportQuery = chapterFilters.merge(sortQuery(CHAPTER_SORT_FIELDS, 'region')).strict();
/** `GET /api/admin/chapters`: one page. */
export const ChapterListQuery = pagingQuery(100, 20).merge(ChapterExportQuery).strict();

/* Staff accounts */

const roleId = z.enum(ROLE_IDS as [RoleId, ...RoleId[]]);
export const STAFF_ROLE_IDS = ['2', '3', '4', '5'] as const;
const staffRoleId = z.enum(STAFF_ROLE_IDS, { errorMap: () => ({ message: 'Choose a staff role (2 to 5).' }) });

export const UserInviteInput = z
  .object({
    name: line(200, 'Enter the name.'),
    email,
    roleId: staffRoleId,
    chapterId: z.number().int().positive().max(MAX_RECORD_ID).nullable().optional(),
  })
  .strict()
  .refine((u) => u.roleId !== '4' || Boolean(u.chapterId), {
    message: 'A chapter admin needs a chapter.',
    path: ['chapterId'],
  });
export type UserInvite = z.infer<typeof UserInviteInput>;

export const UserUpdateInput = z
  .object({
    roleId: staffRoleId.optional(),
    chapterId: z.number().int().positive().max(MAX_RECORD_ID).nullable().optional(),
    active: z.boolean().optional(),
    /** Sends the user a new set-password link. */
    sendResetLink: z.literal(true).optional(),
  })
  .strict()
  .refine((u) => Object.keys(u).length > 0, { message: 'Nothing to change.', path: ['roleId'] });
export type UserUpdate = z.infer<typeof UserUpdateInput>;

export const AdminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roleId,
  chapter: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
  memberId: z.number().int().nullable(),
  active: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

const userFilters = z.object({
  q: z.string().trim().max(100).optional(),
  roleId: roleId.optional(),
  chapterId: z
    .string()
    .regex(/^\d{1,9}$/, 'Use a chapter id.')
    .transform(Number)
    .optional(),
  active: z.enum(['true', 'false']).optional(),
});
export const USER_SORT_FIELDS = ['name', 'email', 'role', 'lastLogin'] as const;
/** `GET /api/admin/users/export.csv`. */
export const UserExportQuery = userFilters.merge(sortQuery(USER_SORT_FIELDS, 'name')).strict();
/** `GET /api/admin/users`. */
export const UserListQuery = pagingQuery(100, 20).merge(UserExportQuery).strict();

/* Activity log */

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  entity: z.string().nullable(),
  entityId: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.record(z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** `GET /api/admin/audit/export.csv`: the log's filters (always newest first). */
export const AuditExportQuery = z
  .object({
    userId: z
      .string()
      .regex(/^\d{1,9}$/, 'Use a user id.')
      .transform(Number)
      .optional(),
    /** Part of the acting user's name or e-mail, ignoring case. */
    user: z.string().trim().max(100, 'Use at most 100 characters.').optional(),
    /** An exact action, or a family ending with a dot (`auth.`). */
    action: z.string().trim().max(60).optional(),
    /** `user:12`, `chapter:3` or just `chapter`. */
    record: z
      .string()
      .trim()
      .max(80)
      .regex(/^[a-z_]+(:[\w-]+)?$/, 'Use a record such as chapter:3.')
      .optional(),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
  })
  .strict();
/** `GET /api/admin/audit`. */
export const AuditQuery = pagingQuery(100, 50).merge(AuditExportQuery).strict();

/* Scroll ticker */

export const SCROLL_TEXT_MAX = 300;

const scrollMessageFields = {
  text: line(SCROLL_TEXT_MAX, 'Enter the message.'),
  link: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || safeLink(v) !== null, LINK_RULE_MESSAGE)
    .nullable(),
  startsOn: calendarDay,
  endsOn: calendarDay,
  position: z.number().int().min(0).max(1000),
  active: z.boolean(),
};

export const ScrollMessageInput = z
  .object({
    ...scrollMessageFields,
    link: scrollMessageFields.link.optional(),
    position: scrollMessageFields.position.optional(),
  })
  .strict()
  .refine((m) => m.endsOn >= m.startsOn, { message: 'The end cannot be before the start.', path: ['endsOn'] });
export type ScrollMessageCreate = z.infer<typeof ScrollMessageInput>;

export const ScrollMessageUpdateInput = z.object(scrollMessageFields).partial().strict();

export const ScrollMessageSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  link: z.string().nullable(),
  startsOn: z.string(),
  endsOn: z.string(),
  position: z.number().int(),
  active: z.boolean(),
  /** Shown on the site today (active and within its dates, Asia/Kolkata). */
  current: z.boolean(),
});
export type ScrollMessage = z.infer<typeof ScrollMessageSchema>;

/** What the public ticker shows. */
export const PublicScrollMessageSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  link: z.string().nullable(),
});
export type PublicScrollMessage = z.infer<typeof PublicScrollMessageSchema>;

/** `GET /api/admin/scroll-messages`. */
export const ScrollMessageListQuery = pagingQuery(100, 20).strict();
