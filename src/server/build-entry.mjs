// Bundles the production entry (src/server/main.ts) beside Astro's server build.
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * `outfile` must lie inside the project: the bundle imports its packages from node_modules.
 * @param {string} [outfile]
 */
export async function buildEntry(outfile = 'dist/server/main.mjs') {
  await build({
    entryPoints: ['src/server/main.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await buildEntry();
