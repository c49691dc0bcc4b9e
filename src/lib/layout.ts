/** Which of the three layouts a path gets: the spec's "Layout by path" table as one function. */
export type LayoutKind = 'minimal' | 'portal' | 'public';

/** Prefixes of the minimal layout (preloader only). `/auth` covers `/auth/admin` too. */
const MINIMAL_PREFIXES = ['/auth', '/membership', '/natcon', '/404', '/swagger'];
/** Prefixes of the admin/member portal layout. */
const PORTAL_PREFIXES = ['/admin', '/myprofile', '/content-admin', '/member'];

function hasPrefix(path: string, prefix: string): boolean {
  // `/membership` must not count as `/member`, nor `/administrator` as `/admin`.
  return path === prefix || path.startsWith(prefix + '/');
}

/** Decodes and normalises a request path so that `/%61dmin/` and `/Admin//x` are judged like `/admin/x`. */
export function normalisePath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape cannot name a real route; judge it as written.
  }
  path = path.toLowerCase().replace(/\/{2,}/g, '/');
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path.startsWith('/') ? path : '/' + path;
}

export function layoutForPath(pathname: string): LayoutKind {
  const path = normalisePath(pathname);
  if (MINIMAL_PREFIXES.some((p) => hasPrefix(path, p))) return 'minimal';
  if (PORTAL_PREFIXES.some((p) => hasPrefix(path, p))) return 'portal';
  return 'public';
}
