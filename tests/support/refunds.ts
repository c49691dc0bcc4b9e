import type { DB } from '../../src/server/platform/db';
import type { AuthUser } from '../../src/server/domains/identity/auth-user';
import { registerPaymentPurpose, type PaymentPurposeHandler } from '../../src/server/domains/money';
import { updateGstSettings } from '../../src/server/domains/gst/settings';
import type { GstSettings } from '../../src/lib/schemas/gst';
import { DomainError } from '../../src/server/domains/errors';
import type { CreatedUser } from './fixtures';
import { decodeQuotedPrintable } from './mail';

/**
 * What the refund and statement tests share: the API's envelope, a signed-in user as the services
 * see it (for the rules the API's own schemas stop before a service is reached, which an import or
 * a job would still meet), the refund e-mails of an outbox, and a taxable purpose so that a refund
 * has an invoice to credit.
 */

export interface Envelope<T> {
  data: T;
  error?: { code?: string; message: string; fields?: Record<string, string> };
}

export function authUserOf(user: CreatedUser): AuthUser {
  return {
    id: user.id,
    email: user.email,
    name: 'Staff',
    image: null,
    roleId: user.roleId,
    memberId: user.memberId,
    chapterId: user.chapterId,
  };
}

/** The DomainError a call refuses with (fails the test when it does not refuse). */
export async function refusal(call: Promise<unknown> | (() => unknown)): Promise<DomainError> {
  try {
    await (typeof call === 'function' ? call() : call);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('The call was expected to refuse, and did not.');
}

/** The refund e-mails to `to`, oldest first, as the payer reads them (quoted-printable undone). */
export function refundMailsTo(outbox: string[], to: string): string[] {
  return outbox
    .map(decodeQuotedPrintable)
    .filter((mail) => new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(mail))
    .filter((mail) => /^Subject: Refund of /m.test(mail));
}

export const TAXED_PURPOSE = 'refund_taxed_order';
/** One membership line of Rs 1,000 at 18% GST: the payment and the invoice are Rs 1,180.00. */
export const TAXED_AMOUNT = 118_000;

/** The institute registered for GST in West Bengal, at 18% on every supply. */
export const INSTITUTE_GST_SETTINGS: GstSettings = {
  legalName: 'National Institute of Personnel Management',
  address: 'Park Street, Kolkata 700016',
  gstin: '19AAATN1234F1ZV',
  stateCode: '19',
  purposes: {
    membership: { sac: '999512', ratePercent: 18 },
    natcon_delegate: { sac: '998596', ratePercent: 18 },
    natcon_award: { sac: '999512', ratePercent: 18 },
  },
};

const taxedHandler: PaymentPurposeHandler = {
  canView: async () => false,
  onVerified: async () => {},
  onRejected: async () => {},
  receiptLines: async (_trx, payment) => [{ kind: 'item', label: 'Membership', amount: payment.amount }],
  taxableSupply: async () => ({
    kind: 'membership',
    buyer: { name: 'Asha Rao', address: null, gstin: null, stateCode: '19' },
    eventStateCode: null,
    lines: [
      {
        kind: 'membership',
        description: 'Annual subscription',
        quantity: 1,
        amount: 100_000,
        discount: 0,
        ratePercent: 18,
      },
    ],
  }),
  tokenGrantsAccess: async () => false,
};

/** Registers the taxable purpose and gives the institute a GSTIN, so verified payments are invoiced. */
export async function invoiceTaxedPayments(db: DB, superAdmin: AuthUser): Promise<void> {
  registerPaymentPurpose(TAXED_PURPOSE, taxedHandler);
  await updateGstSettings(db, superAdmin, INSTITUTE_GST_SETTINGS);
}

/** The refund entries of a payment's audit trail: each refund entered, and each the gateway refused. */
export async function refundTrail(db: DB, paymentId: number) {
  const rows = await db
    .selectFrom('audit_log')
    .select(['action', 'detail'])
    .where('entity', '=', 'payment')
    .where('entity_id', '=', String(paymentId))
    .where('action', 'in', ['payment.refunded', 'payment.refund_refused'])
    .orderBy('id')
    .execute();
  return rows.map(({ action, detail }) => {
    const { refundId, amount, refusal } = JSON.parse(detail ?? '{}') as Record<string, unknown>;
    return { action, refundId, amount, ...(refusal === undefined ? {} : { refusal }) };
  });
}
