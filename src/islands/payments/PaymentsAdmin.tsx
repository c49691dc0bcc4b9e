import { useStore } from '../../stores/use-store';
import { useEffect, useState } from 'react';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { ROLE } from '../../lib/roles';
import type { ChapterListItem } from '../../lib/schemas/accounts';
import {
  PAYMENT_MODES,
  PAYMENT_MODE_LABELS,
  PAYMENT_PURPOSES,
  PAYMENT_PURPOSE_LABELS,
  PAYMENT_STATES,
  PAYMENT_STATE_LABELS,
  PaymentListQuery,
  paymentModeLabel,
  type PaymentItem,
} from '../../lib/schemas/money';
import { api } from '../../stores/api-client';
import { session } from '../../stores/session';
import {
  ChapterFilter,
  ChoiceFilter,
  DataTable,
  DateFilter,
  ListToolbar,
  PaymentDecisionDialog,
  SearchFilter,
  useListQuery,
  useServerList,
  type ColumnDef,
  type PaymentDecision,
} from '../staff';
import { payerAndSubjectColumns } from './PaymentSubject';

const linkButton = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

const STATE_STYLE: Record<PaymentItem['state'], string> = {
  reported: 'bg-amber-100 text-amber-900',
  verified: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
};

/**
 * `/admin/payments` (issue 28): every payment of every purpose, paged on the server and filtered by
 * state, mode, purpose, chapter, paid-on days and a search (kept in the address), with a link to
 * what each is for, the CSV, and (roles 2 and 5) verify or reject with the one confirmation every
 * staff screen uses. A chapter admin sees its chapter's payments and decides none.
 */
export default function PaymentsAdmin() {
  const roleId = useStore(session).data?.user.roleId;
  const decides = roleId === ROLE.superAdmin || roleId === ROLE.admin;
  const query = useListQuery(PaymentListQuery);
  const list = useServerList<PaymentItem>('/admin/payments', query.params);
  const [chapters, setChapters] = useState<ChapterListItem[]>([]);
  const [deciding, setDeciding] = useState<PaymentDecision | null>(null);
  useEffect(() => {
    if (roleId && roleId !== ROLE.chapterAdmin)
      api.get<ChapterListItem[]>('/chapters').then(setChapters, () => setChapters([]));
  }, [roleId]);

  const columns: ColumnDef<PaymentItem>[] = [
    {
      id: 'reportedAt',
      header: 'Reported',
      enableSorting: true,
      // The payment's own page (refunds, gateway ids, settlement) opens from its date.
      cell: ({ row }) => (
        <a className={`whitespace-nowrap ${linkButton}`} href={`/admin/payments/detail?id=${row.original.id}`}>
          {formatDateTime(row.original.reportedAt)}
        </a>
      ),
    },
    ...payerAndSubjectColumns<PaymentItem>(),
    {
      id: 'mode',
      header: 'Mode and reference',
      cell: ({ row }) => (
        <span>
          {paymentModeLabel(row.original.mode)}
          {row.original.reference && <span className="block font-mono text-xs">{row.original.reference}</span>}
        </span>
      ),
    },
    {
      id: 'amount',
      header: 'Amount',
      enableSorting: true,
      meta: { align: 'right' },
      cell: ({ row }) => formatMoney(row.original.amount),
    },
    { id: 'paidOn', header: 'Paid on', enableSorting: true, cell: ({ row }) => formatDate(row.original.paidOn) },
    {
      id: 'state',
      header: 'State',
      cell: ({ row }) => (
        <span>
          <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATE_STYLE[row.original.state]}`}>
            {PAYMENT_STATE_LABELS[row.original.state]}
          </span>
          {row.original.receiptNumber && <span className="block text-xs">{row.original.receiptNumber}</span>}
          {row.original.state === 'rejected' && row.original.note && (
            <span className="block text-xs text-slate-700">{row.original.note}</span>
          )}
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => {
        const p = row.original;
        if (!decides || p.state !== 'reported') return null;
        const label = `${p.payerName}, ${formatMoney(p.amount)}`;
        return (
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className={linkButton}
              onClick={() => setDeciding({ paymentId: p.id, decision: 'verify', ...p })}
            >
              Verify<span className="sr-only"> the payment of {label}</span>
            </button>
            <button
              type="button"
              className={linkButton}
              onClick={() => setDeciding({ paymentId: p.id, decision: 'reject', ...p })}
            >
              Reject<span className="sr-only"> the payment of {label}</span>
            </button>
          </div>
        );
      },
    },
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Payments</h1>
      <p className="mt-1 text-slate-700">
        Every payment reported or recorded: membership applications, renewals and NATCON registrations. Verify a payment
        once the money is in the account; the payer is e-mailed the receipt (or, rejected, the reason).
      </p>
      <ListToolbar params={query.params} csv={{ path: '/admin/payments/export.csv', filename: 'payments.csv' }}>
        <ChoiceFilter query={query} name="state" label="State" values={PAYMENT_STATES} labels={PAYMENT_STATE_LABELS} />
        <ChoiceFilter
          query={query}
          name="purpose"
          label="For"
          values={PAYMENT_PURPOSES}
          labels={PAYMENT_PURPOSE_LABELS}
        />
        <ChoiceFilter query={query} name="mode" label="Mode" values={PAYMENT_MODES} labels={PAYMENT_MODE_LABELS} />
        {chapters.length > 0 && <ChapterFilter query={query} chapters={chapters} />}
        <DateFilter query={query} name="from" label="Paid from" />
        <DateFilter query={query} name="to" label="Paid to" />
        <SearchFilter query={query} name="q" label="Payer, reference or receipt" />
      </ListToolbar>
      <DataTable
        caption="Payments"
        columns={columns}
        list={list}
        query={query}
        empty="No payment matches these filters."
        noun="payments"
        getRowId={(row) => String(row.id)}
      />
      <PaymentDecisionDialog
        pending={deciding}
        onCancel={() => setDeciding(null)}
        onDecided={() => {
          setDeciding(null);
          void list.reload();
        }}
      />
    </div>
  );
}
