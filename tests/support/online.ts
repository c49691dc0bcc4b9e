import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { randomBytes, createHash } from 'node:crypto';
import { startStandin, type Standin } from '../../tools/razorpay-standin';
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
