import { useStore } from '../../stores/use-store';
import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { ConfirmDialog, PaymentDecisionDialog, type PaymentDecision } from '../staff';
import { api, apiErrorOf } from '../../stores/api-client';
import { session } from '../../stores/session';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { membershipClassLabel } from '../../lib/membership-classes';
import { ROLE } from '../../lib/roles';
import {
  APPLICATION_STATE_LABELS,
  DOCUMENT_LABELS,
  type ApplicationDetail,
  type ApplicationStateCode,
  type DocumentKind,
} from '../../lib/schemas/membership';
import { paymentModeLabel } from '../../lib/schemas/money';
import { FormAlert, TextField } from '../../components/forms/FormFields';

const ACTION_LABELS: Partial<Record<ApplicationStateCode, string>> = {
  under_scrutiny: 'Start scrutiny',
  recommended: 'Recommend',
  approved: 'Approve and admit',
  rejected: 'Reject',
  withdrawn: 'Withdraw',
};

type Pending = { kind: 'transition'; to: ApplicationStateCode };

/** One application for staff: particulars, documents, payments (verify or reject), history, and its next moves. */
export function ApplicationDetailPanel({ id, onClose }: { id: number; onClose: () => void }) {
  const roleId = useStore(session).data?.user.roleId;
  const [detail, setDetail] = useState<ApplicationDetail | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [deciding, setDeciding] = useState<PaymentDecision | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setDetail(await api.get<ApplicationDetail>(`/admin/applications/${id}`));
    } catch (error) {
      setProblem((await apiErrorOf(error)).message);
    }
  }, [id]);
  useEffect(() => void load(), [load]);

  async function download(kind: DocumentKind) {
    try {
      const response = await api.http.get(`/admin/applications/${id}/documents/${kind}`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `${detail?.reference ?? 'application'}-${kind}`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      toast.error((await apiErrorOf(error)).message);
    }
  }

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    setNoteError(null);
    try {
      const result = await api.post<{ state: string; memberNumber: string | null }>(
        `/admin/applications/${id}/transitions`,
        {
          to: pending.to,
          ...(note.trim() ? { note: note.trim() } : {}),
        },
      );
      toast.success(
        result.memberNumber
          ? `Admitted as ${result.memberNumber}.`
          : `Moved to ${APPLICATION_STATE_LABELS[pending.to]}.`,
      );
      setPending(null);
      setNote('');
      await load();
    } catch (error) {
      const failure = await apiErrorOf(error);
      if (failure.fields.note) setNoteError(failure.fields.note);
      else {
        toast.error(failure.message);
        setPending(null);
      }
    } finally {
      setBusy(false);
    }
  }

  const back = (
    <button type="button" onClick={onClose} className="text-brand-700 underline">
      ← Back to the queue
    </button>
  );
  if (problem)
    return (
      <div className="space-y-3">
        {back}
        <FormAlert>{problem}</FormAlert>
      </div>
    );
  if (!detail) return <p className="text-slate-600">Loading…</p>;
  const decidesPayments = roleId === ROLE.superAdmin || roleId === ROLE.admin;

  return (
    <div className="space-y-6">
      {back}
      <div>
        <h2 className="text-xl font-bold">
          {detail.reference}: {detail.name}
        </h2>
        <p className="mt-1">
          <span
            className="rounded bg-brand-50 px-2 py-1 text-sm font-semibold text-brand-800"
            data-testid="detail-state"
          >
            {APPLICATION_STATE_LABELS[detail.state]}
          </span>
          {detail.memberNumber && <span className="ml-2 text-sm">Member number {detail.memberNumber}</span>}
        </p>
      </div>
      {detail.allowedTransitions.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {detail.allowedTransitions.map((to) => (
            <button
              key={to}
              type="button"
              onClick={() => setPending({ kind: 'transition', to })}
              className={`rounded-md px-4 py-2 font-semibold ${to === 'rejected' || to === 'withdrawn' ? 'border border-red-700 text-red-700' : 'bg-brand-700 text-white hover:bg-brand-800'}`}
            >
              {ACTION_LABELS[to] ?? to}
            </button>
          ))}
        </div>
      )}
      <section aria-labelledby="particulars">
        <h3 id="particulars" className="text-lg font-semibold">
          Particulars
        </h3>
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <Item label="Class" value={membershipClassLabel(detail.classCode)} />
          <Item label="Chapter" value={detail.chapter} />
          <Item label="E-mail" value={detail.email} />
          <Item label="Mobile" value={detail.phone} />
          <Item label="Date of birth" value={formatDate(detail.dateOfBirth)} />
          <Item label="Address" value={`${detail.address}, ${detail.city}, ${detail.stateName} ${detail.pincode}`} />
          <Item label="Qualification" value={detail.qualification} />
          <Item
            label="Organisation"
            value={[detail.designation, detail.organisation].filter(Boolean).join(', ') || '—'}
          />
          <Item label="Experience" value={`${detail.experienceYears} years`} />
          {detail.institution && <Item label="Institution" value={detail.institution} />}
          {detail.gstin && <Item label="GSTIN" value={detail.gstin} />}
          {detail.proposer && (
            <Item label="Proposer" value={`${detail.proposer.name} (${detail.proposer.memberNumber})`} />
          )}
          {detail.seconder && (
            <Item label="Seconder" value={`${detail.seconder.name} (${detail.seconder.memberNumber})`} />
          )}
          <Item label="Applied on" value={formatDate(detail.appliedOn)} />
          <Item
            label="Fee"
            value={`${formatMoney(detail.amountDue)}${detail.coupon ? ` (coupon ${detail.coupon}, −${formatMoney(detail.discount)})` : ''}`}
          />
          {detail.decisionNote && <Item label="Decision note" value={detail.decisionNote} />}
        </dl>
      </section>
      <section aria-labelledby="documents">
        <h3 id="documents" className="text-lg font-semibold">
          Documents
        </h3>
        <ul className="mt-2 space-y-1 text-sm">
          {detail.requiredDocuments.map((kind) => {
            const doc = detail.documents.find((d) => d.kind === kind);
            return (
              <li key={kind}>
                {DOCUMENT_LABELS[kind]}:{' '}
                {doc ? (
                  <button type="button" className="text-brand-700 underline" onClick={() => void download(kind)}>
                    Download ({Math.ceil(doc.size / 1024)} KB, {formatDateTime(doc.uploadedAt)})
                  </button>
                ) : (
                  <span className="text-red-700">not uploaded</span>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="payments">
        <h3 id="payments" className="text-lg font-semibold">
          Payments
        </h3>
        {detail.payments.length === 0 && <p className="text-sm text-slate-700">No payment reported yet.</p>}
        <ul className="mt-2 space-y-2 text-sm">
          {detail.payments.map((p) => (
            <li key={p.id} className="rounded-md border border-slate-200 p-3" data-testid="staff-payment">
              <p>
                <span className="font-medium">{paymentModeLabel(p.mode)}</span> {p.reference}, {formatMoney(p.amount)}{' '}
                paid on {formatDate(p.paidOn)}: <span className="font-semibold">{p.state}</span>
                {p.receiptNumber && <span> (receipt {p.receiptNumber})</span>}
              </p>
              {p.refunded > 0 && (
                <p className="mt-1 font-semibold text-green-800" data-testid="refunded">
                  Refunded: {formatMoney(p.refunded)}.
                </p>
              )}
              {p.refundDue && (
                <p className="mt-1 font-semibold text-red-800" data-testid="refund-due">
                  {p.state === 'verified'
                    ? `Refund due: ${formatMoney(p.amount - p.refunded)} to the applicant (application withdrawn).`
                    : `Refund due once verified: the application was withdrawn; verify the payment if the money arrived, then refund ${formatMoney(p.amount)}.`}
                </p>
              )}
              {p.note && <p className="text-slate-700">{p.note}</p>}
              {p.state === 'reported' && decidesPayments && (
                <div className="mt-2 flex gap-2">
                  <button
                    type="button"
                    className="rounded-md bg-brand-700 px-3 py-1 font-semibold text-white"
                    onClick={() => setDeciding({ paymentId: p.id, decision: 'verify', ...p })}
                  >
                    Verify payment
                  </button>
                  <button
                    type="button"
                    className="rounded-md border border-red-700 px-3 py-1 font-semibold text-red-700"
                    onClick={() => setDeciding({ paymentId: p.id, decision: 'reject', ...p })}
                  >
                    Reject payment
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="history">
        <h3 id="history" className="text-lg font-semibold">
          History
        </h3>
        <ol className="mt-2 space-y-1 text-sm">
          {detail.history.map((h, i) => (
            <li key={i}>
              {formatDateTime(h.at)}: <span className="font-medium">{APPLICATION_STATE_LABELS[h.to]}</span>
              {h.by && ` by ${h.by}`}
              {h.note && ` — ${h.note}`}
            </li>
          ))}
        </ol>
      </section>
      <ConfirmDialog
        open={pending !== null}
        title={`${ACTION_LABELS[pending?.to ?? 'recommended'] ?? ''}?`}
        confirmLabel={ACTION_LABELS[pending?.to ?? 'recommended'] ?? 'Confirm'}
        danger={pending?.to === 'rejected' || pending?.to === 'withdrawn'}
        busy={busy}
        onCancel={() => {
          setPending(null);
          setNote('');
          setNoteError(null);
        }}
        onConfirm={() => void confirm()}
      >
        <p className="text-sm">The applicant sees the note on the application&apos;s page.</p>
        <div className="mt-3">
          <TextField
            id="decision-note"
            label="Note"
            multiline
            rows={3}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={noteError}
          />
        </div>
      </ConfirmDialog>
      <PaymentDecisionDialog
        pending={deciding}
        onCancel={() => setDeciding(null)}
        onDecided={() => {
          setDeciding(null);
          void load();
        }}
      />
    </div>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-2">
      <dt className="font-medium">{label}:</dt>
      <dd>{value}</dd>
    </div>
  );
}
