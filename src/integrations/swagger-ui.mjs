// @ts-check
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Swagger UI for /swagger, served by the site itself (never a CDN: the CSP allows only 'self').
 * The files of `swagger-ui-dist` are copied into the build at `/swagger-ui/` with Brotli and gzip
 * copies beside them, because compressing the 1.7 MB bundle on the first request would stall the
 * server for seconds (`src/server/http/compress.ts` sends the precompressed copies). In
 * development they are served straight from node_modules.
 */
export const SWAGGER_UI_BASE = '/swagger-ui/';

/** What the page loads, and the licence notices that go with the bundle. */
const FILES = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js.LICENSE.txt': 'text/plain; charset=utf-8',
  LICENSE: 'text/plain; charset=utf-8',
  NOTICE: 'text/plain; charset=utf-8',
};
/** Big enough to be worth compressing ahead of time. */
const PRECOMPRESSED = ['swagger-ui-bundle.js', 'swagger-ui.css'];

const distDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** @returns {import('astro').AstroIntegration} */
export default function swaggerUi() {
  return {
    name: 'nipm:swagger-ui',
    hooks: {
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((req, res, next) => {
          const name = (req.url ?? '').split('?')[0].slice(SWAGGER_UI_BASE.length);
          if (!req.url?.startsWith(SWAGGER_UI_BASE) || !Object.hasOwn(FILES, name)) return next();
          res.setHeader('Content-Type', FILES[/** @type {keyof typeof FILES} */ (name)]);
          createReadStream(path.join(distDir, name)).pipe(res);
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const target = path.join(fileURLToPath(dir), SWAGGER_UI_BASE);
        await mkdir(target, { recursive: true });
        for (const name of Object.keys(FILES)) await copyFile(path.join(distDir, name), path.join(target, name));
        for (const name of PRECOMPRESSED) {
          const raw = await readFile(path.join(distDir, name));
          const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length };
          await writeFile(path.join(target, name + '.br'), await promisify(brotliCompress)(raw, { params }));
          await writeFile(path.join(target, name + '.gz'), await promisify(gzip)(raw, { level: 9 }));
        }
        logger.info(`copied Swagger UI to ${SWAGGER_UI_BASE}`);
      },
    },
  };
}
