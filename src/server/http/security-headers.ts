import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';

/** Written by the build (src/integrations/script-hashes.mjs) beside the server bundle. */
const SCRIPT_HASHES_FILE = 'script-hashes.json';

/**
 * The policy every answer carries. Inline scripts run only when their hash is listed (Astro's
 * island loader, our `is:inline` scripts): an injected script has no listed hash. Inline styles
 * stay allowed (React's `style` attributes); nothing is loaded from another origin.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The hashes of the built site's inline scripts; none when the file is missing (scripts then stay blocked). */
export function builtScriptHashes(serverDir: string): string[] {
  try {
    const hashes: unknown = JSON.parse(readFileSync(path.join(serverDir, SCRIPT_HASHES_FILE), 'utf8'));
    return Array.isArray(hashes) ? hashes.filter((hash): hash is string => typeof hash === 'string') : [];
  } catch {
    return [];
  }
}

export function applySecurityHeaders(res: ServerResponse, options: { https: boolean; policy: string }): void {
  res.setHeader('Content-Security-Policy', options.policy);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  // The NATCON check-in desk reads tickets' QR codes with the phone's camera, on this origin only.
  res.setHeader('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()');
  if (options.https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}
