import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The house enforces its own rules (issue 8, item 6) through the project's real ESLint
 * configuration: the layering of DESIGN.md section 2 and the 400-line limit.
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
