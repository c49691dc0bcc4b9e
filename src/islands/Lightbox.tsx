import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

/**
 * An album's photos as a grid of links to the full pictures (works without JavaScript) that open
 * in a lightbox: a modal dialog (focus kept inside, returned to the photo on close), arrow keys and
 * swipes to move, Escape or the close button to leave.
 */
export interface LightboxPhoto {
  id: number;
  caption: string;
  /** `srcset` of the AVIF (empty for pictures stored before AVIF), WebP and JPEG sizes, and the JPEG for `src`. */
  avif: string;
  webp: string;
  jpeg: string;
  src: string;
  /** The largest JPEG, opened by the link without JavaScript. */
  full: string;
  width: number;
  height: number;
}

interface Props {
  photos: LightboxPhoto[];
  albumTitle: string;
}

const SWIPE_MIN_PX = 40;

function Img({
  photo,
  sizes,
  eager,
  className,
}: {
  photo: LightboxPhoto;
  sizes: string;
  eager?: boolean;
  className: string;
}) {
  return (
    <picture>
      {photo.avif && <source type="image/avif" srcSet={photo.avif} sizes={sizes} />}
      <source type="image/webp" srcSet={photo.webp} sizes={sizes} />
      <img
        src={photo.src}
        srcSet={photo.jpeg}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        alt={photo.caption}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className={className}
      />
    </picture>
  );
}

export default function Lightbox({ photos, albumTitle }: Props) {
  const [open, setOpen] = useState<number | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const swipeStart = useRef<number | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open !== null && !element.open) element.showModal();
    if (open === null && element.open) element.close();
  }, [open]);

  const move = (step: number) => setOpen((i) => (i === null ? i : (i + step + photos.length) % photos.length));

  function show(index: number, event: { preventDefault(): void; currentTarget: HTMLElement }) {
    event.preventDefault();
    opener.current = event.currentTarget;
    setOpen(index);
  }

  function closed() {
    setOpen(null);
    opener.current?.focus();
  }

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'ArrowLeft') move(-1);
  }

  function onPointerUp(event: ReactPointerEvent) {
    if (swipeStart.current === null) return;
    const dx = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(dx) >= SWIPE_MIN_PX) move(dx < 0 ? 1 : -1);
  }

  const current = open === null ? null : photos[open];
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <a
              href={photo.full}
              onClick={(event) => show(index, event)}
              className="block overflow-hidden rounded-xl bg-slate-100 focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-600"
              aria-label={`Open photo ${index + 1} of ${photos.length}${photo.caption ? `: ${photo.caption}` : ''}`}
            >
              <Img
                photo={photo}
                sizes="(min-width: 1024px) 18rem, (min-width: 640px) 33vw, 50vw"
                eager={index < 4}
                className="aspect-[4/3] h-full w-full object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        onClose={closed}
        onKeyDown={onKeyDown}
        onPointerDown={(event) => (swipeStart.current = event.clientX)}
        onPointerUp={onPointerUp}
        aria-label={`${albumTitle}: photo viewer`}
        className="m-auto max-h-full w-full max-w-5xl bg-transparent p-0 backdrop:bg-black/85"
      >
        {current && open !== null && (
          <figure className="flex flex-col items-center gap-3 p-4 text-white">
            <Img
              photo={current}
              sizes="(min-width: 1024px) 64rem, 100vw"
              eager
              className="max-h-[75vh] w-auto rounded object-contain"
            />
            <figcaption className="text-center">
              <span aria-live="polite">
                Photo {open + 1} of {photos.length}
                {current.caption ? `: ${current.caption}` : ''}
              </span>
            </figcaption>
            <div className="flex gap-3">
              <button
                type="button"
                onClick={() => move(-1)}
                className="rounded-full bg-white px-4 py-2 font-semibold text-slate-900"
              >
                Previous
              </button>
              <button
                type="button"
                onClick={() => move(1)}
                className="rounded-full bg-white px-4 py-2 font-semibold text-slate-900"
              >
                Next
              </button>
              <button
                type="button"
                onClick={closed}
                autoFocus
                className="rounded-full bg-white px-4 py-2 font-semibold text-slate-900"
              >
                Close
              </button>
            </div>
          </figure>
        )}
      </dialog>
    </>
  );
}
