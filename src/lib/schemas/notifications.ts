import { z } from 'zod';
import {
  NOTIFICATION_LINK_MAX,
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_PAGE_SIZE_DEFAULT,
  NOTIFICATION_PAGE_SIZE_MAX,
  NOTIFICATION_SEARCH_MAX,
  NOTIFICATION_TITLE_MAX,
} from '../constants';
import { LINK_RULE_MESSAGE, safeLink } from '../links';
import { multiLineText, singleLineText } from './text';
import { pagingQuery, queryBoolean, sortQuery } from './common';

/** A notice as the caller's list returns it (GET /api/notifications). */
export const NotificationItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof NotificationItemSchema>;

export const AUDIENCE_TYPES = ['all', 'chapter', 'member', 'role'] as const;
export type AudienceType = (typeof AUDIENCE_TYPES)[number];

/** A notice in the super admin's history (GET /api/admin/notifications). */
export const SentNotificationItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  audience: z.object({ type: z.enum(AUDIENCE_TYPES), id: z.string().nullable(), label: z.string() }),
  sender: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
  recipientCount: z.number().int(),
  readCount: z.number().int(),
});
export type SentNotificationItem = z.infer<typeof SentNotificationItemSchema>;

/** The columns the history can be ordered by (`?sort=title`, `?sort=-createdAt`). */
export const SENT_SORT_FIELDS = ['createdAt', 'title', 'recipientCount'] as const;
export type SentSortField = (typeof SENT_SORT_FIELDS)[number];

/** The history's filters and order, shared by the list, its CSV export and the screen's address. */
const sentFilters = z.object({
  audience: z
    .enum(AUDIENCE_TYPES, { errorMap: () => ({ message: 'Choose all, chapter, member or role.' }) })
    .optional(),
  q: z.string().trim().max(NOTIFICATION_SEARCH_MAX, `Use at most ${NOTIFICATION_SEARCH_MAX} characters.`).optional(),
});

/** `GET /api/admin/notifications/export.csv`: the history's filters and order, every page. */
export const SentExportQuery = sentFilters.merge(sortQuery(SENT_SORT_FIELDS, '-createdAt')).strict();

/** `GET /api/admin/notifications`: one page of the history. */
export const SentHistoryQuery = pagingQuery(NOTIFICATION_PAGE_SIZE_MAX, NOTIFICATION_PAGE_SIZE_DEFAULT)
  .merge(SentExportQuery)
  .strict();
export type SentFiltersInput = z.output<typeof SentExportQuery>;

/** `GET /api/notifications`: the caller's notices, one page, all or unread only. */
export const MyNotificationsQuery = pagingQuery(NOTIFICATION_PAGE_SIZE_MAX, NOTIFICATION_PAGE_SIZE_DEFAULT)
  .extend({ unread: queryBoolean })
  .strict();

/** `POST /api/admin/notifications`, and the composer's form. */
export const SendNotificationBody = z
  .object({
    title: singleLineText(z.string().trim().min(1, 'Enter a title.').max(NOTIFICATION_TITLE_MAX)),
    message: multiLineText(z.string().trim().min(1, 'Enter a message.').max(NOTIFICATION_MESSAGE_MAX)),
    link: z
      .string()
      .trim()
      .max(NOTIFICATION_LINK_MAX)
      .refine((v) => v === '' || safeLink(v) !== null, LINK_RULE_MESSAGE)
      .optional()
      .nullable(),
    audience: z
      .object({
        type: z.enum(AUDIENCE_TYPES),
        id: z.union([z.string().trim().max(320), z.number().int()]).optional(),
      })
      .strict()
      .refine((a) => a.type === 'all' || (a.id !== undefined && String(a.id) !== ''), {
        message: 'Choose who receives it.',
        path: ['id'],
      }),
  })
  .strict();
export type SendNotificationInput = z.input<typeof SendNotificationBody>;
export type SendNotification = z.output<typeof SendNotificationBody>;
