import { createHmac } from 'node:crypto';
import { entityId, unixNow } from './state';

/**
 * Webhook delivery as Razorpay documents it (https://razorpay.com/docs/webhooks/validate-test):
 * a POST of the event JSON, `X-Razorpay-Signature` = hex HMAC-SHA256 of the raw body keyed with
 * the webhook secret, `X-Razorpay-Event-Id` unique per event; a non-2xx answer is retried.
 * Tests make it misbehave as the real one may: deliver each event several times at once, hold
 * events back (lost webhooks) and release them late or in reverse order.
 */

export interface WebhookEvent {
  id: string;
  event: string;
  body: string;
  deliveries: { status: number | 'error'; at: number }[];
}

export interface DeliveryMode {
  /** `hold`: queue events until `release` or `drop`; `deliver`: send them as they happen. */
  mode: 'deliver' | 'hold';
  /** How many times each event is sent, all at once (Razorpay may send an event twice). */
  copies: number;
  /** Wait before sending, in milliseconds. */
  delayMs: number;
}

export interface WebhookSenderOptions {
  url: string | null;
  secret: string;
  /** Attempts per delivery before giving up (Razorpay retries for 24 hours; a stand-in briefly). */
  attempts?: number;
  retryDelayMs?: number;
}

export function signBody(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class WebhookSender {
  url: string | null;
  readonly secret: string;
  private readonly attempts: number;
  private readonly retryDelayMs: number;
  mode: DeliveryMode = { mode: 'deliver', copies: 1, delayMs: 0 };
  readonly events: WebhookEvent[] = [];
  private held: WebhookEvent[] = [];
  private readonly inFlight = new Set<Promise<void>>();

  constructor(options: WebhookSenderOptions) {
    this.url = options.url;
    this.secret = options.secret;
    this.attempts = options.attempts ?? 3;
    this.retryDelayMs = options.retryDelayMs ?? 500;
  }

  /** Builds the event envelope of the webhook payloads' documentation and sends (or holds) it. */
  emit(event: string, entities: Record<string, unknown>): WebhookEvent {
    const envelope = {
      entity: 'event',
      account_id: 'acc_StandinAccount01',
      event,
      contains: Object.keys(entities),
      payload: Object.fromEntries(Object.entries(entities).map(([name, entity]) => [name, { entity }])),
      created_at: unixNow(),
    };
    const record: WebhookEvent = {
      id: entityId('evt').replace('evt_', ''),
      event,
      body: JSON.stringify(envelope),
      deliveries: [],
    };
    this.events.push(record);
    if (this.mode.mode === 'hold') this.held.push(record);
    else this.track(this.deliver(record, this.mode.copies, this.mode.delayMs));
    return record;
  }

  /** Sends held events now, in the order they happened or reversed (out-of-order delivery). */
  release(order: 'sent' | 'reverse' = 'sent'): Promise<void> {
    const events = order === 'reverse' ? [...this.held].reverse() : [...this.held];
    this.held = [];
    const run = (async () => {
      for (const event of events) await this.deliver(event, 1, 0);
    })();
    this.track(run);
    return run;
  }

  /** Forgets held events: webhooks that never arrive. */
  drop(): number {
    const count = this.held.length;
    this.held = [];
    return count;
  }

  /** Sends an event again, `copies` times at once, with its original id and body. */
  redeliver(eventId: string, copies: number): Promise<void> {
    const event = this.events.find((e) => e.id === eventId);
    if (!event) return Promise.reject(new Error(`No event ${eventId}`));
    const run = this.deliver(event, copies, 0);
    this.track(run);
    return run;
  }

  /** Resolves when every delivery begun so far has finished (its retries included). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  private track(run: Promise<void>) {
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  private async deliver(event: WebhookEvent, copies: number, delayMs: number): Promise<void> {
    if (delayMs) await sleep(delayMs);
    await Promise.all(Array.from({ length: Math.max(1, copies) }, () => this.post(event)));
  }

  private async post(event: WebhookEvent): Promise<void> {
    if (!this.url) return;
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      let status: number | 'error' = 'error';
      try {
        const response = await fetch(this.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-razorpay-signature': signBody(event.body, this.secret),
            'x-razorpay-event-id': event.id,
            'user-agent': 'Razorpay-Webhook/v1',
          },
          body: event.body,
        });
        await response.arrayBuffer();
        status = response.status;
      } catch {
        status = 'error';
      }
      event.deliveries.push({ status, at: Date.now() });
      if (typeof status === 'number' && status >= 200 && status < 300) return;
      if (attempt < this.attempts) await sleep(this.retryDelayMs * attempt);
    }
  }
}
