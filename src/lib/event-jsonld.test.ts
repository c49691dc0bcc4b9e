import { describe, expect, it } from 'vitest';
import { eventJsonLd } from './event-jsonld';
import type { EventItem } from './schemas/content';

const event: EventItem = {
  id: 7,
  title: 'NATCON </script><script>alert(1)</script>',
  type: 'national',
  region: null,
  chapterId: null,
  chapterName: null,
  startsAt: '2027-02-05T04:00:00.000Z',
  endsAt: '2027-02-06T12:30:00.000Z',
  venue: 'Science City, Kolkata',
  onlineUrl: null,
  description: 'x',
  descriptionHtml: '<p>The <strong>national</strong> conference.</p>',
  summary: 'The national conference.',
  cover: null,
  registration: 'natcon',
  registrationUrl: null,
  attachments: [],
  status: 'published',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('the schema.org Event of an event page', () => {
  it('describes the event and cannot close its script element', () => {
    const text = eventJsonLd(event, 'https://nipm.in');
    expect(text).not.toContain('</script>');
    const data = JSON.parse(text);
    expect(data).toMatchObject({
      '@type': 'Event',
      name: event.title,
      startDate: '2027-02-05T04:00:00.000Z',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'Science City, Kolkata' },
      description: 'The national conference.',
      url: 'https://nipm.in/events/7',
    });
  });
});
