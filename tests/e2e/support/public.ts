import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

interface MenuGroup {
  name: string;
  href: string;
  items: { name: string; href: string }[];
}

/** The menu data the site is built from. */
export const MENU: MenuGroup[] = JSON.parse(readFileSync('src/content/menu.json', 'utf8'));

/** Every public route of the site: the home page and each page of the menu. */
export const PUBLIC_ROUTES = [
  ...new Set(['/', ...MENU.flatMap((group) => [group.href, ...group.items.map((item) => item.href)])]),
];

/** Waits until the header island has hydrated (Astro drops the `ssr` attribute then). */
export async function headerReady(page: Page): Promise<void> {
  await page.locator('astro-island:not([ssr]) header').waitFor();
}
