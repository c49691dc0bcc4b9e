import path from 'node:path';
import { z } from '@hono/zod-openapi';
import {
  ExportStateSchema,
  NomineeBody,
  OwnPrivacySchema,
  PrivacyRequestBody,
  OPTIONAL_PURPOSES,
} from '../../../lib/schemas/privacy';
import { giveConsent, withdrawConsent } from '../../domains/privacy/consents';
import { exportState, readyExport, requestExport, runExportJob } from '../../domains/privacy/export';
import { ownPrivacy, setNominee } from '../../domains/privacy/own';
import { gatherPersonKeys } from '../../domains/privacy/person';
import { createRequest } from '../../domains/privacy/requests';
import { notFound } from '../../domains/errors';
import { env } from '../../platform/env';
import { clientAddress } from '../context';
import { apiRoute, caller, createRouter, jsonBody, respond, SIGNED_IN } from '../openapi';

const tags = ['Privacy'];

/** Where development and test mail lands: erasure removes the person's messages from it. */
export function outboxDir(): string | undefined {
  const config = env();
  return config.SMTP_URL ? undefined : path.join(config.DATA_DIR, 'outbox');
}

const ownRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'The caller’s consents, privacy requests (with deadlines and history), nominee and the notice version',
  tags,
  access: SIGNED_IN,
  data: OwnPrivacySchema,
});

const exportRoute = apiRoute({
  method: 'post',
  path: '/export',
  summary: 'Starts preparing a ZIP of everything the institute holds about the caller (JSON and original files)',
  tags,
  access: SIGNED_IN,
  data: z.object({ state: z.literal('pending') }),
  status: 202,
});

const exportStateRoute = apiRoute({
  method: 'get',
  path: '/export',
  summary: 'The state of the caller’s latest export, with the download address once ready',
  tags,
  access: SIGNED_IN,
  data: ExportStateSchema,
});

const exportFileRoute = apiRoute({
  method: 'get',
  path: '/export/file',
  summary: 'The caller’s prepared export as a ZIP',
  tags,
  access: SIGNED_IN,
  data: z.string(),
  produces: 'application/zip',
  errors: [404],
});

const requestRoute = apiRoute({
  method: 'post',
  path: '/requests',
  summary: 'Asks for a correction or erasure, or raises a grievance (answered within 90 days)',
  tags,
  access: SIGNED_IN,
  request: { body: jsonBody(PrivacyRequestBody) },
  data: z.object({ id: z.number().int(), dueAt: z.string() }),
  status: 201,
});

const nomineeRoute = apiRoute({
  method: 'put',
  path: '/nominee',
  summary: 'Names the person who may exercise the caller’s rights on their death or incapacity',
  tags,
  access: SIGNED_IN,
  request: { body: jsonBody(NomineeBody) },
  data: z.object({ saved: z.literal(true) }),
});

const withdrawRoute = apiRoute({
  method: 'delete',
  path: '/consents/{purpose}',
  summary: 'Withdraws an optional consent (the newsletter) at once',
  tags,
  access: SIGNED_IN,
  request: { params: z.object({ purpose: z.enum(OPTIONAL_PURPOSES) }) },
  data: z.object({ withdrawn: z.number().int() }),
});

const giveRoute = apiRoute({
  method: 'post',
  path: '/consents/{purpose}',
  summary:
    'Gives an optional consent (the newsletter) under the current notice; given: false when one is in force already',
  tags,
  access: SIGNED_IN,
  request: { params: z.object({ purpose: z.enum(OPTIONAL_PURPOSES) }) },
  data: z.object({ given: z.boolean() }),
  errors: [403],
});

export const mePrivacyRouter = createRouter()
  .openapi(ownRoute, async (c) => respond(c, await ownPrivacy(c.var.deps.db, caller(c).id, c.var.deps.now())))
  .openapi(exportRoute, async (c) => {
    const { db, storage, now, defer } = c.var.deps;
    const job = await requestExport(db, caller(c).id, now());
    if (job.start) defer(() => runExportJob(db, storage, job.id, now));
    return respond(c, { state: 'pending' as const }, 202);
  })
  .openapi(exportStateRoute, async (c) => {
    const latest = await exportState(c.var.deps.db, caller(c).id);
    const url = latest.state === 'ready' ? '/api/me/privacy/export/file' : undefined;
    return respond(c, { state: latest.state, ...(url ? { url } : {}) });
  })
  .openapi(exportFileRoute, async (c) => {
    const zip = await readyExport(c.var.deps.db, c.var.deps.storage, caller(c).id);
    if (!zip) throw notFound('No export is ready: prepare one first.');
    c.header('Content-Type', 'application/zip');
    c.header('Content-Disposition', 'attachment; filename="nipm-my-data.zip"');
    c.header('Cache-Control', 'private, no-store');
    return c.body(zip as Uint8Array<ArrayBuffer>, 200);
  })
  .openapi(requestRoute, async (c) => {
    const user = caller(c);
    const body = c.req.valid('json');
    const created = await createRequest(
      c.var.deps.db,
      { email: user.email, userId: user.id, memberId: user.memberId ?? undefined },
      body,
      { now: c.var.deps.now(), ip: clientAddress(c), actorUserId: user.id },
    );
    return respond(c, created, 201);
  })
  .openapi(nomineeRoute, async (c) => {
    await setNominee(c.var.deps.db, caller(c).id, c.req.valid('json'), {
      now: c.var.deps.now(),
      ip: clientAddress(c),
    });
    return respond(c, { saved: true as const });
  })
  .openapi(giveRoute, async (c) => {
    const user = caller(c);
    const answer = await giveConsent(
      c.var.deps.db,
      { userId: user.id, email: user.email, memberId: user.memberId ?? null },
      c.req.valid('param').purpose,
      { now: c.var.deps.now(), ip: clientAddress(c), method: 'portal', actorUserId: user.id },
    );
    return respond(c, answer);
  })
  .openapi(withdrawRoute, async (c) => {
    const user = caller(c);
    const keys = await gatherPersonKeys(c.var.deps.db, { userId: user.id });
    const withdrawn = await withdrawConsent(
      c.var.deps.db,
      { userId: user.id, emails: keys.emails },
      c.req.valid('param').purpose,
      {
        now: c.var.deps.now(),
        ip: clientAddress(c),
        method: 'portal',
        actorUserId: user.id,
      },
    );
    return respond(c, { withdrawn });
  });
