import { useId, useState } from 'react';
import type { Delegate } from '../../lib/schemas/natcon';

/** Uploads a student delegate's ID to the order (by its private link); the server checks the file's content. */
export function StudentIdUpload({
  orderNumber,
  token,
  delegate,
}: {
  orderNumber: string;
  token: string;
  delegate: Delegate;
}) {
  const id = useId();
  const [uploaded, setUploaded] = useState(delegate.studentIdUploaded);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    const form = new FormData();
    form.set('confirmationNumber', delegate.confirmationNumber);
    form.set('file', file);
    try {
      const response = await fetch(
        `/api/natcon/registrations/${encodeURIComponent(orderNumber)}/student-ids?token=${encodeURIComponent(token)}`,
        { method: 'POST', body: form },
      );
      const answer = (await response.json()) as { success: boolean; error?: { message: string } };
      if (answer.success) setUploaded(true);
      else setProblem(answer.error?.message ?? 'The upload failed.');
    } catch {
      setProblem('The upload failed: check the connection and try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="text-sm">
      {uploaded && <p>Student ID received.</p>}
      <label htmlFor={id} className="block font-medium">
        {uploaded ? 'Replace the student ID' : 'Student ID (photo or PDF, up to 5 MB)'}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,application/pdf"
        disabled={busy}
        onChange={(event) => void upload(event.target.files?.[0])}
        className="mt-1 block w-full text-sm"
      />
      {problem && (
        <p role="alert" className="mt-1 text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
