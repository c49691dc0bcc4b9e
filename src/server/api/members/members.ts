import { z } from '@hono/zod-openapi';
import { kolkataDate } from '../../../lib/financial-year';
import { ROLE } from '../../../lib/roles';
import { MemberRecordSchema } from '../../../lib/schemas/accounts';
import { IdParam } from '../../../lib/schemas/common';
import {
  ChangeRequestBody,
  MemberCardSchema,
  MemberPaymentSchema,
  MemberRenewalViewSchema,
  OwnChangeRequestSchema,
  RenewalPaymentBody,
  RenewalViewQuery,
  SelfMemberPatch,
} from '../../../lib/schemas/members';
import { renewalView, reportRenewal } from '../../domains/members/renewals/renewals';
import { memberCard, memberCardPdf, memberPhoto } from '../../domains/members/card';
import { storedFileResponse } from '../../platform/storage';
import { memberDetailFor, ownMemberDetail } from '../../domains/members/record';
import { ownChangeRequests, requestChange, updateOwnDetails } from '../../domains/members/self';
import { clientAddress, type AppContext } from '../context';
import { notFound } from '../../domains/errors';
import { apiRoute, caller, createRouter, jsonBody, respond, rolesOnly, SIGNED_IN } from '../openapi';

const tags = ['Members'];

const today = (c: AppContext) => kolkataDate(c.var.deps.now());

const ownRoute = apiRoute({
  method: 'get',
  path: '/me',
  summary: "The caller's own member record",
  tags,
  access: SIGNED_IN,
  data: MemberRecordSchema,
  errors: [404],
});

const ownPatchRoute = apiRoute({
  method: 'patch',
  path: '/me',
  summary:
    'The member corrects their own contact and professional details (name, date of birth, class and chapter: a change request)',
  tags,
  access: rolesOnly(ROLE.member),
  request: { body: jsonBody(SelfMemberPatch) },
  data: z.object({ changed: z.array(z.string()) }),
  errors: [404, 409],
});

const changeRequestRoute = apiRoute({
  method: 'post',
  path: '/me/change-requests',
  summary: 'The member asks staff to change their name, date of birth, class or chapter',
  tags,
  access: rolesOnly(ROLE.member),
  request: { body: jsonBody(ChangeRequestBody) },
  data: z.object({ id: z.number().int() }),
  status: 201,
  errors: [404],
});

const ownChangeRequestsRoute = apiRoute({
  method: 'get',
  path: '/me/change-requests',
  summary: 'The member’s own change requests with what staff decided (open, done, declined)',
  tags,
  access: rolesOnly(ROLE.member),
  data: z.array(OwnChangeRequestSchema),
  errors: [404],
});

const byIdRoute = apiRoute({
  method: 'get',
  path: '/{id}',
  summary: 'A member record: a member only their own, a chapter admin only their chapter’s',
  tags,
  access: rolesOnly(ROLE.member, ROLE.superAdmin, ROLE.chapterAdmin, ROLE.admin),
  request: { params: IdParam },
  data: MemberRecordSchema,
  errors: [404],
});

const renewalRoute = apiRoute({
  method: 'get',
  path: '/{id}/renewal',
  summary:
    'A member’s years (paid or not, with receipts), renewal payments and what renewing costs now (with `coupon`: after that coupon)',
  tags,
  access: rolesOnly(ROLE.member, ROLE.superAdmin, ROLE.chapterAdmin, ROLE.admin),
  request: { params: IdParam, query: RenewalViewQuery },
  data: MemberRenewalViewSchema,
  errors: [404],
});

const reportRenewalRoute = apiRoute({
  method: 'post',
  path: '/me/renewal',
  summary:
    'The member reports paying the renewal quoted now, with an optional membership coupon (the amount must be the total after it); staff verify it',
  tags,
  access: rolesOnly(ROLE.member),
  request: { body: jsonBody(RenewalPaymentBody) },
  data: MemberPaymentSchema,
  status: 201,
  errors: [404, 409],
});

const cardRoute = apiRoute({
  method: 'get',
  path: '/{id}/card',
  summary: 'The digital membership card: name, number, class, chapter, valid through, the QR target',
  tags,
  access: rolesOnly(ROLE.member, ROLE.superAdmin, ROLE.chapterAdmin, ROLE.admin),
  request: { params: IdParam },
  data: MemberCardSchema,
  errors: [404],
});

const cardPdfRoute = apiRoute({
  method: 'get',
  path: '/{id}/card.pdf',
  summary: 'The digital membership card as a PDF with its QR code',
  tags,
  access: rolesOnly(ROLE.member, ROLE.superAdmin, ROLE.chapterAdmin, ROLE.admin),
  request: { params: IdParam },
  data: z.string(),
  produces: 'application/pdf',
  errors: [404],
});

const photoRoute = apiRoute({
  method: 'get',
  path: '/{id}/photo',
  summary: 'The member’s photograph (from their application), for the card',
  tags,
  access: rolesOnly(ROLE.member, ROLE.superAdmin, ROLE.chapterAdmin, ROLE.admin),
  request: { params: IdParam },
  data: z.string(),
  produces: 'image/jpeg',
  errors: [404],
});

async function cardFor(c: AppContext, id: number) {
  const { db, now, siteUrl } = c.var.deps;
  const card = await memberCard(db, caller(c), id, kolkataDate(now()), siteUrl);
  if (!card) throw notFound('No such member.');
  return card;
}

export const membersRouter = createRouter()
  .openapi(ownRoute, async (c) => {
    const member = await ownMemberDetail(c.var.deps.db, caller(c), today(c));
    if (!member) throw notFound('You have no member record.');
    return respond(c, member);
  })
  .openapi(ownPatchRoute, async (c) => {
    const context = { now: c.var.deps.now(), ip: clientAddress(c) };
    return respond(c, await updateOwnDetails(c.var.deps.db, caller(c), c.req.valid('json'), context));
  })
  .openapi(ownChangeRequestsRoute, async (c) => respond(c, await ownChangeRequests(c.var.deps.db, caller(c))))
  .openapi(changeRequestRoute, async (c) => {
    const context = { now: c.var.deps.now(), ip: clientAddress(c) };
    return respond(c, await requestChange(c.var.deps.db, caller(c), c.req.valid('json'), context), 201);
  })
  .openapi(reportRenewalRoute, async (c) => {
    const payment = await reportRenewal(c.var.deps.db, caller(c), c.req.valid('json'), c.var.deps.now());
    return respond(c, payment, 201);
  })
  .openapi(renewalRoute, async (c) => {
    const { coupon } = c.req.valid('query');
    return respond(c, await renewalView(c.var.deps.db, caller(c), c.req.valid('param').id, c.var.deps.now(), coupon));
  })
  .openapi(cardRoute, async (c) => respond(c, await cardFor(c, c.req.valid('param').id)))
  .openapi(cardPdfRoute, async (c) => {
    const { id } = c.req.valid('param');
    const card = await cardFor(c, id);
    const pdf = await memberCardPdf(card, await memberPhoto(c.var.deps.db, c.var.deps.storage, id));
    c.header('Content-Type', 'application/pdf');
    c.header(
      'Content-Disposition',
      `attachment; filename="nipm-card-${card.memberNumber.replace(/[^A-Za-z0-9]+/g, '-')}.pdf"`,
    );
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200);
  })
  .openapi(photoRoute, async (c) => {
    const { id } = c.req.valid('param');
    await cardFor(c, id);
    const photo = await memberPhoto(c.var.deps.db, c.var.deps.storage, id);
    if (!photo) throw notFound('This member has no photograph on file.');
    return storedFileResponse(c, { ...photo, filename: 'photo.jpg', disposition: 'inline' });
  })
  .openapi(byIdRoute, async (c) => {
    const member = await memberDetailFor(c.var.deps.db, caller(c), c.req.valid('param').id, today(c));
    if (!member) throw notFound('No such member.');
    return respond(c, member);
  });
