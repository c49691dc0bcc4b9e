import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import type { MemberCard } from '../../lib/schemas/members';
import { api, apiErrorOf } from '../../stores/api-client';
import { FileDownloadButton } from './FileDownloadButton';

/** The digital membership card on screen, with its QR code to the public check and the PDF to download. */
export default function MembershipCard({ memberId }: { memberId: number }) {
  const [card, setCard] = useState<MemberCard | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<string | null>(null);

  useEffect(() => {
    api
      .get<MemberCard>(`members/${memberId}/card`)
      .then(async (loaded) => {
        setCard(loaded);
        setQr(await QRCode.toDataURL(loaded.verifyUrl, { margin: 1, width: 160 }));
      })
      .catch(async (problem) => setError((await apiErrorOf(problem)).message));
  }, [memberId]);

  const hasPhoto = card?.hasPhoto ?? false;
  useEffect(() => {
    if (!hasPhoto) return;
    let url: string | null = null;
    // The photograph needs the bearer token, so it is fetched and shown from memory.
    api.http
      .get(`members/${memberId}/photo`)
      .then(async (response) => {
        url = URL.createObjectURL(await response.blob());
        setPhoto(url);
      })
      .catch(() => setPhoto(null));
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [memberId, hasPhoto]);

  if (error) return <p role="alert">{error}</p>;
  if (!card) return null;
  return (
    <section aria-labelledby="card-heading" className="rounded-lg border border-slate-200 bg-white p-6">
      <h2 id="card-heading" className="text-lg font-semibold">
        Membership card
      </h2>
      <div className="mt-3 flex max-w-md items-center justify-between gap-4 rounded-xl bg-brand-800 p-4 text-white">
        {photo && (
          <img
            src={photo}
            width={64}
            height={80}
            alt={`Photograph of ${card.name}`}
            className="rounded bg-white object-cover"
          />
        )}
        <dl className="space-y-1 text-sm">
          <dt className="sr-only">Name</dt>
          <dd className="text-base font-bold">{card.name}</dd>
          <dt className="inline font-semibold">Member number </dt>
          <dd className="inline">{card.memberNumber}</dd>
          <div>
            <dt className="inline font-semibold">Class </dt>
            <dd className="inline">{card.classLabel}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Chapter </dt>
            <dd className="inline">{card.chapter}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Valid through </dt>
            <dd className="inline">{card.validThrough}</dd>
          </div>
        </dl>
        {qr && (
          <a href={card.verifyUrl} className="shrink-0 rounded bg-white p-1">
            <img src={qr} width={96} height={96} alt={`QR code: check membership ${card.memberNumber}`} />
          </a>
        )}
      </div>
      <p className="mt-3">
        <FileDownloadButton
          path={`/members/${memberId}/card.pdf`}
          filename="nipm-card.pdf"
          label="Download the card (PDF)"
        />
      </p>
    </section>
  );
}
