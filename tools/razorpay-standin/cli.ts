import { STANDIN_DEFAULTS, startStandin } from './server';

/**
 * Runs the stand-in on its own: `npx tsx tools/razorpay-standin/cli.ts`. Reads
 * STANDIN_PORT (default 4439), STANDIN_WEBHOOK_URL, and the keys from RAZORPAY_KEY_ID,
 * RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET (defaults: the stand-in's test keys), then
 * prints the settings the site needs.
 */
const standin = await startStandin({
  port: Number(process.env.STANDIN_PORT ?? 4439),
  webhookUrl: process.env.STANDIN_WEBHOOK_URL ?? null,
  keyId: process.env.RAZORPAY_KEY_ID || STANDIN_DEFAULTS.keyId,
  keySecret: process.env.RAZORPAY_KEY_SECRET || STANDIN_DEFAULTS.keySecret,
  webhookSecret: process.env.RAZORPAY_WEBHOOK_SECRET || STANDIN_DEFAULTS.webhookSecret,
});

console.log(`Razorpay stand-in listening on ${standin.url}`);
console.log(`RAZORPAY_API_URL=${standin.url}`);
console.log(`RAZORPAY_KEY_ID=${standin.keyId}`);
console.log(`RAZORPAY_KEY_SECRET=${standin.keySecret}`);
console.log(`RAZORPAY_WEBHOOK_SECRET=${standin.webhookSecret}`);

const stop = () => void standin.stop().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
