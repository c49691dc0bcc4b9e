import { useCallback, useEffect, useState } from 'react';
import { ChapterListQuery, REGIONS, type AdminChapter, type AdminChapterDetail } from '../../lib/schemas/admin';
import { ROLE } from '../../lib/roles';
import { api, apiErrorOf } from '../../stores/api-client';
import {
  CsvDownloadButton,
  DataTable,
  SearchFilter,
  SelectFilter,
  useListQuery,
  useServerList,
  type ColumnDef,
} from '../staff';
import ChapterEditor from './ChapterEditor';
import NewChapterForm from './NewChapterForm';
import { Panel, useRole } from './shared';

const columns: ColumnDef<AdminChapter>[] = [
  { id: 'code', header: 'Code', accessorKey: 'code', enableSorting: true },
  { id: 'name', header: 'Name', accessorKey: 'name', enableSorting: true },
  { id: 'region', header: 'Region', accessorKey: 'region', enableSorting: true },
  { id: 'city', header: 'City', accessorKey: 'city', enableSorting: true },
  { id: 'members', header: 'Members', accessorKey: 'memberCount', meta: { align: 'right' } },
  { id: 'status', header: 'Status', accessorFn: (c) => (c.active ? 'Active' : 'Deactivated') },
];

function openChapterId(): number | null {
  const value = new URLSearchParams(window.location.search).get('id');
  return value && /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * Chapter Details (`/admin/chapter`): the list by region for roles 2 and 5 (filters, order and page in
 * the address), a chapter admin's own chapter straight away; the open chapter is `?id=`, so it can be linked.
 */
export default function ChapterAdmin() {
  const { loading, roleId } = useRole();
  const staff = roleId === ROLE.superAdmin || roleId === ROLE.chapterAdmin || roleId === ROLE.admin;
  const query = useListQuery(ChapterListQuery);
  const list = useServerList<AdminChapter>('/admin/chapters', query.params, staff);
  const [openId, setOpenId] = useState<number | null>(null);
  const [detail, setDetail] = useState<AdminChapterDetail | null>(null);
  const [detailError, setDetailError] = useState<string | null>(null);

  const loadDetail = useCallback(async (id: number) => {
    try {
      setDetail(await api.get<AdminChapterDetail>(`/admin/chapters/${id}`));
      setDetailError(null);
    } catch (failure) {
      setDetail(null);
      const problem = await apiErrorOf(failure);
      setDetailError(problem.status === 404 ? 'No such chapter, or it is not yours to open.' : problem.message);
    }
  }, []);

  useEffect(() => {
    setOpenId(openChapterId());
    const onPop = () => setOpenId(openChapterId());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  // A chapter admin has one chapter: it opens at once unless the address names another.
  const own = roleId === ROLE.chapterAdmin ? list.data?.items[0]?.id : undefined;
  useEffect(() => {
    if (own !== undefined && openChapterId() === null) setOpenId(own);
  }, [own]);

  useEffect(() => {
    if (staff && openId !== null) void loadDetail(openId);
  }, [staff, openId, loadDetail]);

  if (loading) return <p>Loading…</p>;
  if (!staff) return <p role="alert">Chapter details are for staff.</p>;

  const open = (id: number) => {
    const search = new URLSearchParams(window.location.search);
    search.set('id', String(id));
    window.history.pushState(null, '', `?${search.toString()}`);
    setOpenId(id);
  };

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <h1 className="text-2xl font-bold text-brand-800">Chapter Details</h1>
      {roleId !== ROLE.chapterAdmin && (
        <Panel id="chapters-heading" title="Chapters">
          <div className="mt-3 flex flex-wrap items-end gap-4">
            <SearchFilter query={query} name="q" label="Search chapters" />
            <SelectFilter query={query} name="region" label="Region" allLabel="All regions">
              {REGIONS.map((r) => (
                <option key={r}>{r}</option>
              ))}
            </SelectFilter>
            <SelectFilter query={query} name="active" label="Status" allLabel="Active and deactivated">
              <option value="true">Active</option>
              <option value="false">Deactivated</option>
            </SelectFilter>
            <CsvDownloadButton path="/admin/chapters/export.csv" params={query.params} filename="chapters.csv" />
          </div>
          <DataTable
            caption="Chapters"
            columns={columns}
            list={list}
            query={query}
            noun="chapters"
            getRowId={(c) => String(c.id)}
            onRowClick={(c) => open(c.id)}
            rowLabel={(c) => `Open ${c.name}`}
            empty="No chapter matches these filters."
          />
        </Panel>
      )}
      {roleId === ROLE.superAdmin && (
        <NewChapterForm
          onCreated={(id) => {
            void list.reload();
            open(id);
          }}
        />
      )}
      {detailError && (
        <p role="alert" className="text-red-700">
          {detailError}
        </p>
      )}
      {detail && (
        <ChapterEditor
          key={detail.id}
          chapter={detail}
          roleId={roleId!}
          onChanged={() => {
            void loadDetail(detail.id);
            void list.reload();
          }}
        />
      )}
    </div>
  );
}
