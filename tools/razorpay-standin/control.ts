import type { ServerResponse } from 'node:http';
import type { StandinGateway } from './gateway';
import { match, sendJson } from './http-util';

/**
 * Control endpoints for tests and demos, under /__control (no auth: the stand-in listens on
 * 127.0.0.1 only). They make the gateway do what a payer or the real gateway's quirks would:
 *
 *   POST /__control/orders/:id/pay      { amount?, currency? }  pay without the browser (a different
 *                                                               amount or currency makes a tampered payment)
 *   POST /__control/orders/:id/fail                              a failed attempt
 *   POST /__control/webhooks            { mode?, copies?, delayMs?, url? }  how events are delivered
 *   POST /__control/webhooks/release    { order?: 'sent'|'reverse' }        send held events
 *   POST /__control/webhooks/drop                                forget held events (lost webhooks)
 *   POST /__control/webhooks/:eventId/redeliver { copies? }      the same event again, at once
 *   GET  /__control/events                                       events and their deliveries
 *   POST /__control/settle              { at? }                  settle now (at: unix seconds)
 *   POST /__control/idle                                         waits until deliveries finish
 */

const sentEvents = (gateway: StandinGateway) =>
  gateway.webhooks.events.map((e) => ({
    id: e.id,
    event: e.event,
    body: JSON.parse(e.body),
    deliveries: e.deliveries,
  }));

function answer(res: ServerResponse, status: number, body: unknown): true {
  sendJson(res, status, body);
  return true;
}

export async function handleControl(
  gateway: StandinGateway,
  method: string,
  path: string,
  body: Record<string, unknown>,
  res: ServerResponse,
): Promise<boolean> {
  if (!path.startsWith('/__control/')) return false;
  const number = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : Number(v));
  const orderAction = match('/__control/orders/:id/:action', path);
  if (orderAction && method === 'POST') {
    const order = gateway.order(orderAction.id);
    if (!order) return answer(res, 404, { error: 'no such order' });
    if (orderAction.action === 'pay') {
      const payment = gateway.pay(order, {
        amount: number(body.amount),
        currency: typeof body.currency === 'string' ? body.currency : undefined,
      });
      sendJson(res, 200, { payment, signature: gateway.paymentSignature(order.id, payment.id) });
      return true;
    }
    if (orderAction.action === 'fail') return answer(res, 200, { payment: gateway.fail(order) });
  }
  const redeliver = match('/__control/webhooks/:eventId/redeliver', path);
  if (redeliver && method === 'POST') {
    await gateway.webhooks.redeliver(redeliver.eventId, number(body.copies) ?? 1);
    return answer(res, 200, { ok: true });
  }
  if (method === 'GET' && path === '/__control/events') return answer(res, 200, sentEvents(gateway));
  if (method !== 'POST') return false;
  switch (path) {
    case '/__control/webhooks': {
      const mode = gateway.webhooks.mode;
      if (body.mode === 'hold' || body.mode === 'deliver') mode.mode = body.mode;
      if (body.copies !== undefined) mode.copies = Math.max(1, number(body.copies) ?? 1);
      if (body.delayMs !== undefined) mode.delayMs = Math.max(0, number(body.delayMs) ?? 0);
      if (typeof body.url === 'string') gateway.webhooks.url = body.url;
      sendJson(res, 200, { ...mode, url: gateway.webhooks.url });
      return true;
    }
    case '/__control/webhooks/release':
      await gateway.webhooks.release(body.order === 'reverse' ? 'reverse' : 'sent');
      sendJson(res, 200, { ok: true });
      return true;
    case '/__control/webhooks/drop':
      sendJson(res, 200, { dropped: gateway.webhooks.drop() });
      return true;
    case '/__control/settle':
      sendJson(res, 200, gateway.settle(number(body.at)));
      return true;
    case '/__control/idle':
      await gateway.webhooks.idle();
      sendJson(res, 200, { ok: true });
      return true;
    default:
      return false;
  }
}
