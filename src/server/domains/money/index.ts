/**
 * The money module shared by joining, renewals and NATCON: payment settings, coupons, payments,
 * receipts. Each purpose adds its handler to `./purposes.ts`.
 */
export * from './settings';
export * from './coupons';
export * from './payments';
export * from './purposes';
export * from './receipt-content';
export * from './receipts';
export * from './upi';
export * from './coupon-admin';
export * from './payment-list';
