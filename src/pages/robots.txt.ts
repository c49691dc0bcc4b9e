import type { APIRoute } from 'astro';

/** Crawlers may read the public site; the portal, sign-in and API are kept out. */
export const GET: APIRoute = ({ site }) => {
  const base = site ?? new URL('http://localhost:4321');
  const body = [
    'User-agent: *',
    'Disallow: /admin/',
    'Disallow: /content-admin/',
    'Disallow: /member/',
    'Disallow: /myprofile/',
    'Disallow: /auth/',
    'Disallow: /api/',
    '',
    `Sitemap: ${new URL('/sitemap.xml', base).href}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
