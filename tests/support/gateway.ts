import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { gatewayFrom, type Gateway } from '../../src/server/domains/money/gateway/config';
import type { DB } from '../../src/server/platform/db';
import { applicationAwaitingPayment, type OnlineWorld } from './online';

/**
 * What the gateway tests share beyond tests/support/online.ts: a gateway that cannot be reached
 * (a port nobody listens on, as when Razorpay is down or the network is cut), an application's
 * online payment started through the API, and the rows the office and the payer see.
 */

/** A port that was free a moment ago and that nothing listens on now: connecting is refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The world's gateway keys, but its API address one where nothing answers. */
export async function unreachableGateway(world: OnlineWorld): Promise<Gateway> {
  return gatewayFrom({
    RAZORPAY_KEY_ID: world.standin.keyId,
    RAZORPAY_KEY_SECRET: world.standin.keySecret,
    RAZORPAY_WEBHOOK_SECRET: world.standin.webhookSecret,
    RAZORPAY_API_URL: `http://127.0.0.1:${await closedPort()}`,
  })!;
}

/** Runs `body` while the site's gateway cannot be reached, then gives the site its gateway back. */
export async function whileGatewayDown<T>(world: OnlineWorld, body: () => Promise<T>): Promise<T> {
  const reachable = world.api.deps.gateway;
  world.api.deps.gateway = await unreachableGateway(world);
  try {
    return await body();
  } finally {
    world.api.deps.gateway = reachable;
  }
}

export interface StartedOnline {
  paymentId: number;
  gatewayOrderId: string;
  amount: number;
  checkoutUrl: string;
}

/** An application awaiting payment and the online payment its applicant starts for it. */
export async function startApplicationOnline(world: OnlineWorld, db: DB, chapterId: number) {
  const application = await applicationAwaitingPayment(db, chapterId);
  const response = await world.api.request('POST', '/api/payments/online', {
    body: { purpose: 'membership_application', subjectId: application.id, statusToken: application.token },
  });
  expect(response.status).toBe(201);
  const started = ((await response.json()) as { data: StartedOnline }).data;
  return { application, started, statusPath: `/membership/status?token=${encodeURIComponent(application.token)}` };
}

export const paymentRow = (db: DB, id: number) =>
  db
    .selectFrom('payments')
    .select(['state', 'note', 'receipt_number', 'reference', 'amount', 'payer_email', 'paid_on'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

export const orderRow = (db: DB, paymentId: number) =>
  db.selectFrom('gateway_orders').selectAll().where('payment_id', '=', paymentId).executeTakeFirstOrThrow();

export const applicationState = async (db: DB, id: number) =>
  (await db.selectFrom('applications').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;

/** The audit entries of one payment, oldest first, with their detail read. */
export async function paymentAudit(db: DB, paymentId: number) {
  const rows = await db
    .selectFrom('audit_log')
    .select(['action', 'detail'])
    .where('entity', '=', 'payment')
    .where('entity_id', '=', String(paymentId))
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    action: row.action,
    detail: (row.detail ? JSON.parse(row.detail) : {}) as Record<string, unknown>,
  }));
}
