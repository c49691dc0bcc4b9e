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
