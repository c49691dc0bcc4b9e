import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutForPath } from '../../src/lib/layout';

/**
 * The page guard runs only on pages rendered on request: a portal page prerendered at build time
 * would be served to anyone. Every page file under a portal path must opt out of prerendering.
 */
const pagesDir = path.resolve('src/pages');

function pageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pageFiles(full);
    return /\.(astro|ts)$/.test(entry.name) ? [full] : [];
  });
}

function routeOf(file: string): string {
  const relative = path.relative(pagesDir, file).replace(/\\/g, '/');
  return '/' + relative.replace(/\.(astro|ts)$/, '').replace(/(^|\/)index$/, '');
}

describe('portal pages', () => {
  const portalPages = pageFiles(pagesDir).filter((file) => layoutForPath(routeOf(file)) === 'portal');

  it('exist (the guard test below has something to check)', () => {
    expect(portalPages.length).toBeGreaterThan(10);
  });

  it.each(portalPages.map((file) => [routeOf(file), file]))('%s is rendered on request', (_route, file) => {
    expect(readFileSync(file, 'utf8')).toMatch(/export const prerender = false/);
  });
});
