// Bundles the production entry (src/server/main.ts) and the site's server it loads in the processes
// that serve (src/server/site-server.ts) beside Astro's server build.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * `outfile` must lie inside the project: the bundles import their packages from node_modules. The
 * server goes beside it as `site-server.mjs`, a bundle of its own so that the cluster's primary,
 * which loads only `main.mjs`, never loads the site's packages.
 * @param {string} [outfile]
 */
export async function buildEntry(outfile = 'dist/server/main.mjs') {
  const bundle = (entry, file) =>
    build({
      entryPoints: [entry],
      outfile: file,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      packages: 'external',
      sourcemap: true,
      logLevel: 'warning',
    });
  await Promise.all([
    bundle('src/server/main.ts', outfile),
    bundle('src/server/site-server.ts', path.join(path.dirname(outfile), 'site-server.mjs')),
  ]);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await buildEntry();
