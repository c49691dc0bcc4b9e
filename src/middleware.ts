import { defineMiddleware } from 'astro:middleware';
import { getSession } from 'auth-astro/server';
import { accessFor } from './lib/access';
import { layoutForPath } from './lib/layout';
import { isRoleId } from './lib/roles';
import type { SessionUser } from './lib/session';
import { checkApiToken } from './server/domains/identity/authorize';
import { withDeviceCookieScope } from './server/domains/identity/device-cookie';
import { authRouteRefusal, isAuthPath, isCredentialsCallback } from './server/http/auth-routes';
import { getDb } from './server/platform/db';
import { env } from './server/platform/env';
import { compressPublicPage } from './server/http/page-cache';

export const FORBIDDEN_PAGE = '/403';

/**
 * The page guard (issue 3, item 5): on every on-demand portal request it reads the Auth.js
 * session, checks the API token inside it against the database (a disabled user, a changed
 * password or role count as signed out at once) and then applies the access table.
 */
async function signedInUser(request: Request): Promise<SessionUser | null> {
  const session = await getSession(request);
  const user = session?.user as Partial<SessionUser> | undefined;
  if (!user || !isRoleId(user.roleId) || typeof user.token !== 'string') return null;
  const check = await checkApiToken(await getDb(), env().AUTH_SECRET, user.token, new Date());
  if (!check.ok) return null;
  // The database, not the cookie, says what the role is now.
  return { ...(user as SessionUser), roleId: check.user.roleId, memberId: check.user.memberId };
}

export const onRequest = defineMiddleware(async (context, next) => {
  const { pathname } = context.url;
  if (isAuthPath(pathname)) {
    const method = context.request.method;
    const refusal = authRouteRefusal(method, pathname);
    if (refusal) return refusal;
    return isCredentialsCallback(method, pathname) ? withDeviceCookieScope(() => next()) : next();
  }
  if (context.isPrerendered) return next();
  // Live public pages (events, gallery, publications) are compressed as the built ones are.
  if (layoutForPath(context.url.pathname) !== 'portal') return compressPublicPage(context.request, await next());
  const user = await signedInUser(context.request);
  const verdict = accessFor(context.url.pathname, context.url.search, user?.roleId ?? null);
  if (verdict.kind === 'sign-in') return context.redirect(verdict.location, 302);
  context.locals.portalUser = user ?? undefined;
  const response = verdict.kind === 'forbidden' ? await context.rewrite(FORBIDDEN_PAGE) : await next();
  // Portal pages carry one person's data: never kept by a shared cache.
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
});
