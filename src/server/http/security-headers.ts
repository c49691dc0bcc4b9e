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

/** The headers every answer carries, built once per server (not per request). */
export function securityHeadersFor(options: { https: boolean }): readonly (readonly [string, string])[] {
  return [
    ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    // The NATCON check-in desk reads tickets' QR codes with the phone's camera, on this origin only.
    ['Permissions-Policy', 'camera=(self), microphone=(), geolocation=()'],
    ...(options.https ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as const] : []),
  ];
}
