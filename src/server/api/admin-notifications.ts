import { Hono } from 'hono';
import { z } from 'zod';
import {
  NOTIFICATION_LINK_MAX,
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_PAGE_SIZE_DEFAULT,
  NOTIFICATION_PAGE_SIZE_MAX,
  NOTIFICATION_TITLE_MAX,
} from '../../lib/constants';
import { ROLE } from '../../lib/roles';
import { requireRole } from '../auth/authorize';
import { AudienceError, listSent, sendNotification, type Recipient } from '../services/notifications';
import type { ApiDeps, AppEnv } from './context';
import { validationError } from './errors';
import { parseJsonBody, parseQuery } from './validation';

/** Sending notices and their history: the super admin only (DESIGN.md section 3). */
const SendBody = z
  .object({
    title: z.string().trim().min(1, 'Enter a title.').max(NOTIFICATION_TITLE_MAX),
    message: z.string().trim().min(1, 'Enter a message.').max(NOTIFICATION_MESSAGE_MAX),
    link: z
      .string()
      .trim()
      .max(NOTIFICATION_LINK_MAX)
      .refine(
        (v) => v === '' || (v.startsWith('/') && !v.startsWith('//')) || /^https?:\/\/[^\s]+$/i.test(v),
        'Use a site path starting with / or an http(s) address.',
      )
      .optional()
      .nullable(),
    audience: z
      .object({
        type: z.enum(['all', 'chapter', 'member', 'role']),
        id: z.union([z.string().trim().max(320), z.number().int()]).optional(),
      })
      .strict()
      .refine((a) => a.type === 'all' || (a.id !== undefined && String(a.id) !== ''), {
        message: 'Choose who receives it.',
        path: ['id'],
      }),
  })
  .strict();

const HistoryQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_SIZE_MAX).default(NOTIFICATION_PAGE_SIZE_DEFAULT),
  })
  .strict();

function emailCopies(
  deps: ApiDeps,
  recipients: Recipient[],
  notice: { title: string; message: string; link: string | null },
) {
  const link = notice.link ? (notice.link.startsWith('/') ? `${deps.siteUrl}${notice.link}` : notice.link) : null;
  const text = [
    notice.message,
    '',
    ...(link ? [link, ''] : []),
    `All your notifications: ${deps.siteUrl}/member/notifications`,
    'You receive this copy because you asked for e-mail copies of notifications in your profile.',
  ].join('\n');
  return async () => {
    for (const recipient of recipients) {
      try {
        await deps.mailer.send({ to: recipient.email, subject: `NIPM: ${notice.title}`, text });
      } catch (error) {
        // One bad address must not cost the others their copy; the notice itself is already delivered.
        console.error('[notifications] e-mail copy failed', recipient.id, error);
      }
    }
  };
}

export const adminNotificationsRouter = new Hono<AppEnv>()
  .post('/', async (c) => {
    const sender = await requireRole(c, ROLE.superAdmin);
    const body = await parseJsonBody(c, SendBody);
    const deps = c.var.deps;
    const notice = { title: body.title, message: body.message, link: body.link || null };
    try {
      const sent = await sendNotification(
        deps.db,
        {
          senderId: sender.id,
          ...notice,
          audience: {
            type: body.audience.type,
            id: body.audience.id === undefined ? undefined : String(body.audience.id),
          },
        },
        deps.now(),
      );
      if (sent.emailRecipients.length) deps.defer(emailCopies(deps, sent.emailRecipients, notice));
      return c.json({ success: true as const, data: { id: sent.id, recipients: sent.recipientCount } }, 201);
    } catch (error) {
      if (error instanceof AudienceError) throw validationError({ 'audience.id': error.message });
      throw error;
    }
  })
  .get('/', async (c) => {
    await requireRole(c, ROLE.superAdmin);
    const query = parseQuery(c, HistoryQuery);
    return c.json({ success: true as const, data: await listSent(c.var.deps.db, query) });
  });
