import { useMemo, useState } from 'react';
import { formatDateTime, formatMoney, MISSING } from '../../lib/format';
import type { SortOrder } from '../../lib/schemas/common';
import {
  PAYMENT_PURPOSE_LABELS,
  type CouponItem,
  type CouponRedemptionItem,
  type PaymentPurpose,
} from '../../lib/schemas/money';
import { DataTable, useServerList, type ColumnDef, type TableQuery } from '../staff';

const PAGE_SIZE = 10;

const columns: ColumnDef<CouponRedemptionItem>[] = [
  {
    id: 'subject',
    header: 'Used for',
    cell: ({ row }) =>
      `${PAYMENT_PURPOSE_LABELS[row.original.purpose as PaymentPurpose] ?? row.original.purpose} ${
        row.original.subjectLabel ?? `#${row.original.subjectId}`
      }`,
  },
  {
    id: 'discount',
    header: 'Discount',
    cell: ({ row }) => formatMoney(row.original.discount),
    meta: { align: 'right' },
  },
  { id: 'redeemedAt', header: 'Used on', cell: ({ row }) => formatDateTime(row.original.redeemedAt) },
  {
    id: 'releasedAt',
    header: 'Given back',
    cell: ({ row }) => (row.original.releasedAt ? formatDateTime(row.original.releasedAt) : MISSING),
  },
];

/** One coupon's redemptions, newest first, paged here (the page of the coupon list stays in the address). */
export function CouponRedemptions({ coupon, onClose }: { coupon: CouponItem; onClose(): void }) {
  const [page, setPage] = useState(1);
  const params = useMemo(() => ({ page: String(page), pageSize: String(PAGE_SIZE) }), [page]);
  const list = useServerList<CouponRedemptionItem>(`/admin/coupons/${coupon.id}/redemptions`, params);
  const query: TableQuery = {
    values: { page, pageSize: PAGE_SIZE },
    setPage,
    setSort: (_order: SortOrder | null) => undefined,
  };
  return (
    <section aria-labelledby="redemptions-heading" className="mt-8 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="redemptions-heading" className="text-lg font-semibold">
          Redemptions of {coupon.code}{' '}
          <span className="font-normal text-slate-600">
            ({coupon.uses} of {coupon.maxUses} uses taken)
          </span>
        </h2>
        <button type="button" onClick={onClose} className="text-sm font-medium text-brand-700 underline">
          Close redemptions
        </button>
      </div>
      <DataTable
        caption={`Redemptions of coupon ${coupon.code}`}
        columns={columns}
        list={list}
        query={query}
        empty="Nobody has used this coupon yet."
        noun="redemptions"
        getRowId={(row) => String(row.id)}
      />
    </section>
  );
}
