import type { ServerResponse } from 'node:http';

/**
 * Headers every answer carries. Astro's island loader is an inline script, hence
 * 'unsafe-inline' for scripts; nothing is loaded from another origin.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

export function applySecurityHeaders(res: ServerResponse, options: { https: boolean }): void {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  // The NATCON check-in desk reads tickets' QR codes with the phone's camera, on this origin only.
  res.setHeader('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()');
  if (options.https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}
