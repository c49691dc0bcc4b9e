import { z } from '@hono/zod-openapi';
import { MEMBERSHIP_CLASS_CODES } from '../../../lib/membership-classes';
import { APPLICATION_STATES, MEMBER_NUMBER_PATTERN } from '../../../lib/schemas/membership';
import { giveGuardianConsent, guardianRequest } from '../../domains/joining/guardian';
import { checkProposerNumber } from '../../domains/joining/proposers';
import { clientAddress } from '../context';
import { ANYONE, apiRoute, createRouter, jsonBody, respond } from '../openapi';

/**
 * The applicant's side routes beside the form: a proposer's number checked as it is typed, and the
 * guardian's consent for an applicant under 18 (the link e-mailed to the guardian is the key).
 */
const tags = ['Membership (applicants)'];

const GuardianToken = z.object({ token: z.string().min(10, 'Use the link from the e-mail.').max(100) }).strict();

const GuardianRequestSchema = z.object({
  reference: z.string(),
  applicantName: z.string(),
  classCode: z.enum(MEMBERSHIP_CLASS_CODES),
  chapter: z.string(),
  guardianName: z.string(),
  state: z.enum(APPLICATION_STATES),
  givenAt: z.string().nullable(),
  noticeVersion: z.number().int(),
});

const proposerCheckRoute = apiRoute({
  method: 'get',
  path: '/proposer-check',
  summary: 'Whether a member number may propose or second an application (checked as the applicant types it)',
  tags,
  access: ANYONE,
  request: {
    query: z
      .object({
        number: z.string().trim().regex(MEMBER_NUMBER_PATTERN, 'Enter a member number such as NIPM/KOL/00012.'),
        role: z.enum(['proposer', 'seconder'], { errorMap: () => ({ message: 'Say proposer or seconder.' }) }),
        email: z.string().trim().toLowerCase().email('Enter a valid e-mail address.').max(320).optional(),
      })
      .strict(),
  },
  data: z.object({ valid: z.boolean(), message: z.string().nullable() }),
  errors: [429],
});

const guardianRoute = apiRoute({
  method: 'get',
  path: '/guardian',
  summary: 'The application a guardian’s link opens: who applied, for what, and whether consent is given',
  tags,
  access: ANYONE,
  request: { query: GuardianToken },
  data: GuardianRequestSchema,
  errors: [404, 409],
});

const guardianConsentRoute = apiRoute({
  method: 'post',
  path: '/guardian/consent',
  summary: 'The parent or guardian consents: the application of an applicant under 18 goes on',
  tags,
  access: ANYONE,
  request: {
    query: GuardianToken,
    body: jsonBody(
      z
        .object({
          consent: z.literal(true, { errorMap: () => ({ message: 'Tick the box to give your consent.' }) }),
        })
        .strict(),
    ),
  },
  data: GuardianRequestSchema,
  errors: [404, 409],
});

export const applicantChecksRouter = createRouter()
  .openapi(proposerCheckRoute, async (c) => {
    const deps = c.var.deps;
    return respond(
      c,
      await checkProposerNumber(deps.db, c.req.valid('query'), { now: deps.now(), ip: clientAddress(c) }),
    );
  })
  .openapi(guardianRoute, async (c) => respond(c, await guardianRequest(c.var.deps.db, c.req.valid('query').token)))
  .openapi(guardianConsentRoute, async (c) => {
    const deps = c.var.deps;
    const { view, mail } = await giveGuardianConsent(deps.db, c.req.valid('query').token, {
      now: deps.now(),
      ip: clientAddress(c),
      siteUrl: deps.siteUrl,
    });
    if (mail)
      deps.defer(async () => {
        try {
          await deps.mailer.send(mail);
        } catch (error) {
          // The consent is recorded either way; the applicant sees it on their page.
          console.error('[membership] e-mail failed', mail.subject, error);
        }
      });
    return respond(c, view);
  });
