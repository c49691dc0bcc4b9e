import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PRELOADER_CLOSED_MS, PRELOADER_LOADED_MS, PRELOADER_REMOVED_MS } from '../../src/lib/constants';
import { headerReady, PUBLIC_ROUTES } from './support/public';
import { e2eDb } from './support/fixtures';

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
        for (const node of record.addedNodes)
          if ((node as HTMLElement).id === 'preloader') stages.push({ stage: 'parsed', at: performance.now() });
        for (const node of record.removedNodes)
          if ((node as HTMLElement).id === 'preloader') stages.push({ stage: 'removed', at: performance.now() });
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  });
  // Waiting for the load event could outlast the preloader's 2.5 s on a busy machine: look from the first byte.
  await page.goto('/about', { waitUntil: 'commit' });
  const seen = () => page.evaluate(() => (window as unknown as { stages: { stage: string; at: number }[] }).stages);
  await expect
    .poll(async () => (await seen()).map((s) => s.stage), { timeout: PRELOADER_REMOVED_MS + 5000 })
    .toContain('removed');
  await expect(page.locator('#preloader')).toHaveCount(0);
  const stages = await seen();
  expect(stages.map((s) => s.stage)).toEqual(['parsed', 'closed', 'loaded', 'removed']);
  const [parsed, closed, loaded, removed] = stages.map((s) => s.at) as [number, number, number, number];
  // The preloader's clock starts when its script runs, right after the element is parsed (how long the
  // page took to arrive does not count): each stage comes at its time from there or somewhat after,
  // never before; a busy machine runs timers late.
  const slack = 1000;
  for (const [at, due] of [
    [closed, PRELOADER_CLOSED_MS],
    [loaded, PRELOADER_LOADED_MS],
    [removed, PRELOADER_REMOVED_MS],
  ]) {
    expect(at - parsed).toBeGreaterThanOrEqual(due!);
    expect(at - parsed).toBeLessThan(due! + slack);
  }
});

test('the preloader leaves the page content visible from the first paint', async ({ page }) => {
  // Its height is read in the first frame after it is parsed, the frame that paints it: asking later could
  // find it removed already (at 2.5 s) on a slow load, and a locator would then wait for it in vain.
  await page.addInitScript(() => {
    const heights: number[] = [];
    (window as unknown as { preloaderHeights: number[] }).preloaderHeights = heights;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if ((node as HTMLElement).id === 'preloader')
            requestAnimationFrame(() => heights.push((node as HTMLElement).getBoundingClientRect().height));
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const heights = () => page.evaluate(() => (window as unknown as { preloaderHeights: number[] }).preloaderHeights);
  await expect.poll(async () => (await heights()).length, { timeout: 10_000 }).toBe(1);
  expect((await heights())[0]).toBeLessThanOrEqual(4);
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

test('the chat button opens a contact panel that Escape closes', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('button', { name: 'Contact us' }).click();
  const panel = page.locator('#chat-panel');
  await expect(panel).toBeVisible();
  // Whatever the super admin has set, the contact page is always offered.
  await expect(panel.getByRole('link', { name: 'Other ways to reach us' })).toHaveAttribute('href', '/contact');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});

test('the footer and the chat panel show contact details only as the super admin set them', async ({
  page,
  browser,
}) => {
  const db = await e2eDb();
  await db.deleteFrom('settings').where('key', '=', 'site').execute();
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('navigation', { name: 'Quick links' }).getByRole('link')).not.toHaveCount(0);
  await expect(footer).toContainText('© 2025');
  // Nothing set: no sample address or e-mail, no links to the networks' home pages, no empty "Powered by".
  await page.waitForLoadState('networkidle');
  await expect(footer.locator('address')).toHaveCount(0);
  await expect(footer.getByRole('link', { name: /^NIPM on / })).toHaveCount(0);
  await expect(footer).not.toContainText('example.org');
  await expect(footer).not.toContainText('Powered by');
  // The chat panel neither: no sample hours, phone, e-mail or WhatsApp, only the contact page.
  await page.getByRole('button', { name: 'Contact us' }).click();
  const panel = page.locator('#chat-panel');
  await expect(panel.getByRole('link', { name: 'Other ways to reach us' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(panel.getByRole('link')).toHaveCount(1);
  await expect(panel).not.toContainText('example.org');
  await expect(panel).not.toContainText('Office hours');

  const settings = {
    contactEmail: 'office@nipm.example',
    phone: '+91 33 2222 3333',
    whatsapp: '+91 98300 12345',
    officeHours: 'Monday to Friday, 10:00 to 17:30 IST',
    address: 'NIPM House\nKolkata 700016',
    social: { facebook: 'https://www.facebook.com/nipm.india', x: null, linkedin: null, youtube: null },
  };
  const at = new Date().toISOString();
  await db
    .insertInto('settings')
    .values({ key: 'site', value: JSON.stringify(settings), updated_at: at, updated_by: null })
    .execute();
  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto('/');
  const filled = fresh.getByRole('contentinfo');
  await expect(filled.locator('address')).toContainText('Kolkata 700016');
  await expect(filled.getByRole('link', { name: 'office@nipm.example' })).toHaveAttribute(
    'href',
    'mailto:office@nipm.example',
  );
  await expect(filled.getByRole('link', { name: 'NIPM on Facebook' })).toHaveAttribute(
    'href',
    'https://www.facebook.com/nipm.india',
  );
  await expect(filled.getByRole('link', { name: /^NIPM on / })).toHaveCount(1);
  await fresh.getByRole('button', { name: 'Contact us' }).click();
  const chat = fresh.locator('#chat-panel');
  await expect(chat).toContainText('Office hours: Monday to Friday, 10:00 to 17:30 IST');
  await expect(chat.getByRole('link', { name: 'Call +91 33 2222 3333' })).toHaveAttribute('href', 'tel:+913322223333');
  await expect(chat.getByRole('link', { name: 'E-mail office@nipm.example' })).toHaveAttribute(
    'href',
    'mailto:office@nipm.example',
  );
  await expect(chat.getByRole('link', { name: 'Message us on WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/919830012345\?text=/,
  );
  await expect(chat.getByRole('link', { name: 'Other ways to reach us' })).toBeVisible();
  await db.deleteFrom('settings').where('key', '=', 'site').execute();
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
