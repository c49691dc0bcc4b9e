import { sql } from 'kysely';
import type { DB } from '../platform/db';
import { nowIso } from '../platform/db';
import { confirmationNumberOf, newStatusToken, orderNumberOf } from '../domains/natcon/orders';

/**
 * Demo NATCON: NATCON 2027 open for registration with a few hundred delegates in single and group
 * orders, nominations, and one full category (spouses and accompanying persons) with a waiting
 * list; NATCON 2026 as a past edition. Idempotent: nothing is added when NATCON 2027 exists.
 */
const EDITION_TITLE = 'NATCON 2027';
const FIRST = [
  'Aarav',
  'Ishita',
  'Rohan',
  'Meera',
  'Kabir',
  'Priya',
  'Arjun',
  'Sneha',
  'Vikram',
  'Ananya',
  'Rahul',
  'Neha',
];
const LAST = [
  'Banerjee',
  'Iyer',
  'Sharma',
  'Reddy',
  'Das',
  'Kulkarni',
  'Menon',
  'Singh',
  'Mukherjee',
  'Nair',
  'Patel',
  'Bose',
];
const COMPANIES = [
  'Hooghly Jute Mills Ltd',
  'Deccan Software Services',
  'Eastern Coalfields Ltd',
  'Coastal Steel Ltd',
  'Ganga Pharma',
  'Western Ports Trust',
  'Bengal Tea Estates',
  'Sahyadri Motors',
];

export async function seedDemoNatcon(db: DB, now: Date): Promise<void> {
  const exists = await db
    .selectFrom('natcon_editions')
    .select('id')
    .where('title', '=', EDITION_TITLE)
    .executeTakeFirst();
  if (exists) return;
  const at = nowIso(now);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('natcon_editions')
      .values({
        title: 'NATCON 2026',
        year: 2026,
        theme: 'HR for a Viksit Bharat',
        starts_on: '2026-02-13',
        ends_on: '2026-02-15',
        venue: 'Hitex Exhibition Centre',
        city: 'Hyderabad',
        registration_opens_on: '2025-10-01',
        registration_closes_on: '2026-02-06',
        programme: '',
        published: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const edition = await trx
      .insertInto('natcon_editions')
      .values({
        title: EDITION_TITLE,
        year: 2027,
        theme: 'People, purpose and performance: HR in the age of AI',
        starts_on: '2027-02-12',
        ends_on: '2027-02-14',
        venue: 'Biswa Bangla Convention Centre',
        city: 'Kolkata',
        registration_opens_on: '2026-10-01',
        registration_closes_on: '2027-02-05',
        programme:
          'Friday 12 February: registration, inaugural session and keynote.\n' +
          'Saturday 13 February: plenary panels, chapter showcases, National HR Awards night.\n' +
          'Sunday 14 February: workshops and valedictory session.',
        published: 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const category = (
      name: string,
      fee: number,
      seats: number,
      extra: Record<string, unknown> = {},
      sortOrder = 0,
    ) => ({
      edition_id: edition.id,
      name,
      fee,
      early_bird_fee: null as number | null,
      early_bird_until: null as string | null,
      seats,
      member_rate: 0,
      student_rate: 0,
      sort_order: sortOrder,
      created_at: at,
      updated_at: at,
      ...extra,
    });
    const categories = await trx
      .insertInto('natcon_categories')
      .values([
        category(
          'NIPM member',
          900_000,
          400,
          { early_bird_fee: 750_000, early_bird_until: '2026-12-31', member_rate: 1 },
          0,
        ),
        category('Non-member', 1_500_000, 400, { early_bird_fee: 1_200_000, early_bird_until: '2026-12-31' }, 1),
        category('Student', 300_000, 60, { student_rate: 1 }, 2),
        category('Spouse or accompanying person', 500_000, 20, {}, 3),
      ])
      .returning(['id', 'name', 'fee', 'early_bird_fee', 'seats'])
      .execute();
    const [memberCat, nonMember, student, spouse] = categories;
    const awards = await trx
      .insertInto('natcon_award_categories')
      .values(
        [
          [
            'HR Leader of the Year',
            'A senior HR professional whose work changed how their organisation treats people.',
            'person',
          ],
          ['Young HR Professional', 'Under 35, with measurable impact on people practices.', 'person'],
          [
            'Best Employer for Inclusion',
            'Sustained, measured progress on inclusion and equal opportunity.',
            'organisation',
          ],
          ['Excellence in Industrial Relations', 'Lasting industrial peace built on fair dealing.', 'either'],
        ].map(([name, criteria, kind]) => ({
          edition_id: edition.id,
          name,
          criteria,
          nominee_kind: kind as 'person' | 'organisation' | 'either',
          created_at: at,
        })),
      )
      .returning('id')
      .execute();

    const demoMember = await trx
      .selectFrom('members')
      .select(['id', 'chapter_id', 'email', 'first_name', 'last_name'])
      .where('email', '=', 'member@demo.nipm.in')
      .executeTakeFirst();
    const otherMembers = await trx
      .selectFrom('members')
      .select(['id', 'chapter_id', 'email', 'first_name', 'last_name'])
      .where('email', '!=', 'member@demo.nipm.in')
      .limit(40)
      .execute();

    // 173 orders: singles and groups of 2-5 (about 300 delegates); the spouses' category is filled, then three more wait.
    let n = 0;
    const person = () => {
      n += 1;
      const first = FIRST[n % FIRST.length];
      const last = LAST[(n * 7) % LAST.length];
      return {
        name: `${first} ${last}`,
        email: `${first}.${last}.${n}@example.in`.toLowerCase(),
        phone: `+91 98${String(30000000 + n).padStart(8, '0')}`,
      };
    };
    const taken = new Map<number, number>();
    for (let i = 0; i < 173; i++) {
      const group = i % 3 === 0 ? 2 + (i % 4) : 1;
      const spouseOrder = i >= 150;
      const cat = spouseOrder ? spouse : i % 5 === 0 ? student : i % 2 === 0 ? memberCat : nonMember;
      const seatsLeft = cat.seats - (taken.get(cat.id) ?? 0);
      const size = spouseOrder ? 1 : group;
      const confirmed = seatsLeft >= size;
      if (confirmed) taken.set(cat.id, (taken.get(cat.id) ?? 0) + size);
      const price = cat.early_bird_fee ?? cat.fee;
      const contact = person();
      const { hash } = newStatusToken();
      const company = group > 1 || i % 4 === 0 ? COMPANIES[i % COMPANIES.length] : null;
      const order = await trx
        .insertInto('natcon_orders')
        .values({
          edition_id: edition.id,
          status_token_hash: hash,
          state: i === 7 ? 'cancelled' : confirmed ? 'confirmed' : 'waitlisted',
          payment_state: confirmed && i % 3 === 1 ? 'reported' : 'unpaid',
          contact_name: contact.name,
          contact_email: contact.email,
          contact_phone: contact.phone,
          organisation: company,
          gstin: company ? `19AAACH${String(1000 + i).slice(-4)}F1Z5` : null,
          delegate_count: size,
          subtotal: price * size,
          amount_due: price * size,
          priced_on: '2026-11-20',
          note: i === 7 ? 'Company withdrew (demo).' : null,
          created_at: new Date(now.getTime() - (173 - i) * 3_600_000).toISOString(),
          updated_at: at,
          cancelled_at: i === 7 ? at : null,
          // Seats held unpaid (issue 28), ending over the next two days so the job's releases show.
          ...(confirmed && i !== 7
            ? {
                hold_until: new Date(now.getTime() + (24 + (i % 48)) * 3_600_000).toISOString(),
                remind_at: new Date(now.getTime() + (i % 48) * 3_600_000).toISOString(),
                hold_kind: 'order' as const,
              }
            : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const orderNumber = orderNumberOf(2027, order.id);
      await trx.updateTable('natcon_orders').set({ order_number: orderNumber }).where('id', '=', order.id).execute();
      const members =
        cat.id === memberCat.id
          ? [i === 0 && demoMember ? demoMember : otherMembers[i % Math.max(1, otherMembers.length)]]
          : [];
      await trx
        .insertInto('natcon_delegates')
        .values(
          Array.from({ length: size }, (_, k) => {
            const member = k === 0 ? members[0] : undefined;
            const p = member
              ? { name: `${member.first_name} ${member.last_name}`, email: member.email, phone: '+91 98300 00001' }
              : k === 0 && size === 1
                ? contact
                : person();
            return {
              order_id: order.id,
              category_id: cat.id,
              position: k + 1,
              confirmation_number: confirmationNumberOf(orderNumber, k + 1),
              name: p.name,
              email: p.email,
              phone: p.phone,
              designation: k === 0 ? 'HR Manager' : 'Executive, HR',
              member_id: member?.id ?? null,
              chapter_id: member?.chapter_id ?? null,
              price,
              checked_in_at: null,
            };
          }),
        )
        .execute();
      if (i === 7) taken.set(cat.id, (taken.get(cat.id) ?? 0) - size);
    }
    for (const [categoryId, seats] of taken) {
      await trx
        .updateTable('natcon_categories')
        .set({ seats_taken: sql`${seats}` })
        .where('id', '=', categoryId)
        .execute();
    }

    await trx
      .insertInto('natcon_nominations')
      .values(
        Array.from({ length: 12 }, (_, i) => {
          const nominee = person();
          const organisation = i % 4 === 2;
          return {
            edition_id: edition.id,
            award_category_id: awards[i % awards.length].id,
            reference: `AW27-${String(i + 1).padStart(5, '0')}`,
            nominee_kind: organisation ? ('organisation' as const) : ('person' as const),
            nominee_name: organisation ? COMPANIES[i % COMPANIES.length] : nominee.name,
            nominee_organisation: organisation ? null : COMPANIES[(i + 3) % COMPANIES.length],
            nominee_email: organisation ? null : nominee.email,
            nominator_name: person().name,
            nominator_email: `nominator.${i}@example.in`,
            write_up:
              'Led a people-first transformation: a fair appraisal system, a grievance process workers trust, and attrition down by a third in two years.',
            state: (['received', 'received', 'shortlisted', 'not_selected'] as const)[i % 4],
            created_at: at,
          };
        }),
      )
      .execute();
  });
}
