import { createHash } from 'node:crypto';
import type { DB } from '../../../platform/db';
import { nowIso } from '../../../platform/db';
import type { Mailer } from '../../../platform/mail/mailer';
import type { PayerTeller } from '../decision-mail';
import { invalid } from '../../errors';
import { confirmRefundProcessed } from '../refunds/refunds';
import type { Gateway } from './config';
import { confirmCapture, type ConfirmOutcome } from './confirm';
import { parseWebhookEvent, type WebhookEvent } from './entities';
import { isValidWebhookSignature } from './signatures';

/**
 * The gateway's webhook. The signature is checked on the raw body before anything is read; the
 * event id (`X-Razorpay-Event-Id`) is claimed by inserting it, so an event delivered twenty times
 * at once is processed once; what an event says goes through the same confirmation as the
 * payer's return, which only ever moves an order forward, so events out of order change nothing
 * they should not. An unknown order or event is answered 200 with nothing changed (the gateway
 * would otherwise retry it for a day).
 */

export interface WebhookDelivery {
  rawBody: string;
  signature: string | undefined;
  eventId: string | undefined;
}

export type WebhookResult = { status: 'duplicate' } | { status: 'processed'; outcome: string };

/** Inserts the event id; false when it was already there (a duplicate delivery). */
async function claim(db: DB, eventId: string, event: string, now: Date): Promise<boolean> {
  const inserted = await db
    .insertInto('gateway_events')
    .values({ event_id: eventId, event, received_at: nowIso(now), outcome: null })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return Boolean(inserted);
}

function describe(result: ConfirmOutcome): string {
  return result.outcome === 'flagged' ? `flagged: ${result.flag}` : result.outcome;
}

export async function handleWebhook(
  db: DB,
  gateway: Gateway,
  delivery: WebhookDelivery,
  now: Date,
  mailer: Mailer,
  tell?: PayerTeller,
): Promise<WebhookResult> {
  if (!isValidWebhookSignature(delivery.rawBody, delivery.signature, gateway.webhookSecret)) {
    throw invalid({ signature: 'The webhook signature does not match.' }, 'The webhook signature does not match.');
  }
  const event = parseWebhookEvent(delivery.rawBody);
  if (!event) throw invalid({ body: 'Not a gateway event.' }, 'Not a gateway event.');
  const eventId = delivery.eventId?.trim() || createHash('sha256').update(delivery.rawBody).digest('hex').slice(0, 60);
  if (!(await claim(db, eventId, event.event, now))) return { status: 'duplicate' };
  let outcome: string;
  try {
    outcome = await apply(db, event, now, mailer, tell);
  } catch (error) {
    // Not processed: the claim is given back so that the gateway's retry is processed.
    await db.deleteFrom('gateway_events').where('event_id', '=', eventId).execute();
    throw error;
  }
  await db.updateTable('gateway_events').set({ outcome }).where('event_id', '=', eventId).execute();
  return { status: 'processed', outcome };
}

async function apply(db: DB, event: WebhookEvent, now: Date, mailer: Mailer, tell?: PayerTeller): Promise<string> {
  const payment = event.payload.payment?.entity;
  switch (event.event) {
    case 'payment.captured':
    case 'order.paid': {
      const orderId = event.payload.order?.entity.id ?? payment?.order_id;
      if (!payment || !orderId) return 'ignored: no payment';
      return describe(await confirmCapture(db, orderId, payment, 'webhook', now, tell));
    }
    case 'payment.failed':
      // A failed attempt closes nothing: the payer may retry on the same order and pay.
      return 'attempt failed';
    case 'refund.processed': {
      const refund = event.payload.refund?.entity;
      if (!refund) return 'ignored: no refund';
      return (await confirmRefundProcessed(db, refund, now, mailer))
        ? 'refund processed'
        : 'refund unknown or already processed';
    }
    default:
      return `ignored: ${event.event}`;
  }
}
