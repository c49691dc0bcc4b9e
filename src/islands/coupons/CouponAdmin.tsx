import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatDate, formatMoney } from '../../lib/format';
import {
  COUPON_SCOPE_LABELS,
  COUPON_SCOPES,
  COUPON_STATUS_LABELS,
  COUPON_STATUSES,
  CouponListQuery,
  type CouponItem,
} from '../../lib/schemas/money';
import { api, apiErrorOf } from '../../stores/api-client';
import {
  ChoiceFilter,
  ConfirmDialog,
  DataTable,
  ListToolbar,
  SearchFilter,
  useListQuery,
  useServerList,
  type ColumnDef,
} from '../staff';
import { CouponDialog } from './CouponDialog';
import { CouponRedemptions } from './CouponRedemptions';

const STATUS_STYLE: Record<CouponItem['status'], string> = {
  usable: 'bg-green-100 text-green-900',
  inactive: 'bg-slate-200 text-slate-800',
  expired: 'bg-amber-100 text-amber-900',
  upcoming: 'bg-sky-100 text-sky-900',
  used_up: 'bg-red-100 text-red-900',
};

const discountOf = (coupon: CouponItem) => (coupon.kind === 'percent' ? `${coupon.value}%` : formatMoney(coupon.value));

const linkButton = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

/**
 * `/admin/coupon` (super admin): the coupons with uses/limit and status, filtered by code, scope and
 * status (kept in the address), ordered by code, end date, uses or creation; create and edit in a
 * dialog, deactivate after a confirmation, the redemptions of one coupon, and the list as CSV.
 */
export default function CouponAdmin() {
  const query = useListQuery(CouponListQuery);
  const list = useServerList<CouponItem>('/admin/coupons', query.params);
  const [editing, setEditing] = useState<{ coupon: CouponItem | null } | null>(null);
  const [deactivating, setDeactivating] = useState<CouponItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [redemptionsOf, setRedemptionsOf] = useState<CouponItem | null>(null);

  const setActive = async (coupon: CouponItem, active: boolean) => {
    setBusy(true);
    try {
      const saved = await api.patch<CouponItem>(`/admin/coupons/${coupon.id}`, { active });
      toast.success(active ? `Coupon ${saved.code} is active again.` : `Coupon ${saved.code} is deactivated.`);
      setDeactivating(null);
      await list.reload();
    } catch (failure) {
      toast.error((await apiErrorOf(failure)).message);
    } finally {
      setBusy(false);
    }
  };

  const columns: ColumnDef<CouponItem>[] = [
    { id: 'code', header: 'Code', enableSorting: true, cell: ({ row }) => <strong>{row.original.code}</strong> },
    { id: 'discount', header: 'Discount', cell: ({ row }) => discountOf(row.original), meta: { align: 'right' } },
    { id: 'scope', header: 'Applies to', cell: ({ row }) => COUPON_SCOPE_LABELS[row.original.scope] },
    {
      id: 'validTo',
      header: 'Valid',
      enableSorting: true,
      cell: ({ row }) => `${formatDate(row.original.validFrom)} – ${formatDate(row.original.validTo)}`,
    },
    {
      id: 'uses',
      header: 'Uses / limit',
      enableSorting: true,
      meta: { align: 'right' },
      cell: ({ row }) => `${row.original.uses} / ${row.original.maxUses}`,
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => (
        <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[row.original.status]}`}>
          {COUPON_STATUS_LABELS[row.original.status]}
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => {
        const coupon = row.original;
        return (
          <div className="flex flex-wrap gap-3">
            <button type="button" className={linkButton} onClick={() => setEditing({ coupon })}>
              Edit<span className="sr-only"> {coupon.code}</span>
            </button>
            <button type="button" className={linkButton} onClick={() => setRedemptionsOf(coupon)}>
              Redemptions<span className="sr-only"> of {coupon.code}</span>
            </button>
            {coupon.active ? (
              <button type="button" className={linkButton} onClick={() => setDeactivating(coupon)}>
                Deactivate<span className="sr-only"> {coupon.code}</span>
              </button>
            ) : (
              <button type="button" className={linkButton} disabled={busy} onClick={() => void setActive(coupon, true)}>
                Activate<span className="sr-only"> {coupon.code}</span>
              </button>
            )}
          </div>
        );
      },
    },
  ];

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Coupons</h1>
        <button
          type="button"
          onClick={() => setEditing({ coupon: null })}
          className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
        >
          New coupon
        </button>
      </div>
      <p className="mt-1 text-slate-700">
        Discounts on membership fees and NATCON registrations. A coupon is used when an application or order is
        submitted; a rejected or withdrawn one gives its use back.
      </p>

      <ListToolbar params={query.params} csv={{ path: '/admin/coupons/export.csv', filename: 'coupons.csv' }}>
        <SearchFilter query={query} name="q" label="Code" />
        <ChoiceFilter
          query={query}
          name="scope"
          label="Applies to"
          values={COUPON_SCOPES}
          labels={COUPON_SCOPE_LABELS}
        />
        <ChoiceFilter
          query={query}
          name="status"
          label="Status"
          values={COUPON_STATUSES}
          labels={COUPON_STATUS_LABELS}
        />
      </ListToolbar>

      <DataTable
        caption="Coupons"
        columns={columns}
        list={list}
        query={query}
        empty="No coupon matches these filters."
        noun="coupons"
        getRowId={(row) => String(row.id)}
      />

      {redemptionsOf && (
        <CouponRedemptions key={redemptionsOf.id} coupon={redemptionsOf} onClose={() => setRedemptionsOf(null)} />
      )}

      <CouponDialog
        open={editing !== null}
        coupon={editing?.coupon ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void list.reload();
        }}
      />
      <ConfirmDialog
        open={deactivating !== null}
        title={`Deactivate coupon ${deactivating?.code ?? ''}?`}
        confirmLabel="Deactivate"
        danger
        busy={busy}
        onConfirm={() => deactivating && void setActive(deactivating, false)}
        onCancel={() => setDeactivating(null)}
      >
        Nobody can use it from now on. Uses already taken stay; you can activate it again later.
      </ConfirmDialog>
    </div>
  );
}
