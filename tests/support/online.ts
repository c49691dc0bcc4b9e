import { expect } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { randomBytes, createHash } from 'node:crypto';
import { readPostBack, startStandin, type Standin } from '../../tools/razorpay-standin';
import { gatewayFrom } from '../../src/server/domains/money/gateway/config';
import type { DB } from '../../src/server/platform/db';
import { createTestApi, type TestApi } from './api';
import { applicationRow } from '../api/joining-support';

/**
 * The site's API listening on a real port with the stand-in gateway beside it, configured as
 * `npm run demo` configures them: the stand-in's webhooks go to the site's webhook route.
 */
export interface OnlineWorld {
  api: TestApi;
  standin: Standin;
  siteUrl: string;
  /** Before a test: the last test's deliveries finished, and webhooks sent at once, one copy each. */
  freshWebhooks(): Promise<void>;
  /** After a test: deliveries under way finished and any still queued forgotten, so none reaches the next. */
  settleWebhooks(): Promise<void>;
  stop(): Promise<void>;
}

export async function startOnlineWorld(db: DB): Promise<OnlineWorld> {
  const standin = await startStandin({ webhookAttempts: 1 });
  const gateway = gatewayFrom({
    RAZORPAY_KEY_ID: standin.keyId,
    RAZORPAY_KEY_SECRET: standin.keySecret,
    RAZORPAY_WEBHOOK_SECRET: standin.webhookSecret,
    RAZORPAY_API_URL: standin.url,
  });
  const api = createTestApi(db, { gateway });
  let server: ServerType | undefined;
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(info.port));
  });
  const siteUrl = `http://127.0.0.1:${port}`;
  api.deps.siteUrl = siteUrl;
  standin.gateway.webhooks.url = `${siteUrl}/api/payments/gateway/webhook`;
  return {
    api,
    standin,
    siteUrl,
    async freshWebhooks() {
      await standin.gateway.webhooks.idle();
      standin.gateway.webhooks.mode = { mode: 'deliver', copies: 1, delayMs: 0 };
    },
    async settleWebhooks() {
      await standin.gateway.webhooks.idle();
      standin.gateway.webhooks.drop();
    },
    async stop() {
      await standin.stop();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
  };
}

/** An application awaiting its payment, with the status token its applicant holds. */
export async function applicationAwaitingPayment(db: DB, chapterId: number) {
  const token = randomBytes(24).toString('base64url');
  const row = applicationRow(chapterId, {
    state: 'awaiting_payment',
    index: 900_000 + Math.floor(Math.random() * 90_000),
  });
  const inserted = await db
    .insertInto('applications')
    .values({ ...row, status_token_hash: createHash('sha256').update(token).digest('hex') })
    .returning(['id', 'amount_due'])
    .executeTakeFirstOrThrow();
  return { id: inserted.id, amountDue: inserted.amount_due, token };
}

/**
 * Opens the hosted checkout as a browser does: the site's page (its own policy allows the form's
 * POST to the gateway and only its hashed script), then that form posted to the stand-in.
 * Answers the stand-in's page.
 */
export async function openHostedPage(world: OnlineWorld, checkoutUrl: string): Promise<string> {
  expect(checkoutUrl.startsWith(`${world.siteUrl}/api/payments/online/checkout/`)).toBe(true);
  const page = await fetch(checkoutUrl);
  expect(page.status).toBe(200);
  const policy = page.headers.get('content-security-policy') ?? '';
  expect(policy).toContain(`form-action ${world.standin.url}`);
  expect(policy).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+';/);
  const html = await page.text();
  const action = /<form id="checkout" method="post" action="([^"]+)"/.exec(html)![1].replace(/&amp;/g, '&');
  expect(action).toBe(`${world.standin.url}/v1/checkout/embedded`);
  const fields = new URLSearchParams(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1].replace(/&amp;/g, '&'),
      m[2].replace(/&amp;/g, '&'),
    ]),
  );
  expect((await fetch(action)).status).toBe(405);
  const hosted = await fetch(action, { method: 'POST', body: fields });
  expect(hosted.status).toBe(200);
  return hosted.text();
}

/**
 * Presses pay on the hosted page, then posts its return form back into the site, as the payer's
 * browser does (Razorpay posts the payer back to callback_url). Answers where the site sends the payer.
 */
export async function payOnHostedPage(world: OnlineWorld, checkoutUrl: string): Promise<string> {
  const html = await openHostedPage(world, checkoutUrl);
  const action = /action="([^"]*\/pay)"/.exec(html)![1];
  const fields = new URLSearchParams(
    [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2].replace(/&amp;/g, '&')]),
  );
  const pressed = await fetch(new URL(action, world.standin.url), { method: 'POST', body: fields });
  expect(pressed.status).toBe(200);
  const back = readPostBack(await pressed.text());
  expect(back.action.origin).toBe(new URL(world.siteUrl).origin);
  const answer = await fetch(back.action, { method: 'POST', body: back.fields, redirect: 'manual' });
  expect(answer.status).toBe(303);
  return answer.headers.get('location')!;
}

/** The decision e-mails in an outbox sent to `to` (receipts attached as PDF, or a rejection). */
export function decisionMailsTo(outbox: string[], to: string): { receipts: string[]; rejections: string[] } {
  const mine = outbox.filter((mail) => new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(mail));
  return {
    receipts: mine.filter((mail) => /^Subject: NIPM receipt /m.test(mail) && mail.includes('application/pdf')),
    rejections: mine.filter((mail) => /^Subject: NIPM: your payment of .* could not be verified/m.test(mail)),
  };
}
