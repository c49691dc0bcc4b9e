/**
 * Content collections that editors change as files under `src/content/`. Each collection has one
 * zod schema; a malformed entry fails the build with the field and the reason.
 * Pages read these through the getters in `src/lib/content.ts`, never with `getCollection`.
 */
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';

/** A path under `public/` ("/images/x.jpg") or an absolute http(s) address. */
const imageRef = z
  .string()
  .regex(/^(\/|https?:\/\/)/, 'must be a path under public/ starting with "/" or an http(s) address');

/**
 * Marks an entry whose names or figures are placeholders until the institute supplies its own.
 * Shown nowhere; `grep '"sample": true' src/content` lists what still has to be replaced.
 */
const sample = z.boolean().optional();

/** One member of the National Council, shown on /about/national-council in file order. */
export const councilMemberSchema = z
  .object({
    /** Stable key, lowercase words joined by hyphens ("jane-doe"). */
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lowercase words joined by hyphens'),
    /** Portrait; without it the page shows the member's initials. */
    image: imageRef.optional(),
    /** Full name as it should be printed. */
    name: z.string().trim().min(2, 'must name the member'),
    /** Office held on the council ("President", "Vice President (East)"). */
    role: z.string().trim().min(2, 'must give the office held'),
    /** Profile page or LinkedIn address opened by the card. */
    link: z.string().url('must be a full http(s) address').optional(),
    sample,
  })
  .strict();

/** A past president or fellow of the institute, listed on /about/fellowship. */
export const fellowSchema = z
  .object({
    /** Stable key, unique in the file. */
    id: z.string().min(1),
    /** Full name as it should be printed. */
    name: z.string().trim().min(2, 'must name the fellow'),
    /** Chapter the fellow belongs or belonged to. */
    chapter: z.string().trim().min(2, 'must name the chapter'),
    /** 'deceased' marks a fellow who has passed away; absent for living fellows. */
    status: z.literal('deceased').optional(),
    /** 'president' for past national presidents, 'fellow' otherwise. */
    kind: z.enum(['president', 'fellow']).default('fellow'),
    sample,
  })
  .strict();

/** One of the nine items of the code of ethics, in file order. */
export const ethicsItemSchema = z
  .object({
    /** Stable key, unique in the file. */
    id: z.string().min(1),
    /** Short heading of the principle. */
    title: z.string().trim().min(3, 'must give the principle a title'),
    /** The principle in one or two sentences; the field name is spelled as the spec spells it. */
    discription: z.string().trim().min(20, 'must explain the principle in at least a sentence'),
  })
  .strict();

/** An institution the institute collaborates with, on /learning/collaboration. */
export const partnerSchema = z
  .object({
    /** Stable key, unique in the file. */
    id: z.string().min(1),
    /** Name of the partner or of the programme run with it. */
    title: z.string().trim().min(2, 'must name the partner'),
    /** What the collaboration offers members, in a sentence or two. */
    description: z.string().trim().min(20, 'must describe the collaboration in at least a sentence'),
    sample,
  })
  .strict();

/** A link inside a menu group. */
const menuLinkSchema = z
  .object({
    /** Label shown in the menu. */
    name: z.string().trim().min(1, 'must have a label'),
    /** Site path ("/about") or in-page anchor ("#contact"). */
    href: z.string().regex(/^[/#]/, 'must be a site path starting with "/" or an anchor starting with "#"'),
  })
  .strict();

/** A group of the public header menu (spec: "menu items: name, href, items"), in file order. */
export const menuGroupSchema = menuLinkSchema
  .extend({
    /** Stable key, unique in the file; also names the submenu's element id. */
    id: z.string().regex(/^[a-z0-9-]+$/, 'must be lowercase letters, digits and hyphens'),
    /** The group's links, in the order shown. */
    items: z.array(menuLinkSchema).min(1, 'a group needs at least one link'),
  })
  .strict();

/** A long-form page (about, vision, mission, leadership) written in Markdown. */
export const pageSchema = z
  .object({
    /** Heading and browser title. */
    title: z.string().trim().min(2),
    /** One sentence for search results and link previews. */
    description: z.string().trim().min(20, 'must describe the page in at least a sentence'),
    /** Short line under the heading. */
    lead: z.string().trim().optional(),
    sample,
  })
  .strict();

/**
 * A past event kept for the record on the event lists, after the events staff publish from the
 * portal (which live in the database). Add one here only for history that predates the portal.
 */
export const archiveEventSchema = z
  .object({
    /** Stable key, unique in the file. */
    id: z.string().regex(/^[a-z0-9-]+$/, 'must be lowercase letters, digits and hyphens'),
    title: z.string().trim().min(3, 'must name the event'),
    /** Which list shows it. */
    type: z.enum(['national', 'regional', 'chapter']),
    /** First day, YYYY-MM-DD. */
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD'),
    /** City or venue, as printed. */
    place: z.string().trim().min(2),
    /** One or two sentences on what happened. */
    summary: z.string().trim().min(20, 'must say what happened in at least a sentence'),
    sample,
  })
  .strict();

/** An issue from before the portal, listed after the issues staff publish (no download here). */
export const archiveIssueSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/, 'must be lowercase letters, digits and hyphens'),
    series: z.enum(['newsletter', 'personnel-today', 'research-compendium']),
    title: z.string().trim().min(3, 'must name the issue'),
    /** Publication date, YYYY-MM-DD. */
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD'),
    /** What the issue holds, in a sentence or two. */
    abstract: z.string().trim().min(20, 'must describe the issue in at least a sentence'),
    sample,
  })
  .strict();

/** One kind of personal data the site collects, a line of the notice's itemised table (DPDP Rules, rule 3). */
const personalDataItemSchema = z
  .object({
    /** What is collected, in the words a member would use ("Your date of birth"). */
    data: z.string().trim().min(3, 'must say what is collected'),
    /** Where on the site it is given ("membership application", "NATCON registration"). */
    from: z.string().trim().min(3, 'must say where it is given'),
    /** What the institute uses it for, specifically; never "and other purposes". */
    purpose: z.string().trim().min(10, 'must say what it is used for in at least a phrase'),
    /** How long it is kept, or until what happens. */
    kept: z.string().trim().min(3, 'must say how long it is kept'),
    /** false for an optional purpose the person may refuse or withdraw without losing membership. */
    required: z.boolean(),
  })
  .strict();

/**
 * One version of the privacy notice at /privacy (issue 26). The institute adds a new file
 * (`v2.md`, ...) for each change instead of editing an old one: consents record the version the
 * person saw, so every version stays readable at /privacy/v<N>. The newest version is the one shown.
 */
export const privacyNoticeSchema = z
  .object({
    /** Whole number, one more than the previous version; the file is named `v<version>.md`. */
    version: z.number().int().positive(),
    /** The day this version took effect, YYYY-MM-DD. */
    effective: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD'),
    /** Heading and browser title. */
    title: z.string().trim().min(5),
    /** One sentence for search results and the short notice on forms. */
    description: z.string().trim().min(20, 'must describe the notice in at least a sentence'),
    /** Each kind of personal data collected, with its purpose: the table at the top of the notice. */
    items: z.array(personalDataItemSchema).min(1, 'must list the personal data collected'),
    sample,
  })
  .strict();

export const collections = {
  council: defineCollection({ loader: file('src/content/council.json'), schema: councilMemberSchema }),
  fellows: defineCollection({ loader: file('src/content/fellows.json'), schema: fellowSchema }),
  ethics: defineCollection({ loader: file('src/content/ethics.json'), schema: ethicsItemSchema }),
  partners: defineCollection({ loader: file('src/content/partners.json'), schema: partnerSchema }),
  menu: defineCollection({ loader: file('src/content/menu.json'), schema: menuGroupSchema }),
  archiveEvents: defineCollection({ loader: file('src/content/archive-events.json'), schema: archiveEventSchema }),
  archiveIssues: defineCollection({ loader: file('src/content/archive-issues.json'), schema: archiveIssueSchema }),
  pages: defineCollection({ loader: glob({ pattern: '*.md', base: 'src/content/pages' }), schema: pageSchema }),
  privacy: defineCollection({
    loader: glob({ pattern: 'v*.md', base: 'src/content/privacy' }),
    schema: privacyNoticeSchema,
  }),
};
