import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleApi } from './api';
import { handleControl } from './control';
import { StandinGateway } from './gateway';
import { parseBody, readBody, sendError } from './http-util';
import { WebhookSender } from './webhooks';

/**
 * A local stand-in for Razorpay: the part of its HTTP API the site calls, its hosted checkout
 * page, and signed webhooks to the site. Tests start one per file on a free port; `npm run demo`
 * starts one beside the site. It is a dev/test tool, never part of the running site.
 */

export interface StandinOptions {
  /** 0 (default): a free port. */
  port?: number;
  host?: string;
  /** Where webhooks go (the site's POST /api/payments/gateway/webhook); null: nowhere yet. */
  webhookUrl?: string | null;
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
  /** Delivery attempts per webhook (a non-2xx answer is retried). */
  webhookAttempts?: number;
  webhookRetryDelayMs?: number;
}

export interface Standin {
  /** `http://127.0.0.1:PORT`: the site's RAZORPAY_API_URL. */
  url: string;
  port: number;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  gateway: StandinGateway;
  stop(): Promise<void>;
}

export const STANDIN_DEFAULTS = {
  keyId: 'rzp_test_Standin000001',
  keySecret: 'standin_key_secret_not_for_production',
  webhookSecret: 'standin_webhook_secret_not_for_production',
};

export async function startStandin(options: StandinOptions = {}): Promise<Standin> {
  const keyId = options.keyId ?? STANDIN_DEFAULTS.keyId;
  const keySecret = options.keySecret ?? STANDIN_DEFAULTS.keySecret;
  const webhookSecret = options.webhookSecret ?? STANDIN_DEFAULTS.webhookSecret;
  const webhooks = new WebhookSender({
    url: options.webhookUrl ?? null,
    secret: webhookSecret,
    attempts: options.webhookAttempts,
    retryDelayMs: options.webhookRetryDelayMs,
  });
  const gateway = new StandinGateway({ keyId, keySecret }, webhooks);

  const server: Server = createServer((req, res) => {
    void (async () => {
      try {
        const url = new URL(req.url ?? '/', 'http://standin.local');
        const raw = req.method === 'POST' ? await readBody(req) : '';
        if (await handleApi(gateway, req, res, url, raw)) return;
        const path = url.pathname.replace(/\/$/, '');
        if (await handleControl(gateway, req.method ?? 'GET', path, parseBody(req, raw), res)) return;
        sendError(res, 404, 'The requested URL was not found on the server.', null, 'NOT_FOUND');
      } catch (error) {
        if (!res.headersSent) sendError(res, 500, String(error), null, 'SERVER_ERROR');
        else res.end();
      }
    })();
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    keyId,
    keySecret,
    webhookSecret,
    gateway,
    async stop() {
      await webhooks.idle();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}
