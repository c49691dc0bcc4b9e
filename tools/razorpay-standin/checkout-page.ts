import type { StandinOrder } from './state';

/**
 * The stand-in's hosted checkout page: what the payer sees instead of Razorpay's. Three buttons
 * (pay, fail, cancel), each a plain form post, so it works without script as the real page
 * works with it.
 */

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface CheckoutPageInput {
  order: StandinOrder;
  callbackUrl: string;
  cancelUrl: string | null;
  name: string | null;
  description: string | null;
}

function rupees(paise: number): string {
  return `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function checkoutPage(input: CheckoutPageInput): string {
  const { order } = input;
  const hidden = [
    ['callback_url', input.callbackUrl],
    ['cancel_url', input.cancelUrl ?? ''],
  ]
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value)}">`)
    .join('');
  const button = (action: string, label: string, testId: string) =>
    `<form method="post" action="/v1/checkout/embedded/${escape(order.id)}/${action}">${hidden}` +
    `<button type="submit" data-testid="${testId}">${label}</button></form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Razorpay stand-in checkout</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}
button{font-size:1rem;padding:.6rem 1.2rem;margin:.3rem 0;width:100%}.note{color:#555;font-size:.9rem}</style>
</head><body>
<h1>Razorpay stand-in</h1>
<p class="note">A test gateway: no money moves.</p>
<p>${escape(input.name ?? 'Merchant')}${input.description ? ` — ${escape(input.description)}` : ''}</p>
<p>Order <code>${escape(order.id)}</code></p>
<p>Amount <strong data-testid="standin-amount">${rupees(order.amount_due)}</strong></p>
${button('pay', `Pay ${rupees(order.amount_due)}`, 'standin-pay')}
${button('fail', 'Make the payment fail', 'standin-fail')}
${button('cancel', 'Cancel', 'standin-cancel')}
</body></html>`;
}

export function messagePage(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body><h1>${escape(title)}</h1><p>${escape(message)}</p></body></html>`;
}

/**
 * How Razorpay's hosted checkout returns the payer: a form POSTed to the merchant's callback_url
 * with the payment's fields (or the error's), submitted by script at once, and by a button without it.
 */
export function postBackPage(callbackUrl: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Returning to the merchant</title></head><body>
<form id="back" method="post" action="${escape(callbackUrl)}">${inputs}
<p>Returning you to the merchant…</p><button type="submit" data-testid="standin-return">Continue</button></form>
<script>document.getElementById('back').submit();</script>
</body></html>`;
}

/** What a browser would post from a post-back page: its action and fields (for tests without a browser). */
export function readPostBack(html: string): { action: URL; fields: URLSearchParams } {
  const unescape = (value: string) =>
    value.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) =>
      name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : "'",
    );
  const action = /<form id="back" method="post" action="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) throw new Error('Not a post-back page.');
  const fields = new URLSearchParams(
    [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m) => [
      unescape(m[1]),
      unescape(m[2]),
    ]),
  );
  return { action: new URL(unescape(action)), fields };
}
