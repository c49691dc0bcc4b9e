export { startStandin, STANDIN_DEFAULTS, type Standin, type StandinOptions } from './server';
export { signBody } from './webhooks';
export { readPostBack } from './checkout-page';
export type { StandinOrder, StandinPayment, StandinRefund, StandinReconItem } from './state';
