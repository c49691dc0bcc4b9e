import type { ImageRef } from './schemas/content';

/**
 * How published content is written on pages and screens: times in Asia/Kolkata, `en-IN` dates,
 * and the `<picture>` sources of a stored image. Client-safe.
 */

const TIME_ZONE = 'Asia/Kolkata';
const day = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: TIME_ZONE });
const time = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: TIME_ZONE });
const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE });

export function formatDay(iso: string): string {
  return day.format(new Date(iso.length === 10 ? `${iso}T12:00:00+05:30` : iso));
}

/** "5 February 2027, 9:30 am – 6 February 2027, 6:00 pm" (one day: "5 February 2027, 9:30 am – 6:00 pm"). */
export function formatEventWhen(startsAt: string, endsAt: string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const sameDay = ymd.format(start) === ymd.format(end);
  const head = `${day.format(start)}, ${time.format(start)}`;
  return sameDay ? `${head} – ${time.format(end)}` : `${head} – ${day.format(end)}, ${time.format(end)}`;
}

/** "Vol. 12, No. 3" from what is known of an issue. */
export function formatIssueNumber(volume: number | null, number: number | null): string {
  return [volume ? `Vol. ${volume}` : null, number ? `No. ${number}` : null].filter(Boolean).join(', ');
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** `srcset` per format, smallest first, and the JPEG fallback for `<img src>`. */
export function pictureSources(image: ImageRef) {
  type Format = ImageRef['variants'][number]['format'];
  const byFormat = (format: Format) =>
    image.variants.filter((v) => v.format === format).sort((a, b) => a.width - b.width);
  const srcset = (format: Format) =>
    byFormat(format)
      .map((v) => `${v.url} ${v.width}w`)
      .join(', ');
  const jpegs = byFormat('jpeg');
  const fallback = jpegs.find((v) => v.width >= 800) ?? jpegs[jpegs.length - 1] ?? image.variants[0];
  return {
    avif: srcset('avif'),
    webp: srcset('webp'),
    jpeg: srcset('jpeg'),
    src: fallback?.url ?? '',
    width: image.width,
    height: image.height,
  };
}

/** Where an event happens, for cards: the venue, else "Online". */
export function eventPlace(event: { venue: string | null; onlineUrl: string | null }): string {
  return event.venue ?? (event.onlineUrl ? 'Online' : '');
}
