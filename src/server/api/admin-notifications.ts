import { z } from '@hono/zod-openapi';
import {
  NOTIFICATION_LINK_MAX,
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_PAGE_SIZE_DEFAULT,
  NOTIFICATION_PAGE_SIZE_MAX,
  NOTIFICATION_TITLE_MAX,
} from '../../lib/constants';
import { LINK_RULE_MESSAGE, safeLink } from '../../lib/links';
import { ROLE } from '../../lib/roles';
import { pagedSchema, pagingQuery } from '../../lib/schemas/common';
import { AUDIENCE_TYPES, SentNotificationItemSchema } from '../../lib/schemas/notifications';
import { multiLineText, singleLineText } from '../../lib/schemas/text';
import { AudienceError, listSent, sendNotification, type Recipient } from '../services/notifications';
import type { ApiDeps } from './context';
import { validationError } from './errors';
import { apiRoute, caller, createRouter, respond, rolesOnly } from './openapi';

/** Sending notices and their history: the super admin only (DESIGN.md section 3). */
const tags = ['Notifications (staff)'];

const SendBody = z
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

const sendRoute = apiRoute({
  method: 'post',
  path: '/',
  summary: 'Sends a notice to all, a chapter, a member or a role',
  tags,
  access: rolesOnly(ROLE.superAdmin),
  request: { body: { content: { 'application/json': { schema: SendBody } } } },
  data: z.object({ id: z.number().int(), recipients: z.number().int() }),
  status: 201,
});

const historyRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'What was sent, newest first, with read counts',
  tags,
  access: rolesOnly(ROLE.superAdmin),
  request: { query: pagingQuery(NOTIFICATION_PAGE_SIZE_MAX, NOTIFICATION_PAGE_SIZE_DEFAULT).strict() },
  data: pagedSchema(SentNotificationItemSchema),
});

export const adminNotificationsRouter = createRouter()
  .openapi(sendRoute, async (c) => {
    const body = c.req.valid('json');
    const deps = c.var.deps;
    const notice = { title: body.title, message: body.message, link: body.link || null };
    try {
      const sent = await sendNotification(
        deps.db,
        {
          senderId: caller(c).id,
          ...notice,
          audience: {
            type: body.audience.type,
            id: body.audience.id === undefined ? undefined : String(body.audience.id),
          },
        },
        deps.now(),
      );
      if (sent.emailRecipients.length) deps.defer(emailCopies(deps, sent.emailRecipients, notice));
      return respond(c, { id: sent.id, recipients: sent.recipientCount }, 201);
    } catch (error) {
      if (error instanceof AudienceError) throw validationError({ 'audience.id': error.message });
      throw error;
    }
  })
  .openapi(historyRoute, async (c) => respond(c, await listSent(c.var.deps.db, c.req.valid('query'))));
