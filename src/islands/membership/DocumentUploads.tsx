import { useState } from 'react';
import { api, apiErrorOf } from '../../stores/api-client';
import { formatDateTime } from '../../lib/format';
import { DOCUMENT_LABELS, type ApplicationStatus, type DocumentKind } from '../../lib/schemas/membership';
import { FieldError } from '../../components/forms/FormFields';

/** The applicant's documents: what is in, a download of each, and an upload for each missing or to replace. */
export function DocumentUploads({
  status,
  token,
  onUploaded,
}: {
  status: ApplicationStatus;
  token: string;
  onUploaded: () => void;
}) {
  const [errors, setErrors] = useState<Partial<Record<DocumentKind, string>>>({});
  const [busy, setBusy] = useState<DocumentKind | null>(null);

  async function send(kind: DocumentKind, file: File | undefined) {
    if (!file) return;
    setBusy(kind);
    setErrors((e) => ({ ...e, [kind]: undefined }));
    const body = new FormData();
    body.set('kind', kind);
    body.set('file', file);
    try {
      await api.http.post(`/membership/applications/${status.reference}/documents`, {
        searchParams: { token },
        body,
        timeout: 60_000,
      });
      onUploaded();
    } catch (error) {
      const failure = await apiErrorOf(error);
      setErrors((e) => ({ ...e, [kind]: failure.fields.file ?? failure.message }));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="documents-heading">
      <h2 id="documents-heading" className="text-lg font-semibold">
        Documents
      </h2>
      <ul className="mt-2 space-y-4">
        {status.requiredDocuments.map((kind) => {
          const doc = status.documents.find((d) => d.kind === kind);
          return (
            <li key={kind} className="text-sm">
              <p className="font-medium">{DOCUMENT_LABELS[kind]}</p>
              {doc ? (
                <p>
                  <a
                    className="text-brand-700 underline"
                    href={`/api/membership/applications/${status.reference}/documents/${kind}?token=${encodeURIComponent(token)}`}
                  >
                    Uploaded {formatDateTime(doc.uploadedAt)}
                  </a>
                </p>
              ) : (
                <p className="text-slate-700">Not uploaded yet.</p>
              )}
              <label htmlFor={`doc-${kind}`} className="mt-1 block">
                {doc ? 'Replace it' : 'Upload it'}
              </label>
              <input
                id={`doc-${kind}`}
                type="file"
                disabled={busy !== null}
                accept={
                  kind === 'photo'
                    ? 'image/jpeg,image/png,image/webp'
                    : 'application/pdf,image/jpeg,image/png,image/webp'
                }
                aria-invalid={errors[kind] ? true : undefined}
                aria-describedby={errors[kind] ? `doc-${kind}-error` : undefined}
                onChange={(event) => void send(kind, event.currentTarget.files?.[0])}
                className="mt-1 block w-full"
              />
              <FieldError id={`doc-${kind}-error`} message={errors[kind]} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
