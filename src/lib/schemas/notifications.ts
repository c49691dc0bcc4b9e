import { z } from 'zod';

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
