import { useEffect, useRef, useState, type FormEvent } from 'react';
import { inputClass, labelClass } from '../../../components/forms/FormFields';
import { formatDateTime } from '../../../lib/format';
import { PAYMENT_STATE_LABELS } from '../../../lib/natcon';
import { CheckInListQuery, type CheckInAnswer } from '../../../lib/schemas/natcon';
import { api, apiErrorOf } from '../../../stores/api-client';
import { CsvDownloadButton, DataTable, useListQuery, useServerList, type ColumnDef } from '../../staff';
import { cameraAvailable, startQrCamera } from './qr-camera';

interface CheckInRow {
  confirmationNumber: string;
  name: string;
  organisation: string | null;
  category: string;
  checkedInAt: string;
  checkedInBy: string | null;
}

const columns: ColumnDef<CheckInRow>[] = [
  { id: 'confirmationNumber', header: 'Ticket', accessorKey: 'confirmationNumber' },
  { id: 'name', header: 'Name', accessorKey: 'name' },
  { id: 'organisation', header: 'Organisation', cell: ({ row }) => row.original.organisation ?? '—' },
  { id: 'category', header: 'Category', accessorKey: 'category' },
  { id: 'checkedInAt', header: 'Checked in', cell: ({ row }) => formatDateTime(row.original.checkedInAt) },
  { id: 'checkedInBy', header: 'By', cell: ({ row }) => row.original.checkedInBy ?? '—' },
];

/**
 * Check-in at the venue: the device's camera reads the ticket's QR code (`qr-camera.ts`); typing
 * the code works everywhere. Each result says who it is and whether they had already checked in
 * (with the first time); an unpaid, waiting or cancelled ticket is refused with what to tell them.
 */
export function CheckInTab() {
  const [code, setCode] = useState('');
  const [result, setResult] = useState<CheckInAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const query = useListQuery(CheckInListQuery);
  const list = useServerList<CheckInRow>('/admin/natcon/check-ins', query.params);
  const [camera, setCamera] = useState(false);
  useEffect(() => setCamera(cameraAvailable()), []);

  const checkIn = async (value: string) => {
    setProblem(null);
    setResult(null);
    try {
      setResult(await api.post<CheckInAnswer>('/admin/natcon/check-ins', { code: value }));
      setCode('');
      void list.reload();
    } catch (failure) {
      const error = await apiErrorOf(failure);
      setProblem(error.fields.code ?? error.message);
    }
  };

  useEffect(() => {
    if (!scanning || !video.current) return;
    return startQrCamera(
      video.current,
      (value) => {
        setScanning(false);
        void checkIn(value);
      },
      () => {
        setProblem('The camera could not be opened: type the ticket code instead.');
        setScanning(false);
      },
    );
  }, [scanning]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.trim()) void checkIn(code.trim());
    else setProblem('Scan or type the ticket code.');
  };

  return (
    <section aria-labelledby="check-in-heading" className="space-y-4">
      <h2 id="check-in-heading" className="text-lg font-semibold">
        Check-in
      </h2>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
        <div className="min-w-64 flex-1">
          <label htmlFor="ticket-code" className={labelClass}>
            Ticket code
          </label>
          <input
            id="ticket-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoCapitalize="characters"
            autoComplete="off"
            placeholder="N27-000123-01"
            className={inputClass}
          />
        </div>
        <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Check in
        </button>
        {camera && (
          <button
            type="button"
            onClick={() => setScanning((on) => !on)}
            className="rounded-md border border-slate-500 px-4 py-2 font-medium hover:bg-slate-50"
          >
            {scanning ? 'Stop the camera' : 'Scan with the camera'}
          </button>
        )}
      </form>
      {scanning && (
        <video ref={video} muted playsInline className="w-full max-w-sm rounded-md" aria-label="Camera view" />
      )}
      <div aria-live="polite">
        {problem && (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800">
            {problem}
          </p>
        )}
        {result && (
          <div
            className={`rounded-md border px-3 py-2 ${result.alreadyCheckedIn ? 'border-amber-400 bg-amber-50' : 'border-green-400 bg-green-50'}`}
          >
            <p className="font-semibold">
              {result.alreadyCheckedIn
                ? `${result.name} already checked in at ${formatDateTime(result.checkedInAt)}`
                : `${result.name} checked in`}
            </p>
            <p className="text-sm">
              {result.confirmationNumber} · {result.category}
              {result.organisation ? ` · ${result.organisation}` : ''} · {PAYMENT_STATE_LABELS[result.paymentState]}
            </p>
          </div>
        )}
      </div>
      <CsvDownloadButton
        path="/admin/natcon/check-ins/export.csv"
        params={{}}
        filename="natcon-check-ins.csv"
        label="Download check-ins (CSV)"
      />
      <DataTable
        caption="Check-ins, latest first"
        columns={columns}
        list={list}
        query={query}
        empty="Nobody has checked in yet."
        noun="check-ins"
      />
    </section>
  );
}
