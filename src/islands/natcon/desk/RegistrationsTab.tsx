import { useEffect, useMemo, useState } from 'react';
import { formatDateTime, formatMoney } from '../../../lib/format';
import {
  ORDER_STATE_LABELS,
  ORDER_STATES,
  ORDER_STATUS_LABELS,
  PAYMENT_STATE_LABELS,
  PAYMENT_STATES,
  type OrderPaymentState,
} from '../../../lib/natcon';
import { OrderListQuery, type AdminEdition, type AdminOrderListItem } from '../../../lib/schemas/natcon';
import { api } from '../../../stores/api-client';
import {
  CsvDownloadButton,
  DataTable,
  SearchFilter,
  SelectFilter,
  useListQuery,
  useServerList,
  type ColumnDef,
} from '../../staff';
import { OrderPanel } from './OrderPanel';

const columns: ColumnDef<AdminOrderListItem>[] = [
  { id: 'orderNumber', header: 'Order', accessorKey: 'orderNumber' },
  {
    id: 'organisation',
    header: 'Organisation / contact',
    enableSorting: true,
    cell: ({ row }) => (
      <span>
        {row.original.organisation ?? '—'}
        <span className="block text-slate-600">{row.original.contactName}</span>
      </span>
    ),
  },
  { id: 'categories', header: 'Categories', accessorKey: 'categories' },
  { id: 'delegates', header: 'Delegates', accessorKey: 'delegateCount', meta: { align: 'right' } },
  {
    id: 'state',
    header: 'State',
    // What the order is (awaiting payment until paid), not only whether it holds seats.
    cell: ({ row }) => ORDER_STATUS_LABELS[row.original.status],
  },
  {
    id: 'payment',
    header: 'Payment',
    cell: ({ row }) => PAYMENT_STATE_LABELS[row.original.paymentState as OrderPaymentState],
  },
  {
    id: 'amountDue',
    header: 'Amount',
    enableSorting: true,
    meta: { align: 'right' },
    cell: ({ row }) => formatMoney(row.original.amountDue),
  },
  { id: 'createdAt', header: 'Placed', enableSorting: true, cell: ({ row }) => formatDateTime(row.original.createdAt) },
];

/** Registrations of the edition: filters kept in the address, paged on the server, CSV of the delegates. */
export function RegistrationsTab({ edition, acting }: { edition: AdminEdition; acting: boolean }) {
  const query = useListQuery(OrderListQuery);
  const params = useMemo(() => ({ ...query.params, editionId: String(edition.id) }), [query.params, edition.id]);
  const list = useServerList<AdminOrderListItem>('/admin/natcon/registrations', params);
  const [openId, setOpenId] = useState<number | null>(null);
  const [chapters, setChapters] = useState<{ id: number; name: string }[]>([]);

  useEffect(() => {
    if (!acting) return;
    api
      .get<{ id: number; name: string }[]>('/chapters')
      .then(setChapters)
      .catch(() => setChapters([]));
  }, [acting]);

  return (
    <section aria-labelledby="registrations-heading" className="space-y-3">
      <h2 id="registrations-heading" className="text-lg font-semibold">
        Registrations
      </h2>
      {!acting && <p className="text-sm text-slate-700">Your chapter’s members’ registrations, read-only.</p>}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectFilter query={query} name="categoryId" label="Category">
          {edition.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectFilter>
        <SelectFilter query={query} name="state" label="State">
          {ORDER_STATES.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATE_LABELS[s]}
            </option>
          ))}
        </SelectFilter>
        <SelectFilter query={query} name="paymentState" label="Payment">
          {PAYMENT_STATES.map((s) => (
            <option key={s} value={s}>
              {PAYMENT_STATE_LABELS[s]}
            </option>
          ))}
        </SelectFilter>
        {acting && (
          <SelectFilter query={query} name="chapterId" label="Chapter of members">
            {chapters.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectFilter>
        )}
        <SearchFilter query={query} name="organisation" label="Organisation" />
        <SearchFilter query={query} name="q" label="Name, e-mail or number" />
      </div>
      <CsvDownloadButton
        path="/admin/natcon/registrations/export.csv"
        params={params}
        filename="natcon-delegates.csv"
        label="Download delegates (CSV)"
      />
      <DataTable
        caption="NATCON registrations"
        columns={columns}
        list={list}
        query={query}
        empty="No registrations match."
        noun="registrations"
        getRowId={(row) => String(row.id)}
        onRowClick={(row) => setOpenId(row.id)}
        rowLabel={(row) => `Open order ${row.orderNumber}`}
      />
      {openId !== null && (
        <OrderPanel
          id={openId}
          edition={edition}
          acting={acting}
          onClose={() => setOpenId(null)}
          onChanged={() => void list.reload()}
        />
      )}
    </section>
  );
}
