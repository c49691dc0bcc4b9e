import { z } from '@hono/zod-openapi';
import { ROLE } from '../../../lib/roles';
import { IdParam, pagedSchema } from '../../../lib/schemas/common';
import {
  DeskAnswerBody,
  DeskNoteBody,
  PrivacySettingsPatchSchema,
  PrivacySettingsSchema,
} from '../../../lib/schemas/privacy';
import { DeskNoteOnlyBody, DeskQueueQuery, DeskRequestSchema } from '../../../lib/schemas/privacy-desk';
import { deskQueue } from '../../domains/privacy/desk';
import { actOnRequest, type DeskAction } from '../../domains/privacy/requests';
import { readPrivacySettings } from '../../domains/privacy/settings';
import { updatePrivacySettings } from '../../domains/privacy/settings-admin';
import { clientAddress, type AppContext } from '../context';
import { apiRoute, caller, createRouter, jsonBody, respond, rolesOnly } from '../openapi';
import { outboxDir } from './me-privacy';

const tags = ['Privacy'];
export const DESK = rolesOnly(ROLE.superAdmin, ROLE.admin);

const queueRoute = apiRoute({
  method: 'get',
  path: '/privacy/requests',
  summary: 'The privacy desk’s queue: requests with their deadlines (90 days) and history, nearest deadline first',
  tags,
  access: DESK,
  request: { query: DeskQueueQuery },
  data: pagedSchema(DeskRequestSchema),
});

const noteRoute = apiRoute({
  method: 'post',
  path: '/privacy/requests/{id}/note',
  summary: 'Adds a staff note to a request’s history (the request stays as it is)',
  tags,
  access: DESK,
  request: { params: IdParam, body: jsonBody(DeskNoteOnlyBody) },
  data: z.object({ done: z.literal(true) }),
  errors: [404],
});

const decisionRoute = (action: 'approve' | 'reject') =>
  apiRoute({
    method: 'post',
    path: `/privacy/requests/{id}/${action}`,
    summary:
      action === 'approve'
        ? 'Approves a request; an erasure is carried out at once'
        : 'Rejects a request with a note the person reads',
    tags,
    access: DESK,
    request: { params: IdParam, body: jsonBody(DeskNoteBody) },
    data: z.object({ done: z.literal(true) }),
    errors: [404, 409],
  });

const answerRoute = apiRoute({
  method: 'post',
  path: '/privacy/requests/{id}/answer',
  summary: 'Answers a grievance (or any request) and closes it',
  tags,
  access: DESK,
  request: { params: IdParam, body: jsonBody(DeskAnswerBody) },
  data: z.object({ done: z.literal(true) }),
  errors: [404, 409],
});

const settingsRoute = apiRoute({
  method: 'get',
  path: '/settings/privacy',
  summary: 'The grievance officer and the retention periods in force',
  tags,
  access: rolesOnly(ROLE.superAdmin),
  data: PrivacySettingsSchema,
});

const settingsPatchRoute = apiRoute({
  method: 'patch',
  path: '/settings/privacy',
  summary: 'Names the grievance officer and sets the retention periods (logs at least 365 days)',
  tags,
  access: rolesOnly(ROLE.superAdmin),
  request: { body: jsonBody(PrivacySettingsPatchSchema) },
  data: PrivacySettingsSchema,
});

async function act(c: AppContext, id: number, action: DeskAction, note: string) {
  const { db, storage, now } = c.var.deps;
  await actOnRequest(db, { store: storage, outboxDir: outboxDir() }, id, action, note, {
    now: now(),
    actorUserId: caller(c).id,
    ip: clientAddress(c),
  });
  return respond(c, { done: true as const });
}

export const adminPrivacyRouter = createRouter()
  .openapi(queueRoute, async (c) => {
    const query = c.req.valid('query');
    const { items, total } = await deskQueue(c.var.deps.db, query, c.var.deps.now());
    return respond(c, { items, total, page: query.page, pageSize: query.pageSize });
  })
  .openapi(noteRoute, async (c) => act(c, c.req.valid('param').id, 'note', c.req.valid('json').note))
  .openapi(decisionRoute('approve'), async (c) => act(c, c.req.valid('param').id, 'approve', c.req.valid('json').note))
  .openapi(decisionRoute('reject'), async (c) => act(c, c.req.valid('param').id, 'reject', c.req.valid('json').note))
  .openapi(answerRoute, async (c) => act(c, c.req.valid('param').id, 'answer', c.req.valid('json').message))
  .openapi(settingsRoute, async (c) => respond(c, await readPrivacySettings(c.var.deps.db)))
  .openapi(settingsPatchRoute, async (c) =>
    respond(c, await updatePrivacySettings(c.var.deps.db, caller(c).id, c.req.valid('json'), c.var.deps.now())),
  );
