import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { CsvDownloadButton, DataTable, SearchFilter, SelectFilter, useListQuery, useServerList } from '../staff';
import { api } from '../../stores/api-client';
import { useStore } from '../../stores/use-store';
import { session } from '../../stores/session';
import { formatDate, formatMoney } from '../../lib/format';
import { financialYearLabel, financialYearStart, kolkataDate } from '../../lib/financial-year';
import { MEMBERSHIP_CLASS_CODES, MEMBERSHIP_CLASS_LABELS, membershipClassLabel } from '../../lib/membership-classes';
import { ROLE } from '../../lib/roles';
import {
  APPLICATION_STATES,
  APPLICATION_STATE_LABELS,
  ApplicationQueueQuery,
  type ApplicationListItem,
} from '../../lib/schemas/membership';
import { inputClass, labelClass } from '../../components/forms/FormFields';
import { ApplicationDetailPanel } from './ApplicationDetailPanel';

const column = createColumnHelper<ApplicationListItem>();

const COLUMNS = [
  column.accessor('reference', { id: 'reference', header: 'Application', enableSorting: true }),
  column.accessor('name', { id: 'name', header: 'Name', enableSorting: true }),
  column.accessor('classCode', { header: 'Class', cell: (c) => membershipClassLabel(c.getValue()) }),
  column.accessor('chapter', { header: 'Chapter' }),
  column.accessor('state', {
    id: 'state',
    header: 'State',
    enableSorting: true,
    cell: (c) => APPLICATION_STATE_LABELS[c.getValue()],
  }),
  column.accessor('appliedOn', {
    id: 'appliedOn',
    header: 'Applied',
    enableSorting: true,
    cell: (c) => formatDate(c.getValue()),
  }),
  column.accessor('amountDue', { header: 'Fee', cell: (c) => formatMoney(c.getValue()), meta: { align: 'right' } }),
];

/** Financial years offered in the filter: this one and the four before it. */
function recentYears(): string[] {
  const current = financialYearStart(kolkataDate(new Date()));
  return [0, 1, 2, 3, 4].map((back) => financialYearLabel(current - back));
}

/** The applications queue (the staff's home) and, when a row is opened, the application. */
export default function ApplicationsTab() {
  const query = useListQuery(ApplicationQueueQuery);
  const list = useServerList<ApplicationListItem>('/admin/applications', query.params);
  const [openId, setOpenId] = useState<number | null>(null);
  const [chapters, setChapters] = useState<{ id: number; name: string }[]>([]);
  const roleId = useStore(session).data?.user.roleId;

  useEffect(() => {
    if (roleId === ROLE.chapterAdmin) return;
    api
      .get<{ id: number; name: string }[]>('/chapters')
      .then(setChapters)
      .catch(() => setChapters([]));
  }, [roleId]);

  if (openId !== null) {
    return (
      <ApplicationDetailPanel
        id={openId}
        onClose={() => {
          setOpenId(null);
          void list.reload();
        }}
      />
    );
  }

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectFilter query={query} name="state" label="State">
          {/* A child's application waiting for a guardian is never in the queue: no filter for it. */}
          {APPLICATION_STATES.filter((s) => s !== 'awaiting_guardian').map((s) => (
            <option key={s} value={s}>
              {APPLICATION_STATE_LABELS[s]}
            </option>
          ))}
        </SelectFilter>
        <SelectFilter query={query} name="classCode" label="Class">
          {MEMBERSHIP_CLASS_CODES.map((c) => (
            <option key={c} value={c}>
              {MEMBERSHIP_CLASS_LABELS[c]}
            </option>
          ))}
        </SelectFilter>
        {roleId !== ROLE.chapterAdmin && (
          <SelectFilter query={query} name="chapterId" label="Chapter">
            {chapters.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectFilter>
        )}
        <SelectFilter query={query} name="financialYear" label="Financial year">
          {recentYears().map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </SelectFilter>
        <DateFilter query={query} name="from" label="Applied from" />
        <DateFilter query={query} name="to" label="Applied to" />
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SearchFilter query={query} name="q" label="Name, e-mail or application number" />
        <CsvDownloadButton path="/admin/applications/export.csv" params={query.params} filename="applications.csv" />
      </div>
      <DataTable
        caption="Membership applications"
        columns={COLUMNS}
        list={list}
        query={query}
        empty="No applications match these filters."
        noun="applications"
        getRowId={(row) => String(row.id)}
        onRowClick={(row) => setOpenId(row.id)}
        rowLabel={(row) => `Open application ${row.reference} of ${row.name}`}
      />
    </div>
  );
}

function DateFilter({ query, name, label }: { query: ReturnType<typeof useListQuery>; name: string; label: string }) {
  const id = `filter-${name}`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={query.params[name] ?? ''}
        onChange={(event) => query.update({ [name]: event.target.value })}
        className={inputClass}
      />
    </div>
  );
}
