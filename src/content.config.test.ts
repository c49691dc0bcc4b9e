import { describe, expect, it } from 'vitest';
import council from './content/council.json';
import ethics from './content/ethics.json';
import fellows from './content/fellows.json';
import menu from './content/menu.json';
import partners from './content/partners.json';
import { councilMemberSchema, ethicsItemSchema, fellowSchema, menuGroupSchema, partnerSchema } from './content.config';

/** The spec's "Public header menu" table, group by group, link by link. */
const SPEC_MENU: [string, string[]][] = [
  [
    'About',
    [
      '/about',
      '/about/code-of-ethics',
      '/about/vision',
      '/about/mission',
      '/about/leadership',
      '/about/national-council',
      '/about/fellowship',
    ],
  ],
  [
    'Events',
    ['/events/nipm-national-events', '/events/nipm-regional-events', '/events/nipm-chapter-events', '/events'],
  ],
  ['Learning', ['/learning/collaboration']],
  ['Research', ['/research/research-compendium', '/research/personnel-today', '/research/newsletter']],
  [
    'Resources',
    [
      '/resources/gallery',
      '/events/nipm-national-events',
      '/events/nipm-regional-events',
      '/events/nipm-chapter-events',
    ],
  ],
];

function firstIssue(result: {
  success: boolean;
  error?: { issues: { path: (string | number)[]; message: string }[] };
}) {
  expect(result.success).toBe(false);
  const issue = result.error!.issues[0]!;
  return `${issue.path.join('.')}: ${issue.message}`;
}

describe('menu data', () => {
  it('has exactly the spec groups, in order, with exactly their links', () => {
    expect(menu.map((group) => [group.name, group.items.map((item) => item.href)])).toEqual(SPEC_MENU);
  });

  it('passes its schema, every link labelled', () => {
    for (const group of menu)
      expect(menuGroupSchema.parse(group).items.every((item) => item.name.length > 0)).toBe(true);
  });
});

describe('collection data passes its schemas', () => {
  it.each([
    ['council', council, councilMemberSchema],
    ['fellows', fellows, fellowSchema],
    ['ethics', ethics, ethicsItemSchema],
    ['partners', partners, partnerSchema],
  ] as const)('%s', (_name, entries, schema) => {
    for (const entry of entries) expect(schema.safeParse(entry).error).toBeUndefined();
  });

  it('has the nine code-of-ethics items with the spec spelling "discription"', () => {
    expect(ethics).toHaveLength(9);
    expect(ethics.every((item) => typeof item.discription === 'string')).toBe(true);
  });

  it('has unique ids in every file', () => {
    for (const entries of [council, fellows, ethics, partners, menu]) {
      const ids = entries.map((entry) => entry.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});

describe('collection schemas reject malformed entries with a clear message', () => {
  it('a council member without a role', () => {
    expect(firstIssue(councilMemberSchema.safeParse({ id: 'a-b', name: 'A B' }))).toBe('role: Required');
  });

  it('a council member whose link is not an address', () => {
    expect(
      firstIssue(councilMemberSchema.safeParse({ id: 'a-b', name: 'A B', role: 'Treasurer', link: 'linkedin' })),
    ).toBe('link: must be a full http(s) address');
  });

  it('a council member with a field the schema does not know', () => {
    expect(
      firstIssue(councilMemberSchema.safeParse({ id: 'a-b', name: 'A B', role: 'Treasurer', photo: '/x.jpg' })),
    ).toMatch(/Unrecognized key\(s\) in object: 'photo'/);
  });

  it('a fellow with a status other than deceased', () => {
    expect(firstIssue(fellowSchema.safeParse({ id: 'x', name: 'A B', chapter: 'Pune', status: 'retired' }))).toMatch(
      /^status: Invalid literal value, expected "deceased"/,
    );
  });

  it('an ethics item spelled "description" instead of the spec\'s "discription"', () => {
    const result = ethicsItemSchema.safeParse({
      id: 'x',
      title: 'Integrity',
      description: 'Act honestly in all things.',
    });
    expect(firstIssue(result)).toBe('discription: Required');
  });

  it('a partner without a description', () => {
    expect(firstIssue(partnerSchema.safeParse({ id: 'x', title: 'A university', description: 'short' }))).toBe(
      'description: must describe the collaboration in at least a sentence',
    );
  });

  it('a menu link that is not a site path', () => {
    const group = { id: 'about', name: 'About', href: '/about', items: [{ name: 'Out', href: 'https://x.org' }] };
    expect(firstIssue(menuGroupSchema.safeParse(group))).toBe(
      'items.0.href: must be a site path starting with "/" or an anchor starting with "#"',
    );
  });
});
