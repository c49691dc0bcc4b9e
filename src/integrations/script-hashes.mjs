// @ts-check
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import idleDirective from 'astro/runtime/client/idle.prebuilt.js';
import loadDirective from 'astro/runtime/client/load.prebuilt.js';
import mediaDirective from 'astro/runtime/client/media.prebuilt.js';
import onlyDirective from 'astro/runtime/client/only.prebuilt.js';
import visibleDirective from 'astro/runtime/client/visible.prebuilt.js';

/**
 * The pages' inline scripts (Astro's island loader and hydration directives, our `is:inline`
 * scripts, small bundled scripts Astro inlines) are allowed by their SHA-256 hashes, so the
 * Content-Security-Policy needs no 'unsafe-inline' for scripts. The set is the site's, as Astro's
 * own CSP support computes it: Astro's runtime scripts, the scripts its build inlined (on-demand pages
 * included) and every inline script of the prerendered pages (`is:inline` ones). The browser test
 * loading every kind of page checks that nothing is missing. Written beside the server build for `main.ts`.
 */
export const SCRIPT_HASHES_FILE = 'script-hashes.json';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const TYPE = /\btype\s*=\s*["']?([^"'\s>]+)/i;
/** Script types a browser runs; others (JSON-LD, JSON data) are data blocks CSP does not apply to. */
const EXECUTED_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/**
 * The text of each inline script of a page that a browser would run.
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScriptsOf(html) {
  const scripts = [];
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = (TYPE.exec(attributes)?.[1] ?? '').toLowerCase();
    if (!EXECUTED_TYPES.has(type)) continue;
    scripts.push(body);
  }
  return scripts;
}

/**
 * The CSP source expression allowing one inline script.
 * @param {string} script
 */
export function scriptHash(script) {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/** @param {string} dir @returns {AsyncGenerator<string>} */
async function* htmlFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith('.html')) yield full;
  }
}

/** @returns {import('astro').AstroIntegration} */
export default function scriptHashes() {
  /** @type {URL | undefined} */
  let serverDir;
  /** Scripts Astro inlines into pages, on-demand ones included (the 404 page's, say). */
  /** @type {string[]} */
  let inlinedScripts = [];
  return {
    name: 'nipm:script-hashes',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverDir = config.build.server;
      },
      'astro:build:ssr': ({ manifest }) => {
        inlinedScripts = manifest.inlinedScripts.map(([, content]) => content);
        for (const route of manifest.routes) {
          for (const script of route.scripts) {
            if ('type' in script) {
              if (script.type === 'inline') inlinedScripts.push(script.value);
            } else if (script.stage === 'head-inline') inlinedScripts.push(script.children);
          }
        }
      },
      'astro:build:done': async ({ dir, logger }) => {
        const runtime = [islandScript, idleDirective, loadDirective, mediaDirective, onlyDirective, visibleDirective];
        const hashes = new Set([...runtime, ...inlinedScripts].map(scriptHash));
        for await (const file of htmlFiles(fileURLToPath(dir))) {
          for (const script of inlineScriptsOf(await readFile(file, 'utf8'))) hashes.add(scriptHash(script));
        }
        if (!serverDir) throw new Error('the server build directory is unknown');
        await writeFile(new URL(SCRIPT_HASHES_FILE, serverDir), JSON.stringify([...hashes].sort(), null, 1));
        logger.info(`${hashes.size} inline script hashes for the Content-Security-Policy`);
      },
    },
  };
}
