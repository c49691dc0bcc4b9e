/**
 * The one rule for links that staff put into notices (issue 7, item 5), used by the API's schema
 * (what may be stored) and by the islands (what is rendered as a link, and how). Client-safe.
 *
 * A site path starts with exactly one `/`, contains no backslash, no whitespace and no control
 * character, and, resolved against the site's origin as a browser resolves it, stays on that
 * origin: `/\evil.example`, `/\\evil.example/x`, `"/\t/evil.example"` and `"/\n/evil.example"` are
 * refused (browsers read `\` as `/` and drop tabs and newlines, so each of those leaves the site).
 * An outside link is an absolute `http:` or `https:` address with a host and no user name or
 * password (`https://nipm.in@evil.example` is not the institute's site); it opens in a new tab
 * with `rel="noopener noreferrer"`. Anything else is no link.
 */
export type SafeLink = { kind: 'site'; href: string } | { kind: 'external'; href: string };

// A stand-in for the site's own origin: the verdict does not depend on which origin the site has.
const PROBE_ORIGIN = 'https://site.invalid';

// C0 and C1 controls, DEL, whitespace (tabs, newlines, spaces and their Unicode kin), bidirectional
// overrides, embeddings, isolates and marks, line and paragraph separators, the BOM.
/* eslint-disable no-control-regex -- these patterns exist to find control characters */
const UNSAFE_CHARACTER =
  /[\u0000-\u0020\u007f-\u00a0\u061c\u1680\u2000-\u200a\u200e\u200f\u2028-\u202f\u205f\u2066-\u2069\u3000\ufeff\\]/;
/* eslint-enable no-control-regex */

export function safeLink(link: string | null | undefined): SafeLink | null {
  if (!link || UNSAFE_CHARACTER.test(link)) return null;
  if (link.startsWith('/')) {
    if (link.startsWith('//')) return null;
    try {
      const resolved = new URL(link, PROBE_ORIGIN);
      return resolved.origin === PROBE_ORIGIN ? { kind: 'site', href: link } : null;
    } catch {
      return null;
    }
  }
  if (!/^https?:\/\//i.test(link)) return null;
  try {
    const url = new URL(link);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
    if (url.username || url.password) return null;
    return { kind: 'external', href: url.href };
  } catch {
    return null;
  }
}

/** The attributes of an `<a>` for a notice's link, or null when it is no safe link (nothing is rendered). */
export function linkAttributes(
  link: string | null | undefined,
): { href: string; target?: '_blank'; rel?: 'noopener noreferrer' } | null {
  const safe = safeLink(link);
  if (!safe) return null;
  return safe.kind === 'site' ? { href: safe.href } : { href: safe.href, target: '_blank', rel: 'noopener noreferrer' };
}

export const LINK_RULE_MESSAGE = 'Use a site path starting with a single / or an http(s) address.';
