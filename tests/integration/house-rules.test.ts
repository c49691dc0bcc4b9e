import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The house enforces its own rules (issue 8, item 6) through the project's real ESLint
 * configuration: the layering of docs/architecture.md, "How a request travels" and the 400-line limit.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const layering = (list: string[]) => list.filter((p) => p.startsWith('house/no-import-from'));

describe('layering: client-side folders never import src/server, src/lib never imports src/stores', () => {
  it.each([
    ['src/lib/example.ts', "import { getDb } from '../server/db';\nexport const x = getDb;\n", 'src/server'],
    ['src/lib/schemas/example.ts', "import { env } from '../../server/env';\nexport const x = env;\n", 'src/server'],
    ['src/lib/example.ts', "import { env } from '@/server/env';\nexport const x = env;\n", 'src/server'],
    ['src/lib/example.ts', "import type { Env } from '../server/env';\nexport type X = Env;\n", 'src/server'],
    ['src/lib/example.ts', "export * from '../server/env';\n", 'src/server'],
    ['src/lib/example.ts', "import { session } from '../stores/session';\nexport const x = session;\n", 'src/stores'],
    ['src/lib/example.ts', "export const load = () => import('../stores/auth');\n", 'src/stores'],
    ['src/islands/Example.tsx', "import { getDb } from '../server/db';\nexport const x = getDb;\n", 'src/server'],
    ['src/islands/admin/Example.tsx', "export { env } from '../../server/env';\n", 'src/server'],
    ['src/stores/example.ts', "import { env } from '../server/env';\nexport const x = env;\n", 'src/server'],
    [
      'src/components/content/Example.astro',
      "---\nimport type { Env } from '../../server/env';\nconst x: Env | null = null;\n---\n<p>{x}</p>\n",
      'src/server',
    ],
  ])('%s: %j is refused', async (file, code, folder) => {
    const found = layering(await problems(file, code));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(`may not import ${folder}`);
  });

  it.each([
    ['src/islands/Example.tsx', "import { session } from '../stores/session';\nexport const x = session;\n"],
    ['src/stores/example.ts', "import { ROLE } from '../lib/roles';\nexport const x = ROLE;\n"],
    ['src/lib/example.ts', "import { ROLE } from './roles';\nimport ky from 'ky';\nexport const x = [ROLE, ky];\n"],
    ['src/lib/example.ts', "import { getSession } from 'auth-astro/server';\nexport const x = getSession;\n"],
    ['src/pages/example.astro', "---\nimport { getMenu } from '../lib/content';\nawait getMenu();\n---\n<p></p>\n"],
    ['src/middleware.ts', "import { env } from './server/env';\nexport const x = env;\n"],
    ['src/server/example.ts', "import { ROLE } from '../lib/roles';\nexport const x = ROLE;\n"],
  ])('%s: %j is allowed', async (file, code) => {
    expect(layering(await problems(file, code))).toEqual([]);
  });
});

describe('layering: domain code never imports the HTTP layer, the platform never imports domains', () => {
  const HTTP_FREE = 'Domain code stays free of HTTP: throw a domain error from src/server/domains/errors.ts';

  it.each([
    [
      'src/server/domains/example/thing.ts',
      "import { ApiError } from '../../api/errors';\nexport const x = ApiError;\n",
      'src/server/api',
    ],
    ['src/server/domains/example/thing.ts', "import type { Context } from 'hono';\nexport type X = Context;\n", 'hono'],
    [
      'src/server/domains/example/thing.ts',
      "import { HTTPException } from 'hono/http-exception';\nexport const x = HTTPException;\n",
      'hono',
    ],
    [
      'src/server/domains/example/thing.ts',
      "import type { AppContext } from '../../api/context';\nexport type X = AppContext;\n",
      'src/server/api',
    ],
    [
      'src/server/domains/example/thing.ts',
      "import { cachePublicPage } from '../../http/page-cache';\nexport const x = cachePublicPage;\n",
      'src/server/http',
    ],
    [
      'src/server/domains/example/thing.ts',
      "import { registerPaymentPurposes } from '../../purposes';\nexport const x = registerPaymentPurposes;\n",
      'src/server/purposes.ts',
    ],
  ])('%s: %j is refused, saying what to do instead', async (file, code, target) => {
    const found = layering(await problems(file, code));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(`src/server/domains may not import ${target}`);
    expect(found[0]).toContain(HTTP_FREE);
  });

  it.each([
    [
      'src/server/platform/example.ts',
      "import { findMember } from '../domains/members/record';\nexport const x = findMember;\n",
      'src/server/domains',
    ],
    [
      'src/server/platform/storage/example.ts',
      "import { ApiError } from '../../api/errors';\nexport const x = ApiError;\n",
      'src/server/api',
    ],
    [
      'src/server/platform/example.ts',
      "import { DAILY_JOBS } from '../jobs';\nexport const x = DAILY_JOBS;\n",
      'src/server/jobs.ts',
    ],
  ])('%s: %j is refused', async (file, code, target) => {
    const found = layering(await problems(file, code));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(`src/server/platform may not import ${target}`);
  });

  it.each([
    ['src/server/domains/example/thing.ts', "import { notFound } from '../errors';\nexport const x = notFound;\n"],
    ['src/server/domains/example/thing.ts', "import { getDb } from '../../platform/db';\nexport const x = getDb;\n"],
    [
      'src/server/platform/storage/example.ts',
      "import { invalid } from '../../domains/errors';\nexport const x = invalid;\n",
    ],
    ['src/server/api/example.ts', "import { notFound } from '../domains/errors';\nexport const x = notFound;\n"],
  ])('%s: %j is allowed', async (file, code) => {
    expect(layering(await problems(file, code))).toEqual([]);
  });
});

describe('the circular-import check of npm run check', () => {
  // The same command as `check:circles` (with the repository's .madgerc, which counts type imports).
  const madge = (target: string) =>
    spawnSync(
      path.resolve('node_modules/.bin/madge'),
      ['--circular', '--no-spinner', '--extensions', 'ts,tsx', '--ts-config', 'tsconfig.json', target],
      { cwd: process.cwd(), encoding: 'utf8' },
    );

  it('fails on a circle, a type-only import included', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'nipm-circle-'));
    writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './b';\nexport type A = { b?: B };\n");
    writeFileSync(path.join(dir, 'b.ts'), "import type { A } from './a';\nexport type B = { a?: A };\n");
    const run = madge(dir);
    expect(run.status).not.toBe(0);
    expect(run.stdout).toContain('a.ts > b.ts');
  }, 60_000);

  it('finds no circle in src', () => {
    const run = madge('src');
    expect(run.stdout + run.stderr).toContain('No circular dependency found');
    expect(run.status).toBe(0);
  }, 120_000);
});

describe('files over 400 lines are an error', () => {
  const file = (lines: number) =>
    Array.from({ length: lines }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';

  it('accepts 400 lines', async () => {
    expect(await problems('src/lib/example.ts', file(400))).toEqual([]);
  });

  it.each(['src/lib/example.ts', 'tests/api/example.test.ts', 'src/islands/Example.tsx'])(
    'refuses 401 lines in %s',
    async (path) => {
      expect(await problems(path, file(401))).toEqual([
        'max-lines: File has too many lines (401). Maximum allowed is 400.',
      ]);
    },
  );
});
