import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANGES_MODULES, NEED_FRESH_MODULES } from '../support/fresh-modules';

/**
 * Most test files share their worker's modules with the files run before them (vitest.config.ts). A file that
 * replaces a module or writes the environment would change them for the files after it, so it must be run
 * isolated: listed in tests/support/fresh-modules.ts.
 */
const testFiles = ['src', 'tests/api', 'tests/integration'].flatMap((folder) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => path.posix.join(folder, name.split(path.sep).join('/'))),
);
const changesModules = (file: string) => {
  const text = readFileSync(file, 'utf8');
  return CHANGES_MODULES.some((pattern) => pattern.test(text));
};

describe('test files that change modules run isolated', () => {
  it('finds the files that change modules, this one not among them', () => {
    expect(testFiles.length).toBeGreaterThan(200);
    expect(testFiles.filter(changesModules)).toContain('tests/api/sign-in-throttle.test.ts');
    expect(changesModules('tests/integration/test-isolation.test.ts')).toBe(false);
  });

  it('lists every file that replaces a module or writes the environment', () => {
    const missing = testFiles.filter(changesModules).filter((file) => !NEED_FRESH_MODULES.includes(file));
    expect(missing, 'add these to NEED_FRESH_MODULES in tests/support/fresh-modules.ts').toEqual([]);
  });

  it('lists only files that exist', () => {
    expect(NEED_FRESH_MODULES.filter((file) => !testFiles.includes(file))).toEqual([]);
  });
});
