import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ZodTypeAny } from 'zod';
import { OPENAPI_PATH } from '../../src/server/api/app';
import { ErrorEnvelope } from '../../src/server/api/openapi';
import type { AppEnv } from '../../src/server/api/context';

/**
 * The contract as the API's own declarations state it: for a method and a path, the documented
 * answer schema of each status. Used by the test client to check every answer the API tests see.
 */
interface DocumentedRoute {
  method: string;
  pattern: RegExp;
  template: string;
  answers: Map<string, ZodTypeAny | undefined>;
}

const cache = new WeakMap<object, DocumentedRoute[]>();

export const API_BASE = '/api';

export function documentedRoutes(app: OpenAPIHono<AppEnv>): DocumentedRoute[] {
  let routes = cache.get(app);
  if (routes) return routes;
  routes = [];
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const route = definition.route;
    const template = `${API_BASE}${route.path === '/' ? '' : route.path}`.replace(/(.)\/$/, '$1');
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}/?$`);
    const answers = new Map<string, ZodTypeAny | undefined>();
    for (const [status, response] of Object.entries(route.responses)) {
      const content = (response as { content?: Record<string, { schema?: ZodTypeAny }> }).content;
      answers.set(status, content?.['application/json']?.schema);
    }
    routes.push({ method: route.method.toUpperCase(), pattern, template, answers });
  }
  cache.set(app, routes);
  return routes;
}

/** A route's template (`/api/notifications/{id}/mark-read`) for a concrete path, if documented. */
export function routeFor(app: OpenAPIHono<AppEnv>, method: string, pathname: string): DocumentedRoute | undefined {
  // Literal segments win over parameters (`/members/me` before `/members/{id}`), as in the router.
  const matches = documentedRoutes(app).filter((r) => r.method === method && r.pattern.test(pathname));
  return matches.sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0))[0];
}

/**
 * Checks one answer against the contract: a documented route answers only documented statuses,
 * with bodies its schemas accept; anything else (an unknown route) must still be the error envelope.
 * Returns a description of the mismatch, or undefined when the answer keeps the contract.
 */
export async function contractViolation(
  app: OpenAPIHono<AppEnv>,
  method: string,
  url: string,
  response: Response,
): Promise<string | undefined> {
  const pathname = new URL(url, 'http://localhost').pathname;
  if (pathname === `${API_BASE}${OPENAPI_PATH}`) return undefined;
  const type = response.headers.get('content-type') ?? '';
  const route = routeFor(app, method, pathname);
  const status = String(response.status);
  if (route && !route.answers.has(status)) {
    return `${method} ${route.template} answered ${status}, which its declaration does not document`;
  }
  if (!type.includes('application/json')) return undefined;
  const schema = route ? route.answers.get(status) : ErrorEnvelope;
  if (!schema) return undefined;
  const body: unknown = await response.clone().json();
  const parsed = schema.safeParse(body);
  if (parsed.success) return undefined;
  return `${method} ${route?.template ?? pathname} ${status}: the answer does not match its documented schema: ${JSON.stringify(
    parsed.error.issues.slice(0, 3),
  )}`;
}
