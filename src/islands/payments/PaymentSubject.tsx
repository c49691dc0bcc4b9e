import type { ColumnDef } from '@tanstack/react-table';
import { PAYMENT_PURPOSE_LABELS, type PaymentItem } from '../../lib/schemas/money';

const linkButton = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

type Subject = Pick<PaymentItem, 'purpose' | 'subjectId' | 'subjectLabel'>;
type Payer = Pick<PaymentItem, 'payerName' | 'payerEmail'>;

/** Where staff open what a payment is for: the application, the member's record, the NATCON order. */
export function subjectLink(payment: Pick<PaymentItem, 'purpose' | 'subjectLabel'>): string | null {
  if (!payment.subjectLabel) return null;
  const q = encodeURIComponent(payment.subjectLabel);
  switch (payment.purpose) {
    case 'membership_application':
      return `/admin/membership?tab=applications&q=${q}`;
    case 'membership_renewal':
      return `/admin/membership?tab=members&q=${q}`;
    case 'natcon_order':
      return `/admin/natcon?q=${q}`;
    default:
      return null;
  }
}

/** A money list's "For" cell (payments, refunds): the purpose, and below it a link to what it paid for. */
export function PaymentSubject({ payment }: { payment: Subject }) {
  const link = subjectLink(payment);
  return (
    <span>
      {PAYMENT_PURPOSE_LABELS[payment.purpose as keyof typeof PAYMENT_PURPOSE_LABELS] ?? payment.purpose}
      <span className="block text-xs">
        {link ? (
          <a className={linkButton} href={link}>
            {payment.subjectLabel}
          </a>
        ) : (
          (payment.subjectLabel ?? `#${payment.subjectId}`)
        )}
      </span>
    </span>
  );
}

/** The "Payer" and "For" columns every money list shows (payments, refunds): who paid, and for what. */
export function payerAndSubjectColumns<Row extends Payer & Subject>(): ColumnDef<Row>[] {
  return [
    {
      id: 'payer',
      header: 'Payer',
      cell: ({ row }) => (
        <span>
          {row.original.payerName}
          <span className="block text-xs text-slate-600">{row.original.payerEmail}</span>
        </span>
      ),
    },
    {
      id: 'for',
      header: 'For',
      cell: ({ row }) => <PaymentSubject payment={row.original} />,
    },
  ];
}
