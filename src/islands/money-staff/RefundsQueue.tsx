import { useState } from 'react';
import { z } from 'zod';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { PAYMENT_MODE_LABELS, type PaymentMode } from '../../lib/schemas/money';
import { REFUND_MODES } from '../../lib/schemas/online';
import { REFUND_STATES, REFUND_STATE_LABELS, RefundQueueQuery, type RefundQueueItem } from '../../lib/schemas/refunds';
import { api } from '../../stores/api-client';
import {
  ChoiceFilter,
  DataTable,
  FormDialog,
  FormSelectField,
  FormTextField,
  ListToolbar,
  SearchFilter,
  useListQuery,
  useServerList,
  useServerSubmit,
  useZodForm,
  type ColumnDef,
} from '../staff';
import { payerAndSubjectColumns } from '../payments/PaymentSubject';

const linkButton = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

/** Making an offline refund: how the money went back. An online one needs nothing (the gateway sends it). */
const MakeForm = z.object({
  mode: z.string().optional(),
  reference: z.string().trim().max(60).optional(),
  refundedOn: z.string().optional(),
});

const STATE_STYLE: Record<RefundQueueItem['state'], string> = {
  due: 'bg-amber-100 text-amber-900',
  pending: 'bg-sky-100 text-sky-900',
  processed: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
};

/**
 * `/admin/payments/refunds` (roles 2 and 5): refunds owed without a decision, such as a withdrawn
 * application's money, oldest first, then the refunds made. "Refund" records how an offline
 * refund was sent, or sends an online one back through the gateway; the payer is e-mailed.
 */
export default function RefundsQueue() {
  const query = useListQuery(RefundQueueQuery);
  const list = useServerList<RefundQueueItem>('/admin/refunds', query.params);
  const [making, setMaking] = useState<RefundQueueItem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useZodForm(MakeForm, { mode: 'bank_transfer', reference: '', refundedOn: '' });

  const { busy, submit } = useServerSubmit(form, async (values) => {
    if (!making) return;
    const body = making.online
      ? {}
      : { mode: values.mode, reference: values.reference || undefined, refundedOn: values.refundedOn || undefined };
    await api.post(`/admin/refunds/${making.id}/make`, body);
    setDone(
      making.online
        ? `The refund of ${formatMoney(making.amount)} to ${making.payerName} was sent to the gateway.`
        : `The refund of ${formatMoney(making.amount)} to ${making.payerName} is recorded; they have been e-mailed.`,
    );
    setMaking(null);
    form.reset();
    void list.reload();
  });

  const columns: ColumnDef<RefundQueueItem>[] = [
    { id: 'createdAt', header: 'Since', cell: ({ row }) => formatDateTime(row.original.createdAt) },
    ...payerAndSubjectColumns<RefundQueueItem>(),
    {
      id: 'payment',
      header: 'Payment',
      cell: ({ row }) => (
        <a className={linkButton} href={`/admin/payments/detail?id=${row.original.paymentId}`}>
          {row.original.receiptNumber ?? `#${row.original.paymentId}`}
          <span className="block text-xs text-slate-600">
            {formatMoney(row.original.paidAmount)}
            {row.original.online ? ' online' : ''}
          </span>
        </a>
      ),
    },
    { id: 'reason', header: 'Reason', cell: ({ row }) => row.original.reason },
    {
      id: 'amount',
      header: 'Refund',
      meta: { align: 'right' },
      cell: ({ row }) => formatMoney(row.original.amount),
    },
    {
      id: 'state',
      header: 'State',
      cell: ({ row }) => {
        const r = row.original;
        return (
          <span>
            <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATE_STYLE[r.state]}`}>
              {REFUND_STATE_LABELS[r.state]}
            </span>
            {r.state !== 'due' && (
              <span className="block text-xs">
                {r.mode === 'gateway' ? 'Through the gateway' : (PAYMENT_MODE_LABELS[r.mode as PaymentMode] ?? r.mode)}
                {r.reference ? ` · ${r.reference}` : ''}
                {r.refundedOn ? ` · ${formatDate(r.refundedOn)}` : ''}
              </span>
            )}
          </span>
        );
      },
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) =>
        row.original.state === 'due' ? (
          <button type="button" className={linkButton} onClick={() => setMaking(row.original)}>
            Refund<span className="sr-only"> {row.original.payerName}</span>
          </button>
        ) : null,
    },
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Refunds</h1>
      <p className="mt-1 text-slate-700">
        Money the institute owes back, such as the fee of a withdrawn application, waits here until it is refunded. The
        amount is what was paid less any earlier refund.
      </p>
      {done && (
        <p role="status" className="mt-3 rounded-md bg-green-50 px-4 py-2 text-green-900">
          {done}
        </p>
      )}
      <ListToolbar params={query.params} csv={{ path: '/admin/refunds/export.csv', filename: 'refunds.csv' }}>
        <ChoiceFilter query={query} name="state" label="State" values={REFUND_STATES} labels={REFUND_STATE_LABELS} />
        <SearchFilter query={query} name="q" label="Payer or receipt" />
      </ListToolbar>
      <DataTable
        caption="Refunds"
        columns={columns}
        list={list}
        query={query}
        empty="No refund matches these filters."
        noun="refunds"
        getRowId={(row) => String(row.id)}
      />
      <FormDialog
        open={making !== null}
        title={making ? `Refund ${formatMoney(making.amount)} to ${making.payerName}` : 'Refund'}
        form={form}
        onSubmit={submit}
        confirmLabel={making?.online ? 'Refund through the gateway' : 'Record the refund'}
        busy={busy}
        onCancel={() => setMaking(null)}
      >
        {making?.online ? (
          <p>The money goes back through the gateway to the card, UPI or account it was paid from.</p>
        ) : (
          <>
            <FormSelectField id="make-mode" name="mode" label="Sent back by">
              {REFUND_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {PAYMENT_MODE_LABELS[mode as PaymentMode] ?? mode}
                </option>
              ))}
            </FormSelectField>
            <FormTextField id="make-reference" name="reference" label="Transfer reference" />
            <FormTextField id="make-on" name="refundedOn" label="Sent on" type="date" />
          </>
        )}
      </FormDialog>
    </div>
  );
}
