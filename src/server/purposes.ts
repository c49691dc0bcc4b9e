import { membershipApplicationPurpose } from './domains/joining/payments';
import { membershipRenewalPurpose } from './domains/members/renewals/payments';
import { registerPaymentPurpose } from './domains/money/purposes';
import { natconOrderPayments } from './domains/natcon/payments';

/**
 * Tells money which domain handles each payment purpose. Money owns the interface and the registry;
 * the paying domains import money, so money importing them back would be an import circle. Called
 * by everything that can take or verify a payment (the API app, the demo data); safe to call again.
 * A new purpose adds one line here.
 */
let registered = false;

export function registerPaymentPurposes(): void {
  if (registered) return;
  registered = true;
  registerPaymentPurpose('membership_application', membershipApplicationPurpose);
  registerPaymentPurpose('natcon_order', natconOrderPayments);
  registerPaymentPurpose('membership_renewal', membershipRenewalPurpose);
}
