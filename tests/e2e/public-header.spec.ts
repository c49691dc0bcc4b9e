import { expect, test } from '@playwright/test';
import { HEADER_SCROLL_THRESHOLD_PX } from '../../src/lib/constants';
import { headerReady, MENU } from './support/public';

// The other browser tests run under reduced motion (playwright.config.ts); this file shows the motion itself.
test.use({ reducedMotion: 'no-preference' });

test.describe('header on a desktop screen', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test('is transparent at the top and turns white with a shadow after more than 10 px of scrolling', async ({
    page,
  }) => {
    await page.goto('/');
    await headerReady(page);
    const header = page.locator('header').first();
    const look = () =>
      header.evaluate((el) => ({
        background: getComputedStyle(el).backgroundColor,
        shadow: getComputedStyle(el).boxShadow,
      }));

    await expect(header).toHaveAttribute('data-scrolled', 'false');
    expect((await look()).background).toBe('rgba(0, 0, 0, 0)');

    await page.evaluate((y) => window.scrollTo(0, y), HEADER_SCROLL_THRESHOLD_PX);
    await page.waitForTimeout(100);
    await expect(header).toHaveAttribute('data-scrolled', 'false');

    await page.evaluate((y) => window.scrollTo(0, y), HEADER_SCROLL_THRESHOLD_PX + 1);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect.poll(async () => (await look()).background).toBe('rgb(255, 255, 255)');
    expect((await look()).shadow).not.toBe('none');

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  test('shows every menu group, and a submenu opens on hover and closes when the pointer leaves', async ({ page }) => {
    await page.goto('/about');
    await headerReady(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const group of MENU) await expect(nav.getByRole('button', { name: group.name })).toBeVisible();

    const about = nav.getByRole('button', { name: 'About' });
    const submenu = page.locator(`#${await about.getAttribute('aria-controls')}`);
    await expect(submenu).toBeHidden();
    await about.hover();
    await expect(about).toHaveAttribute('aria-expanded', 'true');
    await expect(submenu.getByRole('link')).toHaveText(MENU[0]!.items.map((item) => item.name));
    await expect(submenu.getByRole('link', { name: 'National Council' })).toHaveAttribute(
      'href',
      '/about/national-council',
    );

    await page.mouse.move(700, 600);
    await expect(submenu).toBeHidden();
    await expect(about).toHaveAttribute('aria-expanded', 'false');
  });

  test('submenus work from the keyboard: Enter, arrows, Escape back to the button', async ({ page }) => {
    await page.goto('/about');
    await headerReady(page);
    const events = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Events' });
    const submenu = page.locator('#submenu-events');

    await events.focus();
    await page.keyboard.press('Enter');
    await expect(events).toHaveAttribute('aria-expanded', 'true');
    await expect(submenu).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(submenu).toBeHidden();

    await page.keyboard.press('ArrowDown');
    await expect(submenu.getByRole('link', { name: 'National Events' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(submenu.getByRole('link', { name: 'Regional Events' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(submenu).toBeHidden();
    await expect(events).toBeFocused();

    await page.keyboard.press('ArrowDown');
    // Enter goes to whatever has focus: wait until the arrow has moved it into the opened submenu.
    await expect(submenu.getByRole('link', { name: 'National Events' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/events\/nipm-national-events$/);
  });

  test('a link starting with # scrolls smoothly to its section', async ({ page }) => {
    await page.goto('/');
    await headerReady(page);
    await page.evaluate(() => {
      const positions: number[] = [];
      (window as unknown as { positions: number[] }).positions = positions;
      window.addEventListener('scroll', () => positions.push(window.scrollY), { passive: true });
    });
    await page.getByRole('link', { name: 'What we do', exact: true }).click();
    await expect(page).toHaveURL(/#what-we-do$/);
    await expect(page.getByRole('heading', { name: 'What we do' })).toBeInViewport();
    const positions = await page.evaluate(() => (window as unknown as { positions: number[] }).positions);
    // A jump lands in one scroll event at the end; a smooth scroll passes through at least one position
    // on the way (how many depends on how many frames a busy machine draws).
    expect(new Set(positions).size).toBeGreaterThan(1);
  });

  test('without a session it offers Join Now, National HR Awards and Log in', async ({ page }) => {
    await page.goto('/');
    await headerReady(page);
    const header = page.locator('header').first();
    await expect(header.getByRole('link', { name: 'Join Now' })).toHaveAttribute('href', '/membership/registration');
    await expect(header.getByRole('link', { name: 'National HR Awards' })).toHaveAttribute('href', '/natcon/register');
    await expect(header.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/login');
    await expect(page.getByTestId('session-placeholder')).toHaveCount(0);
  });

  test('shows a pulsing placeholder, no buttons, while the session loads', async ({ page }) => {
    await page.route('**/api/auth/session', () => {
      // Never answered: the session stays loading.
    });
    await page.goto('/about');
    await headerReady(page);
    await expect(page.getByTestId('session-placeholder')).toBeVisible();
    await expect(page.getByTestId('session-placeholder')).toHaveClass(/animate-pulse/);
    await expect(page.locator('header').getByRole('link', { name: 'Join Now' })).toHaveCount(0);
  });

  for (const [roleId, name, home, label] of [
    ['1', 'Asha Rao', '/member/memberdetail', 'Member home'],
    ['3', null, '/content-admin/events', 'Content admin home'],
  ] as const) {
    test(`a signed-in role ${roleId} sees the avatar menu instead of the buttons`, async ({ page }) => {
      await page.route('**/api/auth/session', (route) =>
        route.fulfill({
          json: {
            user: { name, email: 'someone@example.org', image: null, roleId, memberId: 7, token: 'a.b.c' },
            expires: new Date(Date.now() + 3_600_000).toISOString(),
          },
        }),
      );
      await page.goto('/about');
      await headerReady(page);
      const header = page.locator('header').first();
      await expect(header.getByRole('link', { name: 'Join Now' })).toHaveCount(0);
      await expect(header.getByRole('link', { name: 'Log in' })).toHaveCount(0);

      const avatar = header.getByRole('button', { name: 'Account menu' });
      await avatar.click();
      await expect(avatar).toHaveAttribute('aria-expanded', 'true');
      await expect(header.getByText(`Hello, ${name ?? 'User'}`)).toBeVisible();
      await expect(header.getByText('someone@example.org')).toBeVisible();
      await expect(header.getByRole('link', { name: label })).toHaveAttribute('href', home);
      await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(header.getByText(`Hello, ${name ?? 'User'}`)).toBeHidden();
    });
  }
});

test.describe('header below the xl breakpoint', () => {
  test.use({ viewport: { width: 1279, height: 800 }, hasTouch: true });

  test('replaces the desktop menu with a full-screen numbered menu whose submenus open on tap', async ({ page }) => {
    await page.goto('/');
    await headerReady(page);
    await expect(page.locator('#submenu-about')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 1279, height: 800 });

    const groups = menu.getByRole('list').first().locator(':scope > li > button');
    await expect(groups).toHaveText(MENU.map((group, i) => `${String(i + 1).padStart(2, '0')}${group.name}+`));

    const research = menu.getByRole('button', { name: /Research/ });
    await expect(menu.getByRole('link', { name: 'Personnel Today' })).toBeHidden();
    await research.tap();
    await expect(research).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Personnel Today' })).toHaveAttribute(
      'href',
      '/research/personnel-today',
    );
    await expect(menu.getByRole('link', { name: 'Join Now' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(open).toBeFocused();
  });
});

test.describe('with prefers-reduced-motion', () => {
  test.use({ viewport: { width: 1366, height: 800 }, colorScheme: 'light', reducedMotion: 'reduce' });

  test('smooth scrolling and the pulsing placeholder are switched off', async ({ page }) => {
    await page.route('**/api/auth/session', () => {
      // Never answered: the placeholder stays.
    });
    await page.goto('/');
    await headerReady(page);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
    const iterations = await page
      .getByTestId('session-placeholder')
      .evaluate((el) => getComputedStyle(el).animationIterationCount);
    expect(iterations).toBe('1');
  });
});
