// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwind from '@astrojs/tailwind';
import auth from 'auth-astro';
import scriptHashes from './src/integrations/script-hashes.mjs';
import swaggerUi from './src/integrations/swagger-ui.mjs';

const site = process.env.SITE_URL ?? 'http://localhost:4321';

export default defineConfig({
  site,
  // Public pages are prerendered; portal, auth and API routes opt out with `prerender = false`.
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), tailwind({ applyBaseStyles: false }), auth(), swaggerUi(), scriptHashes()],
  server: { host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 4321) },
  security: {
    checkOrigin: true,
    // Without this Astro ignores the Host header: request.url becomes http://localhost and
    // browser POSTs fail the origin check. A hostname alone admits any port.
    allowedDomains: [
      { hostname: 'localhost' },
      { hostname: '127.0.0.1' },
      ...(process.env.ALLOWED_HOSTS ?? '')
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean)
        .map((hostname) => ({ hostname })),
      { hostname: new URL(site).hostname },
    ],
  },
  build: { inlineStylesheets: 'always' },
  prefetch: false,
  vite: {
    ssr: { external: ['better-sqlite3', 'pg', '@node-rs/argon2', 'nodemailer'] },
    optimizeDeps: { exclude: ['better-sqlite3', '@node-rs/argon2'] },
  },
});
