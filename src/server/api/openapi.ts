import { createRoute, OpenAPIHono, z, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ROLE_LABELS, type RoleId } from '../../lib/roles';
import type { AuthUser } from '../domains/identity/auth-user';
import { requireRole, requireUser, type AppContext, type AppEnv } from './context';
import { unauthenticated, invalid } from '../domains/errors';
import { payloadTooLarge, unsupportedMediaType } from './errors';
import { fieldErrors } from './validation';

/**
 * Every API route is declared once with `apiRoute`: its zod schemas for path, query, body and answer,
 * who may call it, and its error answers. The declaration gives the route its validators, its
 * authorization middleware (run before any validator, so a stranger learns nothing about the body
 * rules) and its entry in the OpenAPI 3.1 document served at `/api/openapi.json`.
 */

/** Who may call a route; mirrored in the contract as `x-roles` and enforced by the route's guard. */
export type Access =
  | { kind: 'anyone' }
  | { kind: 'signed-in' }
  | { kind: 'roles'; roles: readonly RoleId[] }
  /** The handler authorizes itself (for example in one query with the data); documented like `signed-in`. */
  | { kind: 'signed-in-by-handler' };

export const ANYONE: Access = { kind: 'anyone' };
export const SIGNED_IN: Access = { kind: 'signed-in' };
export const rolesOnly = (...roles: RoleId[]): Access => ({ kind: 'roles', roles });

/** The error half of the envelope, as the contract describes it. */
export const ErrorEnvelope = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.string().openapi({ example: 'validation_failed' }),
      message: z.string(),
      fields: z.record(z.string()).optional().openapi({ description: 'One message per field, by dotted path.' }),
    }),
  })
  .openapi('ErrorEnvelope');

/** The success half of the envelope around `data`. */
export function successEnvelope<T extends z.ZodTypeAny>(data: T) {
  return z.object({ success: z.literal(true), data });
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad input: `error.fields` has a message per field.',
  401: 'No valid sign-in: missing, expired, forged or revoked token.',
  403: 'Signed in, but this role may not do this.',
  404: 'No such record, or one outside the caller’s scope.',
  405: 'Method not allowed.',
  409: 'Conflicts with what is already recorded.',
  413: 'The body is larger than this route accepts.',
  415: 'The body is not of a type this route accepts.',
  429: 'Too many requests; `Retry-After` says when to try again.',
  503: 'Not able to serve now (the database cannot be reached, or the server is stopping).',
};

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 503;

type JsonBody = { content: { 'application/json': { schema: z.ZodTypeAny } } };

interface RouteDefinition<P extends string, D extends z.ZodTypeAny, Req extends RouteConfig['request']> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Path inside the router, OpenAPI style: `/{id}/mark-read`. */
  path: P;
  summary: string;
  description?: string;
  tags: string[];
  access: Access;
  request?: Req;
  /** Schema of `data` in the success answer. */
  data: D;
  status?: 200 | 201 | 202;
  /** Error answers beyond those the access and body imply (400 for input, 401/403 for access). */
  errors?: ErrorStatus[];
  /** Set when the success answer is not JSON (a CSV or a PDF): its media type. */
  produces?: string;
  /** Largest body the route reads, in bytes (uploads); JSON routes default to JSON_BODY_LIMIT_BYTES. */
  bodyLimit?: number;
  /**
   * For a route with a path id: throws (404) when the record does not exist or is outside the caller's
   * scope. Runs after the role guard and before the body's size, type or content is checked, so a
   * malformed or oversized body to another chapter's record is a 404 like a well-formed one, not a
   * 400 or 413 that tells the id exists. Routes opened by a private link read the link's token here.
   */
  scope?: (c: AppContext, params: ParamsOf<Req>) => Promise<unknown>;
}

type ParamsOf<Req> = Req extends { params: infer S extends z.ZodTypeAny } ? z.output<S> : never;

/** The route's `scope` check on its path parameters; ids that fail their own schema are left to the validator (400). */
function scopeFirst(
  params: z.ZodTypeAny | undefined,
  scope: (c: AppContext, params: never) => Promise<unknown>,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const parsed = params?.safeParse(c.req.param());
    if (parsed?.success) await scope(c as AppContext, parsed.data as never);
    await next();
  };
}

/** Bodies of JSON routes are small forms: anything larger is refused before it is read. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

/** Refuses (413, in the envelope) a body over `maxSize` from its Content-Length, or while streaming it. */
export function limitBody(maxSize: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw payloadTooLarge(maxSize);
    },
  });
}

function roleNames(access: Access): string[] | 'anyone' | 'signed-in' {
  if (access.kind === 'anyone') return 'anyone';
  if (access.kind === 'roles') return access.roles.map((r) => `${r} (${ROLE_LABELS[r]})`);
  return 'signed-in';
}

function guardFor(access: Access): MiddlewareHandler<AppEnv>[] {
  if (access.kind === 'signed-in') {
    return [
      async (c, next) => {
        await requireUser(c as AppContext);
        await next();
      },
    ];
  }
  if (access.kind === 'roles') {
    const roles = access.roles;
    return [
      async (c, next) => {
        await requireRole(c as AppContext, ...roles);
        await next();
      },
    ];
  }
  return [];
}

/** Exactly `application/json` (parameters such as charset allowed): `application/jsonx` is not JSON. */
export function isJsonMediaType(header: string | undefined): boolean {
  return /^application\/json\s*(;|$)/i.test(header ?? '');
}

const jsonOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isJsonMediaType(c.req.header('content-type'))) throw unsupportedMediaType('Send the body as application/json.');
  await next();
};

function hasJsonBody(request: RouteConfig['request']): boolean {
  return Boolean((request?.body as JsonBody | undefined)?.content?.['application/json']);
}

/** A JSON request body checked by `schema`: `request: { body: jsonBody(NoteBody) }`. */
export function jsonBody<T extends z.ZodTypeAny>(schema: T) {
  return { content: { 'application/json': { schema } } };
}

/**
 * A file field of a `multipart/form-data` body (declare the body under that media type; the route's
 * `bodyLimit` sets how large it may be). What the file really is gets checked by `inspectUpload`.
 */
export const UploadedFile = z
  .instanceof(File, { message: 'Choose a file.' })
  .openapi({ type: 'string', format: 'binary' });

export function apiRoute<P extends string, D extends z.ZodTypeAny, Req extends RouteConfig['request'] = undefined>(
  definition: RouteDefinition<P, D, Req>,
) {
  const { access, data, errors = [], produces } = definition;
  const status = definition.status ?? 200;
  const statuses = new Set<ErrorStatus>(errors);
  if (definition.request && Object.keys(definition.request).length) statuses.add(400);
  if (access.kind !== 'anyone') statuses.add(401);
  if (access.kind === 'roles') statuses.add(403);
  const jsonBody = hasJsonBody(definition.request);
  if (definition.request?.body) {
    statuses.add(413).add(415);
    (definition.request.body as { required?: boolean }).required = true;
  }
  const errorResponses = Object.fromEntries(
    [...statuses]
      .sort()
      .map((s) => [
        s,
        { description: ERROR_TEXT[s] ?? 'Error', content: { 'application/json': { schema: ErrorEnvelope } } },
      ]),
  );
  return createRoute({
    method: definition.method,
    path: definition.path,
    summary: definition.summary,
    description: definition.description,
    tags: definition.tags,
    'x-roles': roleNames(access),
    // Access, then scope, then the body: none of the first two reads it, so a body sent to a record
    // the caller may not touch (or that does not exist) is answered 401/403/404 whatever its size or
    // shape, never a 413 or 400 that shows it was looked at first (issue 28, scope first).
    middleware: [
      ...guardFor(access),
      ...(definition.scope
        ? [scopeFirst(definition.request?.params as z.ZodTypeAny | undefined, definition.scope as never)]
        : []),
      // Only a route that reads a body is limited: the check makes Hono build the whole web Request,
      // which cost the polled unread count (a GET) a fifth of its time.
      ...(definition.request?.body || definition.bodyLimit
        ? [limitBody(definition.bodyLimit ?? JSON_BODY_LIMIT_BYTES)]
        : []),
      ...(jsonBody ? [jsonOnly] : []),
    ],
    request: definition.request,
    responses: {
      [status]: produces
        ? { description: 'OK', content: { [produces]: { schema: z.string().openapi({ format: 'binary' }) } } }
        : { description: 'OK', content: { 'application/json': { schema: successEnvelope(data) } } },
      ...errorResponses,
    },
  } as Omit<RouteConfig, 'path' | 'request'> & { path: P; request: Req });
}

/** A router for one resource; invalid input becomes the 400 envelope with a message per field. */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw invalid(fieldErrors(result.error));
    },
  });
}

/** The caller that the route's guard let through (roles, signed-in): for handlers after it. */
export function caller(c: AppContext): AuthUser {
  const user = c.var.user;
  if (!user) throw unauthenticated();
  return user;
}

/** The one way a route answers success: the envelope around `data`. */
export function respond<T>(c: AppContext, data: T, status: ContentfulStatusCode = 200): Response {
  return c.json({ success: true as const, data }, status);
}
