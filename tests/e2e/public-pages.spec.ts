import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PRELOADER_CLOSED_MS, PRELOADER_LOADED_MS, PRELOADER_REMOVED_MS } from '../../src/lib/constants';
import { headerReady, PUBLIC_ROUTES } from './support/public';

test.describe('every public route', () => {
  for (const path of PUBLIC_ROUTES) {
    test(`${path} answers 200 in the public layout with title, description, canonical and Open Graph`, async ({
      page,
    }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('body')).toHaveAttribute('data-layout', 'public');
      await expect(page.locator('header')).toBeVisible();
      await expect(page.locator('footer')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page).toHaveTitle(/\S/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`));
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /\S/);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/og-image\.png$/);
    });

    test(`${path} hydrates without errors and has no axe violations`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(path);
      await headerReady(page);
      await expect(page.locator('header').getByRole('link', { name: 'Log in' })).toBeVisible();
      expect(errors).toEqual([]);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
    });
  }
});

test.describe('not found', () => {
  for (const path of ['/no-such-page', '/about/no-such-page', '/404']) {
    test(`${path} answers 404 with the minimal layout and a way on`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.locator('body')).toHaveAttribute('data-layout', 'minimal');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
      await expect(page.getByRole('link', { name: 'Home page' })).toHaveAttribute('href', '/');
      await expect(page.getByRole('link', { name: 'Events', exact: true })).toHaveAttribute('href', '/events');
      await expect(page.getByRole('link', { name: 'Become a member' })).toHaveAttribute(
        'href',
        '/membership/registration',
      );
      await expect(page.locator('header')).toHaveCount(0);
    });
  }

  test('the 404 page filters the list of pages as the visitor types, and has no axe violations', async ({ page }) => {
    await page.goto('/no-such-page');
    const list = page.locator('#page-list');
    await page.getByLabel("Search the site's pages").fill('ethic');
    await expect(list.getByRole('link')).toHaveText(['Code of Ethics']);
    await expect(page.getByText('1 page', { exact: true })).toBeVisible();
    await page.getByLabel("Search the site's pages").fill('');
    expect(await list.getByRole('link').count()).toBeGreaterThan(10);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});

test('sitemap.xml lists every public route and robots.txt points to it', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  // Addresses are absolute on the SITE_URL the site was built for.
  const paths = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(paths.sort()).toEqual([...PUBLIC_ROUTES].sort());
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  expect(robots).toContain('Disallow: /admin/');
});

test('the preloader is marked closed at 500 ms, loaded at 1500 ms and removed at 2500 ms', async ({ page }) => {
  await page.addInitScript(() => {
    const stages: { stage: string; at: number }[] = [];
    (window as unknown as { stages: typeof stages }).stages = stages;
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target as HTMLElement;
        if (record.type === 'attributes' && target.id === 'preloader')
          stages.push({ stage: target.dataset.state ?? '', at: performance.now() });
        for (const node of record.removedNodes)
          if ((node as HTMLElement).id === 'preloader') stages.push({ stage: 'removed', at: performance.now() });
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  });
  // Waiting for the load event could outlast the preloader's 2.5 s on a busy machine: look from the first byte.
  await page.goto('/about', { waitUntil: 'commit' });
  await expect(page.locator('#preloader')).toHaveAttribute('data-state', /open|closed/);
  await expect(page.locator('#preloader')).toHaveCount(0, { timeout: PRELOADER_REMOVED_MS + 3000 });
  const stages = await page.evaluate(() => (window as unknown as { stages: { stage: string; at: number }[] }).stages);
  expect(stages.map((s) => s.stage)).toEqual(['closed', 'loaded', 'removed']);
  const [closed, loaded, removed] = stages.map((s) => s.at) as [number, number, number];
  // Times count from the start of navigation; the preloader's clock starts a little later, when
  // its script runs, so each stage comes at its time or somewhat after, never before.
  const slack = 1000;
  for (const [at, due] of [
    [closed, PRELOADER_CLOSED_MS],
    [loaded, PRELOADER_LOADED_MS],
    [removed, PRELOADER_REMOVED_MS],
  ]) {
    expect(at).toBeGreaterThanOrEqual(due!);
    expect(at).toBeLessThan(due! + slack);
  }
});

test('the preloader leaves the page content visible from the first paint', async ({ page }) => {
  await page.goto('/');
  const box = await page.locator('#preloader').boundingBox();
  expect(box?.height).toBeLessThanOrEqual(4);
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
});

test('the cookie notice remembers the choice', async ({ page }) => {
  await page.goto('/');
  const notice = page.getByRole('complementary', { name: 'Cookie notice' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Necessary only' }).click();
  await expect(notice).toBeHidden();
  await page.goto('/about');
  await expect(page.getByRole('complementary', { name: 'Cookie notice' })).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('nipm-cookie-consent'))).toBe('necessary');
});

test('the chat button opens a contact panel with phone, e-mail and WhatsApp', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('button', { name: 'Contact us' }).click();
  const panel = page.locator('#chat-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:\+91/);
  await expect(panel.getByRole('link', { name: /^E-mail / })).toHaveAttribute('href', /^mailto:/);
  await expect(panel.getByRole('link', { name: 'Message us on WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\//,
  );
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});

test('the footer has quick links, the Kolkata address, the four social links, powered-by and the 2025 copyright', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.locator('footer');
  await expect(footer.getByRole('navigation', { name: 'Quick links' }).getByRole('link')).not.toHaveCount(0);
  await expect(footer.locator('address')).toContainText('Kolkata');
  for (const name of ['Facebook', 'X', 'LinkedIn', 'YouTube'])
    await expect(footer.getByRole('link', { name: `NIPM on ${name}` })).toBeVisible();
  await expect(footer.getByText('Powered by')).toBeVisible();
  await expect(footer).toContainText('© 2025');
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/about');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
  await expect(page.locator('main')).toBeFocused();
});

test('built pages and scripts are sent compressed to browsers that accept it', async ({ request }) => {
  for (const [encoding, expected] of [
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ]) {
    const page = await request.get('/about', { headers: { 'accept-encoding': encoding! } });
    expect(page.status()).toBe(200);
    expect(page.headers()['content-encoding']).toBe(expected);
    expect(await page.text()).toContain('<h1');
  }
  const html = await (await request.get('/about')).text();
  const script = html.match(/component-url="([^"]+)"/)![1]!;
  const js = await request.get(script, { headers: { 'accept-encoding': 'br' } });
  expect(js.headers()['content-encoding']).toBe('br');
  expect(js.headers()['content-type']).toMatch(/^text\/javascript/);
  expect(js.headers()['cache-control']).toContain('immutable');
  const plain = await request.get('/about', { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
});
