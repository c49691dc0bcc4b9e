import { accessFor, portalRouteOf } from './access';
import { normalisePath } from './layout';
import { ROLE_HOME, type RoleId } from './roles';

/**
 * Where a user goes after signing in: the page the sign-in was asked for (`?returnTo=`), judged as
 * the browser will judge it, or else the role's home.
 *
 * The target is resolved against the site's own origin with `URL`, exactly as `location.assign`
 * would resolve it: `/..//evil.example/phish` and `/.//evil.example/phish` become
 * `//evil.example/phish`, and `/\evil.example` or a path with a tab or newline leave the origin. It is
 * accepted only when the origin is unchanged and its path is a portal page of the access table
 * that this role may open. What is handed to the browser is rebuilt from the parsed URL with
 * repeated slashes collapsed, so it can never begin with `//`.
 */
export function signInDestination(returnTo: string | null | undefined, origin: string, roleId: RoleId): string {
  const home = ROLE_HOME[roleId];
  if (!returnTo) return home;
  let target: URL;
  let site: URL;
  try {
    site = new URL(origin);
    target = new URL(returnTo, site);
  } catch {
    return home;
  }
  if (target.origin !== site.origin) return home;
  const path = target.pathname.replace(/\/{2,}/g, '/');
  if (!portalRouteOf(normalisePath(path))) return home;
  if (accessFor(path, '', roleId).kind !== 'allowed') return home;
  return path + target.search + target.hash;
}
