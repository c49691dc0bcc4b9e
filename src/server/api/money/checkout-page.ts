import { createHash } from 'node:crypto';
import { formatMoney } from '../../../lib/format';
import type { CheckoutForm } from '../../domains/money/gateway/client';

/**
 * The page that opens the gateway's hosted checkout: a form POSTing the checkout fields to the
 * gateway, submitted at once by a one-line script allowed by its hash, with a button for a
 * browser that runs no script. The page carries its own policy: the site's `form-action 'self'`
 * would block the POST to the gateway's origin.
 */

const SUBMIT_SCRIPT = "document.getElementById('checkout').submit();";
const SUBMIT_HASH = `'sha256-${createHash('sha256').update(SUBMIT_SCRIPT).digest('base64')}'`;

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The gateway's origin, plus `https:` because the hosted page may move the form on to another
 * of the gateway's hosts, which browsers check against `form-action` too.
 */
export function checkoutPagePolicy(action: string): string {
  return [
    "default-src 'none'",
    `script-src ${SUBMIT_HASH}`,
    "style-src 'unsafe-inline'",
    `form-action ${new URL(action).origin} https:`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function checkoutPage(form: CheckoutForm & { amount: number; description: string }): string {
  const hidden = Object.entries(form.fields)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Opening the payment page | NIPM</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<style>body{font-family:system-ui,sans-serif;max-width:30rem;margin:3rem auto;padding:0 1rem}
button{font-size:1rem;padding:.6rem 1.2rem;background:#1e3a8a;color:#fff;border:0;border-radius:.4rem}</style>
</head><body>
<h1>Opening the payment page</h1>
<p>${escape(form.description)}: ${escape(formatMoney(form.amount))}</p>
<form id="checkout" method="post" action="${escape(form.action)}">
${hidden}
<p>If the payment page does not open by itself, press the button.</p>
<button type="submit" data-testid="checkout-continue">Continue to the payment page</button>
</form>
<script>${SUBMIT_SCRIPT}</script>
</body></html>`;
}
