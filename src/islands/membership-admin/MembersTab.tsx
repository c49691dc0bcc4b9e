import { useEffect, useState } from 'react';
import { SELECTED_MEMBER_ID_KEY } from '../../lib/constants';
import { financialYearLabel, financialYearStart, kolkataDate } from '../../lib/financial-year';
import { MEMBER_STATUS_LABELS, MEMBER_STATUSES, type MemberStatus } from '../../lib/member-status';
import { MEMBERSHIP_CLASS_CODES, MEMBERSHIP_CLASS_LABELS, membershipClassLabel } from '../../lib/membership-classes';
import { exportParams } from '../../lib/list-query';
import type { ChapterListItem } from '../../lib/api-types';
import { REGIONS, RegisterQuery, type RegisterItem } from '../../lib/schemas/members';
import { api } from '../../stores/api-client';
import {
  ChapterFilter,
  ChoiceFilter,
  CsvDownloadButton,
  DataTable,
  SearchFilter,
  SelectFilter,
  useListQuery,
  useServerList,
  type ColumnDef,
} from '../staff';

const STATUS_STYLE: Record<MemberStatus, string> = {
  active: 'bg-green-100 text-green-900',
  defaulter: 'bg-amber-100 text-amber-900',
  lapsed: 'bg-red-100 text-red-900',
};

const columns: ColumnDef<RegisterItem>[] = [
  { id: 'memberNumber', header: 'Member number', enableSorting: true, accessorKey: 'memberNumber' },
  { id: 'name', header: 'Name', enableSorting: true, accessorKey: 'name' },
  { id: 'class', header: 'Class', accessorFn: (m) => membershipClassLabel(m.classCode) },
  {
    id: 'chapter',
    header: 'Chapter',
    cell: ({ row }) => (
      <>
        {row.original.chapterName} ({row.original.region})
        {row.original.pendingTransferTo && (
          <span className="ml-2 rounded bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
            Transfer to {row.original.pendingTransferTo} pending
          </span>
        )}
      </>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => (
      <span className={`rounded px-2 py-0.5 text-sm font-medium ${STATUS_STYLE[row.original.status]}`}>
        {MEMBER_STATUS_LABELS[row.original.status]}
      </span>
    ),
  },
  {
    id: 'paidThrough',
    header: 'Paid through',
    enableSorting: true,
    accessorFn: (m) => (m.paidThroughYear === null ? '—' : financialYearLabel(m.paidThroughYear)),
  },
  { id: 'admittedOn', header: 'Admitted', enableSorting: true, accessorKey: 'admittedOn' },
  { id: 'organisation', header: 'Organisation', accessorFn: (m) => m.organisation ?? '—' },
];

const FILTERS = ['q', 'classCode', 'chapterId', 'region', 'status', 'admissionYear'];

/** Admission years offered in the filter: the last twenty financial years. */
function admissionYears(): number[] {
  const current = financialYearStart(kolkataDate(new Date()));
  return Array.from({ length: 20 }, (_, i) => current - i);
}

/**
 * The register (Members tab of /admin/membership): search and filters in the address, server paging
 * and sorting, a CSV of exactly the filtered set. Opening a member keeps their id as the selected
 * member and shows their record on /member/memberdetail. A chapter admin's list is their chapter's
 * (the API decides).
 */
export default function MembersTab() {
  const query = useListQuery(RegisterQuery);
  const list = useServerList<RegisterItem>('/admin/members', query.params);
  const [chapters, setChapters] = useState<ChapterListItem[]>([]);

  useEffect(() => {
    api
      .get<ChapterListItem[]>('chapters')
      .then(setChapters)
      .catch(() => setChapters([]));
  }, []);

  function open(member: RegisterItem) {
    window.sessionStorage.setItem(SELECTED_MEMBER_ID_KEY, String(member.id));
    window.location.assign('/member/memberdetail');
  }

  return (
    <section aria-labelledby="members-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="members-heading" className="text-xl font-bold text-brand-800">
          Members
        </h2>
        <CsvDownloadButton
          path="/admin/members/export.csv"
          params={exportParams(query.params)}
          filename="members.csv"
        />
      </div>
      <div className="mt-3 flex flex-wrap items-end gap-4">
        <SearchFilter query={query} name="q" label="Name, member number, e-mail, phone or organisation" />
        <ChoiceFilter
          query={query}
          name="classCode"
          label="Class"
          allLabel="Any class"
          values={MEMBERSHIP_CLASS_CODES}
          labels={MEMBERSHIP_CLASS_LABELS}
        />
        <ChoiceFilter
          query={query}
          name="status"
          label="Status"
          allLabel="Any status"
          values={MEMBER_STATUSES}
          labels={MEMBER_STATUS_LABELS}
        />
        <SelectFilter query={query} name="region" label="Region" allLabel="Any region">
          {REGIONS.map((region) => (
            <option key={region} value={region}>
              {region}
            </option>
          ))}
        </SelectFilter>
        {chapters.length > 1 && <ChapterFilter query={query} chapters={chapters} allLabel="Any chapter" />}
        <SelectFilter query={query} name="admissionYear" label="Admitted in" allLabel="Any year">
          {admissionYears().map((year) => (
            <option key={year} value={year}>
              {financialYearLabel(year)}
            </option>
          ))}
        </SelectFilter>
      </div>
      <DataTable
        caption="Members"
        columns={columns}
        list={list}
        query={query}
        getRowId={(m) => String(m.id)}
        noun="members"
        onRowClick={open}
        rowLabel={(m) => `Open ${m.name}, ${m.memberNumber}`}
        empty={
          Object.keys(query.params).some((key) => FILTERS.includes(key))
            ? 'No member matches these filters.'
            : 'There are no members yet.'
        }
      />
    </section>
  );
}
