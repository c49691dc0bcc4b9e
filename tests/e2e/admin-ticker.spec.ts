import AxeBuilder from '@axe-core/playwright';
import { expect, signIn, test, waitForIslands } from './support/fixtures';

/** Issue 11 in the browser: a ticker message published by staff on the static home page at once. */
// Several pages, sign-ins and axe runs per test: more than the default 30 s on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });
// The other browser tests run under reduced motion (playwright.config.ts); this file shows the ticker moving.
test.use({ reducedMotion: 'no-preference' });

test('the home page ticker shows a message published a moment ago, pauses on hover and stands still under reduced motion', async ({
  page,
  browser,
  users,
}) => {
  const superAdmin = await users.create({ roleId: '2' });
  await signIn(page, superAdmin, '/auth/admin');
  await page.goto('/admin/scroll-msg');
  await waitForIslands(page);
  const text = `Ticker check ${Date.now().toString(36)}`;
  await page.getByLabel('Text').fill(text);
  await page.getByLabel('Link (optional)').fill('/events');
  await expect(page.getByLabel('Ticker preview')).toContainText(text);
  await page.getByRole('button', { name: 'Add message' }).click();
  await expect(page.getByText('Message added.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(text) })).toContainText('Shown now');
  // Editing checks with the API's own rules before anything is sent.
  await page.getByRole('button', { name: `Edit “${text}”` }).click();
  await expect(page.getByLabel('Text')).toHaveValue(text);
  await page.getByLabel('Shown until').fill('2020-01-01');
  await page.getByRole('button', { name: 'Save message' }).click();
  await expect(page.locator('#scroll-ends-error')).toHaveText('The end cannot be before the start.');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Text')).toHaveValue('');
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  const ticker = visitor.getByRole('region', { name: 'Latest news' });
  const list = ticker.getByRole('list', { name: 'Latest news' });
  await expect(list.getByRole('link', { name: text })).toHaveAttribute('href', '/events');
  const track = ticker.locator('.nipm-ticker-track');
  await expect(track).toHaveCSS('animation-play-state', 'running');
  await ticker.hover();
  await expect(track).toHaveCSS('animation-play-state', 'paused');
  await visitor.mouse.move(0, 600);
  await expect(track).toHaveCSS('animation-play-state', 'running');
  await ticker.locator('label.nipm-ticker-pause').click();
  await expect(ticker.getByRole('checkbox', { name: 'Pause the news ticker' })).toBeChecked();
  // Away from the ticker, neither hover nor focus holds it: the switch does.
  await visitor.mouse.move(0, 600);
  await visitor.getByRole('main').focus();
  await expect(track).toHaveCSS('animation-play-state', 'paused');
  const homeAxe = await new AxeBuilder({ page: visitor }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(homeAxe.violations.map((v) => v.id)).toEqual([]);
  await visitorContext.close();

  const stillContext = await browser.newContext({ reducedMotion: 'reduce' });
  const still = await stillContext.newPage();
  await still.goto('/');
  const stillTrack = still.locator('.nipm-ticker-track');
  await expect(still.getByRole('link', { name: text }).first()).toBeVisible();
  await expect(stillTrack).toHaveCSS('animation-name', 'none');
  await stillContext.close();

  // Deleted after a confirmation, it leaves the list (and the ticker with it).
  await page.getByRole('button', { name: `Delete “${text}”` }).click();
  await page.getByRole('dialog', { name: 'Delete this message?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Message deleted.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(text) })).toHaveCount(0);
});

test('the ticker keeps its height while its messages load: no layout shift', async ({ page }) => {
  // Read in one step inside the page: the loaded ticker replaces the placeholder element, and a box
  // asked of an element being replaced would come back empty.
  const tickerBox = () =>
    page.evaluate(() => {
      const ticker = document.querySelector('[data-testid="scroll-ticker"]');
      if (!ticker) return null;
      const box = ticker.getBoundingClientRect();
      return { height: box.height, top: box.top + window.scrollY };
    });
  await page.goto('/');
  await expect.poll(tickerBox).not.toBeNull();
  const placeholder = await tickerBox();
  await page.waitForLoadState('networkidle');
  const loaded = await tickerBox();
  expect(placeholder?.height).toBe(40);
  expect(loaded?.height).toBe(40);
  expect(loaded?.top).toBe(placeholder?.top);
});
