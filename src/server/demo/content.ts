import path from 'node:path';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import type { PublicationSeries } from '../../lib/schemas/content';
import { SERIES_LABELS } from '../../lib/schemas/content';
import type { DB } from '../platform/db';
import { nowIso } from '../platform/db';
import { env } from '../platform/env';
import { createDiskStore, type FileStore } from '../platform/storage';
import { describedAs } from '../domains/content/events';
import { storeDocument, storeImage } from '../domains/content/files';

/**
 * Demo content: a year of national, regional and chapter events around `now` (half past, half to
 * come), three albums of generated photos and four issues of each publication with generated PDFs
 * and covers. Runs once: when the first demo event exists, it adds nothing.
 */
const MARKER_TITLE = 'NATCON: National HR Conference and Awards (demo)';
const REGIONS = ['East', 'West', 'North', 'South'] as const;
const COLOURS = ['#0b3d91', '#b45309', '#0f766e', '#7c3aed', '#be123c', '#15803d'];
const DAY_MS = 86_400_000;

async function picture(width: number, height: number, colour: string, label: string): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${colour}"/>
    <circle cx="${width * 0.7}" cy="${height * 0.35}" r="${height * 0.22}" fill="#ffffff" fill-opacity="0.25"/>
    <rect x="0" y="${height * 0.72}" width="100%" height="${height * 0.28}" fill="#000000" fill-opacity="0.25"/>
    <text x="40" y="${height * 0.88}" font-family="sans-serif" font-size="${Math.round(height / 12)}" fill="#ffffff">${label}</text>
  </svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer());
}

async function issuePdf(title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const font = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595, 842]);
  page.drawText('National Institute of Personnel Management', { x: 50, y: 780, size: 14, font });
  page.drawText(title, { x: 50, y: 740, size: 20, font, color: rgb(0.04, 0.24, 0.57) });
  page.drawText('Demo issue generated for the development site.', { x: 50, y: 700, size: 11 });
  return pdf.save();
}

function eventDescription(title: string, place: string): string {
  return [
    `**${title}** brings members and HR professionals together in ${place}.`,
    '',
    '## Programme',
    '',
    '- Keynote on the future of work',
    '- Panel on the labour codes and industrial relations',
    '- Networking over lunch',
    '',
    'Members of every chapter are welcome. [See NATCON](/natcon/register) for the national conference.',
  ].join('\n');
}

export async function seedDemoContent(db: DB, now: Date, storage?: FileStore): Promise<{ events: number }> {
  const existing = await db.selectFrom('events').select('id').where('title', '=', MARKER_TITLE).executeTakeFirst();
  if (existing) return { events: 0 };
  const store = storage ?? createDiskStore(path.join(env().DATA_DIR, 'uploads'));
  const chapters = await db.selectFrom('chapters').select(['id', 'name', 'city']).orderBy('id').execute();
  const at = nowIso(now);
  const kolkataDay = (offsetDays: number, hour: number) => {
    const date = new Date(now.getTime() + offsetDays * DAY_MS);
    const ymd = date.toISOString().slice(0, 10);
    return new Date(`${ymd}T${String(hour).padStart(2, '0')}:00:00+05:30`).toISOString();
  };
  const base = { status: 'published' as const, created_by: null, created_at: at, updated_at: at };

  const natconCover = await storeImage(db, store, await picture(1200, 675, COLOURS[0], 'NATCON'), null, now).catch(
    () => null,
  );
  // Every row names every column: SQLite has no DEFAULT in a multi-row VALUES list.
  const eventBase = {
    ...base,
    region: null,
    chapter_id: null,
    online_url: null,
    cover_image_id: null,
    registration: 'none' as const,
    registration_url: null,
    attachments: '[]',
  };
  const events = [
    {
      ...eventBase,
      title: MARKER_TITLE,
      type: 'national' as const,
      starts_at: kolkataDay(75, 9),
      ends_at: kolkataDay(76, 18),
      venue: 'Biswa Bangla Convention Centre, Kolkata',
      ...describedAs(eventDescription('NATCON', 'Kolkata')),
      registration: 'natcon' as const,
      cover_image_id: natconCover?.id ?? null,
    },
    ...[-150, -60, 30, 120, 170].map((offset, i) => ({
      ...eventBase,
      title: [
        'National Seminar on Labour Codes',
        'HR Leadership Summit',
        'National Webinar: HR Analytics',
        'National Council Meeting',
        'Workshop on Industrial Relations',
      ][i],
      type: 'national' as const,
      starts_at: kolkataDay(offset, 10),
      ends_at: kolkataDay(offset, 17),
      venue: i === 2 ? null : ['New Delhi', 'Mumbai', null, 'Kolkata', 'Chennai'][i],
      online_url: i === 2 ? 'https://meet.example.org/nipm-webinar' : null,
      ...describedAs(eventDescription('This national programme', 'the host city')),
    })),
    ...REGIONS.flatMap((region, r) =>
      [-120 + r * 10, 45 + r * 15, 140 + r * 5].map((offset, i) => ({
        ...eventBase,
        title: `${region}ern Region ${['HR Conclave', 'Study Meet', 'Annual Conference'][i]}`,
        type: 'regional' as const,
        region,
        starts_at: kolkataDay(offset, 10),
        ends_at: kolkataDay(offset, 17),
        venue: ['Bhubaneswar', 'Pune', 'Chandigarh', 'Bengaluru'][r],
        ...describedAs(eventDescription(`The ${region.toLowerCase()}ern region's programme`, 'the region')),
      })),
    ),
    ...chapters.flatMap((chapter, c) =>
      [-90 + c * 7, 20 + c * 9].map((offset, i) => ({
        ...eventBase,
        title: `${chapter.name}: ${['Monthly Study Circle', 'Evening Lecture'][i]}`,
        type: 'chapter' as const,
        chapter_id: chapter.id,
        starts_at: kolkataDay(offset, 18),
        ends_at: kolkataDay(offset, 20),
        venue: chapter.city,
        ...describedAs(eventDescription('The chapter meeting', chapter.city)),
      })),
    ),
  ];
  const inserted = await db.insertInto('events').values(events).returning(['id', 'title']).execute();

  for (const [a, album] of [
    { title: 'NATCON 2025: the award evening', offset: -280 },
    { title: 'Eastern Region HR Conclave', offset: -110 },
    { title: 'Kolkata chapter study circle', offset: -40 },
  ].entries()) {
    const row = await db
      .insertInto('albums')
      .values({
        title: album.title,
        album_date: new Date(now.getTime() + album.offset * DAY_MS).toISOString().slice(0, 10),
        event_id: a === 1 ? (inserted.find((e) => e.title.startsWith('Eastern Region HR'))?.id ?? null) : null,
        ...base,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const photos = [];
    for (let p = 0; p < 6; p++) {
      const image = await storeImage(
        db,
        store,
        await picture(800, 600, COLOURS[(a + p) % COLOURS.length], `Photo ${p + 1}`),
        null,
        now,
      );
      photos.push({
        album_id: row.id,
        image_id: image.id,
        caption: `${album.title}, photo ${p + 1}`,
        position: p + 1,
        created_at: at,
      });
    }
    await db.insertInto('album_photos').values(photos).execute();
  }

  const series: PublicationSeries[] = ['newsletter', 'personnel-today', 'research-compendium'];
  for (const [s, name] of series.entries()) {
    for (let n = 1; n <= 4; n++) {
      const title = `${SERIES_LABELS[name]}, issue ${n} (demo)`;
      const cover = await storeImage(
        db,
        store,
        await picture(600, 800, COLOURS[(s * 2 + n) % COLOURS.length], SERIES_LABELS[name]),
        null,
        now,
      );
      const pdf = await storeDocument(
        db,
        store,
        { bytes: await issuePdf(title), name: `${name}-${n}.pdf` },
        'pdf',
        null,
        now,
      );
      await db
        .insertInto('publications')
        .values({
          series: name,
          title,
          volume: 12,
          number: n,
          issue_date: new Date(now.getTime() - (5 - n) * 80 * DAY_MS).toISOString().slice(0, 10),
          abstract: 'Articles, case studies and news for personnel management professionals.',
          cover_image_id: cover.id,
          pdf_key: pdf.key,
          members_only: n % 2 === 0 ? 1 : 0,
          ...base,
        })
        .execute();
    }
  }
  return { events: inserted.length };
}
