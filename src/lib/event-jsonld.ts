import type { EventItem } from './schemas/content';

/**
 * The schema.org Event description search engines read from an event page, as JSON that is safe
 * inside a `<script type="application/ld+json">` (no `<` can close the element early).
 */
export function eventJsonLd(event: EventItem, origin: string): string {
  const image = event.cover?.variants
    .filter((v) => v.format === 'jpeg')
    .sort((a, b) => b.width - a.width)
    .map((v) => origin + v.url);
  const online = Boolean(event.onlineUrl) && !event.venue;
  const location = [
    ...(event.venue
      ? [{ '@type': 'Place', name: event.venue, address: { '@type': 'PostalAddress', addressCountry: 'IN' } }]
      : []),
    ...(event.onlineUrl ? [{ '@type': 'VirtualLocation', url: event.onlineUrl }] : []),
  ];
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    startDate: event.startsAt,
    endDate: event.endsAt,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: online
      ? 'https://schema.org/OnlineEventAttendanceMode'
      : event.onlineUrl
        ? 'https://schema.org/MixedEventAttendanceMode'
        : 'https://schema.org/OfflineEventAttendanceMode',
    location: location.length === 1 ? location[0] : location,
    description: event.summary,
    ...(image?.length ? { image } : {}),
    url: `${origin}/events/${event.id}`,
    organizer: { '@type': 'Organization', name: 'National Institute of Personnel Management', url: origin },
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
