import { expect, type Page } from '@playwright/test';
import { signIn, test } from './support/fixtures';

/**
 * Issue 28, item 7: scripts run under a Content-Security-Policy without 'unsafe-inline'. Every kind
 * of page is loaded in the browser (prerendered public pages, pages read from the database on each
 * visit, the joining and NATCON forms, sign-in, Swagger, the member portal, the staff portal, a 404)
 * and not one violation may be reported, while the islands hydrate and the ticker fills in.
 */
interface Watch {
  violations: string[];
}

async function watchViolations(page: Page): Promise<Watch> {
  const watch: Watch = { violations: [] };
  await page.exposeFunction('reportCspViolation', (text: string) => watch.violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${document.location.pathname}: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) watch.violations.push(message.text());
  });
  page.on('pageerror', (error) => watch.violations.push(`page error: ${error.message}`));
  return watch;
}

/** Waits until the page's islands have run (an island loses its `ssr` mark once hydrated). */
async function visit(page: Page, target: string): Promise<void> {
  const answer = await page.goto(target);
  const policy = answer?.headers()['content-security-policy'] ?? '';
  const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
  expect(scriptSources, target).toContain("'self'");
  expect(scriptSources, target).not.toContain('unsafe-inline');
  await page.waitForLoadState('networkidle');
  if ((await page.locator('astro-island').count()) > 0) {
    await expect(page.locator('astro-island[ssr]'), `${target}: islands hydrated`).toHaveCount(0);
  }
}

const PUBLIC_PAGES = [
  '/',
  '/about/mission',
  '/chapters',
  '/events',
  '/resources/gallery',
  '/research/newsletter',
  '/membership',
  '/membership/registration',
  '/natcon',
  '/auth/login',
  '/auth/admin',
  '/swagger',
  '/no-such-page',
];

test.describe.configure({ timeout: 120_000 });

test('public, sign-in and Swagger pages run their scripts without one CSP violation', async ({ page }) => {
  const watch = await watchViolations(page);
  for (const target of PUBLIC_PAGES) await visit(page, target);
  // The ticker's loader (an inline script) ran and fetched its messages.
  await page.goto('/');
  await expect(page.locator('[data-live-ticker] [data-testid="scroll-ticker"]')).toHaveCount(1);
  await expect(page.locator('#swagger-ui')).toHaveCount(0);
  await page.goto('/swagger');
  // Swagger UI shows a spinner inside `.info` until the contract has loaded and been parsed.
  await expect(page.locator('#swagger-ui .info .title')).toContainText('NIPM web platform API', { timeout: 20_000 });
  expect(watch.violations).toEqual([]);
});

test('member and staff portal pages run without one CSP violation', async ({ page, browser, users }) => {
  const memberWatch = await watchViolations(page);
  await signIn(page, await users.create({ roleId: '1' }));
  for (const target of ['/member/memberdetail', '/member/notifications', '/myprofile']) await visit(page, target);
  expect(memberWatch.violations).toEqual([]);

  const staff = await (await browser.newContext()).newPage();
  const staffWatch = await watchViolations(staff);
  await signIn(staff, await users.create({ roleId: '2' }), '/auth/admin');
  for (const target of ['/admin/membership', '/admin/natcon', '/admin/reports/membership', '/content-admin/events']) {
    await visit(staff, target);
  }
  expect(staffWatch.violations).toEqual([]);
});
