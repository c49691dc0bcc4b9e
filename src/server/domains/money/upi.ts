/** The `upi://pay` link: one client-safe builder, used by the pay screens and the server alike. */
export { upiPayLink, type UpiPayRequest } from '../../../lib/upi';
