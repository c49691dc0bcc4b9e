/**
 * The joining screenshots of docs/joining.md, taken from the built demo: `npx tsx scripts/joining-screenshots.ts`.
 * Starts `npm run demo` on its own data folder and port (SCREENSHOT_PORT, 4400 unless set), applies
 * once as a visitor would, signs in as the demo super admin, and saves palette PNGs under
 * docs/screenshots/, each checked to stay under 150 KB.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { chromium, type Locator, type Page } from '@playwright/test';
import { createDatabase } from '../src/server/platform/db';
import { DEMO_PASSWORD } from '../src/server/demo/seed';

const PORT = Number(process.env.SCREENSHOT_PORT ?? 4398);
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = 'data/screenshots';
const OUT_DIR = 'docs/screenshots';
const MAX_BYTES = 150 * 1024;

async function waitForServer(): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`The demo did not answer at ${BASE} within 5 minutes.`);
}

async function islands(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

/** A capture of the viewport (or of one part of the page), reduced to a 256-colour palette (the pages are flat colours and text). */
async function shoot(page: Page, name: string, part?: Locator): Promise<void> {
  // The public pages' preloader bar leaves the page about 2.5 s after it loads.
  await page.locator('#preloader').waitFor({ state: 'detached' });
  const png = await (part ?? page).screenshot({ animations: 'disabled' });
  const file = path.join(OUT_DIR, `${name}.png`);
  await sharp(png).png({ palette: true, colours: 128, compressionLevel: 9, effort: 10 }).toFile(file);
  const size = statSync(file).size;
  console.log(`${file}: ${(size / 1024).toFixed(0)} KB`);
  if (size > MAX_BYTES) throw new Error(`${file} is over 150 KB: make the capture smaller.`);
}

async function main(): Promise<void> {
  const busy = await fetch(`${BASE}/api/health`).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`Something already answers at ${BASE}: choose another SCREENSHOT_PORT.`);
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const demo = spawn('npx', ['tsx', 'src/server/cli/demo.ts'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
    env: {
      ...process.env,
      DATA_DIR,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      SITE_URL: BASE,
      LOG_LEVEL: 'warn',
    },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    await waitForServer();
    const desktop = await browser.newPage({ viewport: { width: 1280, height: 900 }, baseURL: BASE });
    await desktop.goto('/membership');
    await shoot(desktop, 'joining-membership');

    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, baseURL: BASE, deviceScaleFactor: 1 });
    await phone.goto('/membership/registration');
    await islands(phone);
    await phone.getByRole('radio', { name: /Associate/ }).check();
    await shoot(phone, 'joining-registration-phone');

    // One application as a visitor sends it, to show its status page with the ways to pay.
    const db = createDatabase({ url: `sqlite:${path.join(DATA_DIR, 'nipm.sqlite')}` });
    const chapter = await db.selectFrom('chapters').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db.destroy();
    const submitted = await fetch(`${BASE}/api/membership/applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        classCode: 'associate',
        firstName: 'Meera',
        lastName: 'Sen',
        email: `screenshot-${Date.now().toString(36)}@example.test`,
        phone: '9830012345',
        dateOfBirth: '1990-05-17',
        address: '12 Lake Road',
        city: 'Kolkata',
        stateName: 'West Bengal',
        pincode: '700029',
        qualification: 'MBA (HR)',
        experienceYears: 8,
        chapterId: chapter.id,
        proposerNumber: 'NIPM/DEMO/P0001',
        seconderNumber: 'NIPM/DEMO/P0002',
        declaration: true,
      }),
    });
    if (submitted.status !== 201) throw new Error(`The demo application was refused: ${await submitted.text()}`);
    const { statusToken } = ((await submitted.json()) as { data: { statusToken: string } }).data;
    await phone.goto(`/membership/status?token=${encodeURIComponent(statusToken)}`);
    await islands(phone);
    await phone.getByRole('img', { name: /UPI QR code/ }).waitFor();
    await shoot(phone, 'joining-status-pay-phone', phone.locator('section[aria-labelledby="pay-heading"]'));

    await desktop.goto('/auth/admin');
    await islands(desktop);
    await desktop.getByLabel('Email').fill('superadmin@demo.nipm.in');
    await desktop.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await desktop.getByRole('button', { name: 'Sign in' }).click();
    await desktop.waitForURL(/\/admin\/membership/);
    await islands(desktop);
    await desktop.getByRole('row').nth(1).waitFor();
    await shoot(desktop, 'joining-staff-queue');
    // A demo application with a payment waiting for verification shows the most.
    await desktop.getByLabel('State').selectOption({ label: 'Payment reported' });
    await desktop.getByRole('cell', { name: 'Payment reported', exact: true }).first().waitFor();
    await desktop.getByRole('row').nth(1).click();
    await desktop.getByTestId('detail-state').waitFor();
    await shoot(desktop, 'joining-staff-application');

    await desktop.goto('/admin/membership?tab=payment-settings');
    await islands(desktop);
    await desktop.getByLabel('UPI address').waitFor();
    await shoot(desktop, 'joining-payment-settings');
  } finally {
    await browser.close();
    // The demo and the server it started share a process group.
    if (demo.pid) process.kill(-demo.pid, 'SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
