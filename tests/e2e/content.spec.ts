import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { expect, signIn, test, type E2EUser } from './support/fixtures';

/**
 * Issue 13 in the browser: staff publish an event with a cover, an album of ten photos and a
 * members-only issue from the content screens, and visitors see them on the live public pages.
 */

async function jpeg(label: string, colour = '#0b3d91'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="100%" height="100%" fill="${colour}"/><text x="40" y="240" font-size="48" fill="#fff">${label}</text></svg>`;
  return sharp(Buffer.from(svg))
    .jpeg()
    .withExif({ IFD0: { Make: 'E2E camera' } })
    .toBuffer();
}

async function hydrated(page: Page): Promise<void> {
  await page.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
}

async function violationsOf(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
}

const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

async function signInStaff(page: Page, user: E2EUser) {
  await signIn(page, user, '/auth/admin');
}

/** Creates a draft album from the gallery screen; it opens below the form. */
async function createAlbum(page: Page, title: string) {
  await page.goto('/content-admin/gallery');
  await hydrated(page);
  await page.getByLabel('New album title').fill(title);
  await page.getByRole('button', { name: 'Create album' }).click();
  await expect(page.getByRole('heading', { name: `${title} (draft)` })).toBeVisible();
}

test('a content admin publishes an event with a cover, and it shows on /events, its list and its own page', async ({
  page,
  users,
}) => {
  test.setTimeout(90_000);
  const title = `Labour codes seminar ${unique()}`;
  await signInStaff(page, await users.create({ roleId: '3' }));
  await page.goto('/content-admin/events');
  await hydrated(page);
  expect(await violationsOf(page)).toEqual([]);
  await page.getByRole('button', { name: 'New event' }).click();
  await page.locator('#event-title').fill(title);
  await page.locator('#event-type').selectOption('national');
  await page.getByLabel('Starts (India time)').fill('2031-03-10T10:00');
  await page.getByLabel('Ends (India time)').fill('2031-03-10T17:30');
  await page.getByLabel('Venue').fill('Science City, Kolkata');
  await page
    .getByLabel('Description (Markdown)')
    .fill('## Agenda\n\n- The **new** codes\n\n[bad](javascript:alert(1))');
  await page
    .getByLabel('Cover picture')
    .setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: await jpeg('Cover') });
  await expect(page.getByRole('img', { name: 'The chosen cover' })).toBeVisible();
  await page.locator('#event-status').selectOption('published');
  await page.getByRole('button', { name: 'Save event' }).click();
  await expect(page.getByRole('heading', { name: `Preview: ${title}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Agenda' })).toBeVisible();
  expect(await violationsOf(page)).toEqual([]);

  for (const path of ['/events', '/events/nipm-national-events']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: title })).toBeVisible();
  }
  await page.goto('/events/nipm-regional-events');
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  await page.goto('/events/nipm-national-events');
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('10 March 2031, 10:00 am – 5:30 pm')).toBeVisible();
  await expect(page.locator('main img').first()).toBeVisible();
  // Chromium takes AVIF: the <picture> gives it the AVIF variant, not the WebP or the JPEG.
  const coverSrc = await page
    .locator('main picture img')
    .first()
    .evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(await page.locator('main picture source[type="image/avif"]').count()).toBeGreaterThan(0);
  expect(await page.evaluate(async (src) => (await fetch(src)).headers.get('content-type'), coverSrc)).toBe(
    'image/avif',
  );
  expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd).toMatchObject({ '@type': 'Event', name: title, startDate: '2031-03-10T04:30:00.000Z' });
  expect(await violationsOf(page)).toEqual([]);
});

test('ten photos upload at once with a progress bar each, and the public album shows them in a lightbox', async ({
  page,
  users,
}) => {
  test.setTimeout(120_000);
  const title = `Award evening ${unique()}`;
  await signInStaff(page, await users.create({ roleId: '2' }));
  await createAlbum(page, title);
  const files = await Promise.all(
    Array.from({ length: 10 }, async (_, i) => ({
      name: `photo-${i + 1}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await jpeg(`Photo ${i + 1}`),
    })),
  );
  await page.getByLabel('Add photos').setInputFiles(files);
  const uploads = page.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByRole('progressbar')).toHaveCount(10);
  await expect(uploads.getByText('Done')).toHaveCount(10, { timeout: 60_000 });
  await expect(page.getByRole('list', { name: 'Photos in order' }).getByRole('listitem')).toHaveCount(10);
  await expect(page.getByText(/Content storage: \d+ files/)).toBeVisible();
  await page.getByLabel('Caption of photo 1', { exact: true }).fill('The president speaks');
  await page.getByLabel('Caption of photo 1', { exact: true }).blur();
  await expect(page.getByText('Caption saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish album' }).click();
  await expect(page.getByRole('heading', { name: `${title} (published)` })).toBeVisible();
  expect(await violationsOf(page)).toEqual([]);

  await page.goto('/resources/gallery');
  await page.getByRole('link', { name: title }).click();
  await hydrated(page);
  await expect(page.getByRole('link', { name: /^Open photo/ })).toHaveCount(10);
  const photoSrc = await page
    .locator('main picture img')
    .first()
    .evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(await page.evaluate(async (src) => (await fetch(src)).headers.get('content-type'), photoSrc)).toBe(
    'image/avif',
  );
  expect(await violationsOf(page)).toEqual([]);
  await page.getByRole('link', { name: 'Open photo 1 of 10: The president speaks' }).click();
  const viewer = page.getByRole('dialog', { name: `${title}: photo viewer` });
  await expect(viewer.getByText('Photo 1 of 10: The president speaks')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByText('Photo 2 of 10')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(page.getByRole('link', { name: 'Open photo 1 of 10: The president speaks' })).toBeFocused();
});

test('a member downloads a members-only issue that an anonymous visitor cannot', async ({ page, browser, users }) => {
  test.setTimeout(90_000);
  const title = `Personnel Today ${unique()}`;
  await signInStaff(page, await users.create({ roleId: '3' }));
  await page.goto('/content-admin/personneltoday');
  await hydrated(page);
  await page.getByRole('button', { name: 'New issue' }).click();
  const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'New issue' }) });
  await page.locator('#issue-title').fill(title);
  await form.getByLabel('Volume').fill('12');
  await form.getByLabel('Number').fill('4');
  await form.getByLabel('Who may download the PDF').selectOption('members');
  await form.getByLabel('Status').selectOption('published');
  await form.getByRole('button', { name: 'Save issue' }).click();
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]).drawText(title.slice(0, 20));
  await page
    .getByLabel(/^PDF/)
    .setInputFiles({ name: 'issue.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) });
  await expect(page.getByText(/Attached: \d+ KB/)).toBeVisible();
  expect(await violationsOf(page)).toEqual([]);

  const anonymousContext = await browser.newContext();
  const anonymous = await anonymousContext.newPage();
  await anonymous.goto('/research/personnel-today');
  const item = anonymous.getByRole('listitem').filter({ hasText: title });
  await expect(item.getByText('Vol. 12, No. 4')).toBeVisible();
  await hydrated(anonymous);
  await item.getByRole('button', { name: `Download ${title} (PDF, members only)` }).click();
  await expect(item.getByText('This issue is for members.')).toBeVisible();
  expect(await violationsOf(anonymous)).toEqual([]);
  await anonymousContext.close();

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signIn(member, await users.create({ roleId: '1' }));
  await member.goto('/research/personnel-today');
  await hydrated(member);
  const download = member.waitForEvent('download');
  await member
    .getByRole('listitem')
    .filter({ hasText: title })
    .getByRole('button', { name: `Download ${title} (PDF, members only)` })
    .click();
  expect((await download).suggestedFilename()).toBe('issue.pdf');
  await memberContext.close();
});

test('the live lists answer with a short public cache and an ETag, and a 304 when unchanged', async ({ request }) => {
  for (const path of ['/events', '/resources/gallery', '/research/newsletter']) {
    const first = await request.get(path);
    expect(first.headers()['cache-control']).toBe('public, max-age=60');
    const etag = first.headers()['etag'];
    expect(etag).toMatch(/^W\/"/);
    const again = await request.get(path, { headers: { 'if-none-match': etag } });
    expect(again.status()).toBe(304);
  }
});

test('a content admin deletes an open album from the gallery list after confirming, and it leaves the list', async ({
  page,
  users,
}) => {
  test.setTimeout(60_000);
  const title = `Farewell dinner ${unique()}`;
  await signInStaff(page, await users.create({ roleId: '2' }));
  await createAlbum(page, title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByRole('cell', { name: 'Draft' })).toBeVisible();

  await row.getByRole('button', { name: `Delete ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this album?' });
  await expect(dialog).toContainText(`“${title}” and its photos will be removed from the site.`);
  await dialog.getByRole('button', { name: 'Delete album' }).click();
  await expect(page.getByText('Album deleted.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: `${title} (draft)` })).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
});
