import type { APIRoute } from 'astro';
import { getPublicPaths } from '../lib/content';

/** Every public page, from the menu data, so a new menu link is in the sitemap without more work. */
export const GET: APIRoute = async ({ site }) => {
  const base = site ?? new URL('http://localhost:4321');
  const urls = (await getPublicPaths()).map((path) => `  <url><loc>${new URL(path, base).href}</loc></url>`);
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
