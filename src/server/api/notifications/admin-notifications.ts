import { z } from '@hono/zod-openapi';
import { kolkataDate } from '../../../lib/financial-year';
import type { SentNotificationItem } from '../../../lib/notifications';
import { ROLE } from '../../../lib/roles';
import { pagedSchema } from '../../../lib/schemas/common';
import {
  SendNotificationBody,
  SentExportQuery,
  SentHistoryQuery,
  SentNotificationItemSchema,
} from '../../../lib/schemas/notifications';
import { exportSent, listSent } from '../../domains/notifications/history';
import { AudienceError, sendNotification, type Recipient } from '../../domains/notifications/notifications';
import type { ApiDeps } from '../context';
import { csvResponse, csvRoute, type CsvColumn } from '../csv';
import { invalid } from '../../domains/errors';
import { apiRoute, caller, createRouter, jsonBody, respond, rolesOnly } from '../openapi';

/** Sending notices and their history: the super admin only (docs/architecture.md, "Roles"). */
const tags = ['Notifications (staff)'];

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
  request: { body: jsonBody(SendNotificationBody) },
  data: z.object({ id: z.number().int(), recipients: z.number().int() }),
  status: 201,
});

const historyRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'What was sent, newest first, with read counts',
  tags,
  access: rolesOnly(ROLE.superAdmin),
  request: { query: SentHistoryQuery },
  data: pagedSchema(SentNotificationItemSchema),
});

const exportRoute = csvRoute({
  path: '/export.csv',
  summary: 'What was sent, as CSV: the history’s filters and order, every row',
  tags,
  access: rolesOnly(ROLE.superAdmin),
  request: { query: SentExportQuery },
});

const EXPORT_COLUMNS: CsvColumn<SentNotificationItem>[] = [
  { header: 'Sent at', value: (n) => n.createdAt },
  { header: 'Title', value: (n) => n.title },
  { header: 'Message', value: (n) => n.message },
  { header: 'Link', value: (n) => n.link },
  { header: 'To', value: (n) => n.audience.label },
  { header: 'Sent by', value: (n) => n.sender?.name },
  { header: 'Recipients', value: (n) => n.recipientCount },
  { header: 'Read', value: (n) => n.readCount },
];

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
      if (error instanceof AudienceError) throw invalid({ 'audience.id': error.message });
      throw error;
    }
  })
  .openapi(historyRoute, async (c) => respond(c, await listSent(c.var.deps.db, c.req.valid('query'))))
  .openapi(exportRoute, async (c) => {
    const deps = c.var.deps;
    const rows = exportSent(deps.db, c.req.valid('query'));
    return csvResponse(c, `notifications-${kolkataDate(deps.now())}`, EXPORT_COLUMNS, rows);
  });
