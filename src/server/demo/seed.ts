import { financialYearStart, kolkataDate } from '../../lib/financial-year';
import type { DB } from '../platform/db';
import { nowIso } from '../platform/db';
import type { ChaptersTable } from '../platform/db/schema';
import { hashPassword } from '../domains/identity/password-hash';
import type { RoleId } from '../../lib/roles';

type SeedChapter = Pick<
  ChaptersTable,
  'code' | 'name' | 'region' | 'city' | 'state' | 'address' | 'contact_name' | 'contact_email' | 'contact_phone'
>;

const chapter = (
  code: string,
  city: string,
  state: string,
  region: SeedChapter['region'],
  address: string,
  contactName: string,
  contactPhone: string,
): SeedChapter => ({
  code,
  name: `${city} Chapter`,
  region,
  city,
  state,
  address,
  contact_name: contactName,
  contact_email: `${code.toLowerCase()}.chapter@nipm.example.org`,
  contact_phone: contactPhone,
});

/** Sample chapters, four per region: enough to exercise regions, scopes and lists. */
export const SAMPLE_CHAPTERS: readonly SeedChapter[] = [
  chapter(
    'KOL',
    'Kolkata',
    'West Bengal',
    'East',
    'Park Street, Kolkata 700016',
    'Subrata Banerjee',
    '+91 33 2229 0001',
  ),
  chapter('BBS', 'Bhubaneswar', 'Odisha', 'East', 'Janpath, Bhubaneswar 751001', 'Sasmita Mohanty', '+91 674 253 0002'),
  chapter(
    'JSR',
    'Jamshedpur',
    'Jharkhand',
    'East',
    'Bistupur, Jamshedpur 831001',
    'Amit Kumar Singh',
    '+91 657 242 0003',
  ),
  chapter('GAU', 'Guwahati', 'Assam', 'East', 'G. S. Road, Guwahati 781005', 'Pranjal Baruah', '+91 361 254 0004'),
  chapter('MUM', 'Mumbai', 'Maharashtra', 'West', 'Nariman Point, Mumbai 400021', 'Neha Kulkarni', '+91 22 2284 0005'),
  chapter('PUN', 'Pune', 'Maharashtra', 'West', 'Shivajinagar, Pune 411005', 'Rahul Deshpande', '+91 20 2553 0006'),
  chapter('AMD', 'Ahmedabad', 'Gujarat', 'West', 'Ashram Road, Ahmedabad 380009', 'Hetal Patel', '+91 79 2658 0007'),
  chapter('GOA', 'Goa', 'Goa', 'West', 'Panaji, Goa 403001', 'Francis D’Souza', '+91 832 242 0008'),
  chapter('DEL', 'Delhi', 'Delhi', 'North', 'Connaught Place, New Delhi 110001', 'Ritu Malhotra', '+91 11 2341 0009'),
  chapter(
    'CHD',
    'Chandigarh',
    'Chandigarh',
    'North',
    'Sector 17, Chandigarh 160017',
    'Harpreet Kaur',
    '+91 172 270 0010',
  ),
  chapter(
    'LKO',
    'Lucknow',
    'Uttar Pradesh',
    'North',
    'Hazratganj, Lucknow 226001',
    'Alok Srivastava',
    '+91 522 223 0011',
  ),
  chapter('JAI', 'Jaipur', 'Rajasthan', 'North', 'C-Scheme, Jaipur 302001', 'Meenakshi Sharma', '+91 141 237 0012'),
  chapter(
    'CHN',
    'Chennai',
    'Tamil Nadu',
    'South',
    'Anna Salai, Chennai 600002',
    'Lakshmi Narayanan',
    '+91 44 2852 0013',
  ),
  chapter('BLR', 'Bengaluru', 'Karnataka', 'South', 'MG Road, Bengaluru 560001', 'Kiran Rao', '+91 80 2558 0014'),
  chapter('HYD', 'Hyderabad', 'Telangana', 'South', 'Begumpet, Hyderabad 500016', 'Srinivas Reddy', '+91 40 2776 0015'),
  chapter('COK', 'Kochi', 'Kerala', 'South', 'M. G. Road, Kochi 682016', 'Anitha Menon', '+91 484 235 0016'),
];

/** Inserts the sample chapters that are not there yet; running it again changes nothing. */
export async function seedChapters(db: DB, now: Date): Promise<number> {
  const at = nowIso(now);
  let added = 0;
  for (const row of SAMPLE_CHAPTERS) {
    const result = await db
      .insertInto('chapters')
      .values({ ...row, created_at: at, updated_at: at })
      .onConflict((oc) => oc.column('code').doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

export const DEMO_PASSWORD = 'Demo@NIPM2025';
/** The chapter the demo member belongs to and the demo chapter admin acts for. */
export const DEMO_CHAPTER_CODE = 'KOL';
export const DEMO_MEMBER_NUMBER = 'NIPM/KOL/DEMO-0001';

export const DEMO_ACCOUNTS: readonly { email: string; name: string; roleId: RoleId }[] = [
  { email: 'member@demo.nipm.in', name: 'Ananya Ghosh', roleId: '1' },
  { email: 'superadmin@demo.nipm.in', name: 'Super Admin (demo)', roleId: '2' },
  { email: 'content@demo.nipm.in', name: 'Content Admin (demo)', roleId: '3' },
  { email: 'chapter@demo.nipm.in', name: 'Chapter Admin (demo)', roleId: '4' },
  { email: 'admin@demo.nipm.in', name: 'Admin (demo)', roleId: '5' },
];

export class DemoAccountsRefused extends Error {
  constructor() {
    super(
      'Refusing to create demo accounts with NODE_ENV=production: their password is public. ' +
        'Seed without --demo, or run the demo outside production.',
    );
  }
}

/**
 * Adds the five demo accounts (and the demo member's record) when they are missing; accounts
 * that exist are left as they are. Never in production, whatever the caller asks.
 */
export async function seedDemoAccounts(db: DB, options: { nodeEnv: string; now: Date }): Promise<number> {
  if (options.nodeEnv === 'production') throw new DemoAccountsRefused();
  await seedChapters(db, options.now);
  const at = nowIso(options.now);
  const home = await db
    .selectFrom('chapters')
    .select('id')
    .where('code', '=', DEMO_CHAPTER_CODE)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('members')
    .values({
      member_number: DEMO_MEMBER_NUMBER,
      membership_class: 'associate',
      chapter_id: home.id,
      title: 'Ms',
      first_name: 'Ananya',
      last_name: 'Ghosh',
      email: 'member@demo.nipm.in',
      phone: '+91 98300 00001',
      date_of_birth: '1988-06-14',
      address: '12 Lake Road',
      city: 'Kolkata',
      state: 'West Bengal',
      pincode: '700029',
      qualification: 'MBA (Human Resources)',
      organisation: 'Eastern Engineering Works Ltd',
      designation: 'Senior Manager, Human Resources',
      experience_years: 12,
      admitted_on: '2019-08-01',
      // Paid up for this year, so the demo member starts active (status is derived from it).
      paid_through_year: financialYearStart(kolkataDate(options.now)),
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('member_number').doNothing())
    .execute();
  const member = await db
    .selectFrom('members')
    .select('id')
    .where('member_number', '=', DEMO_MEMBER_NUMBER)
    .executeTakeFirstOrThrow();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let added = 0;
  for (const account of DEMO_ACCOUNTS) {
    const result = await db
      .insertInto('users')
      .values({
        email: account.email,
        password_hash: passwordHash,
        name: account.name,
        image: null,
        role_id: Number(account.roleId),
        member_id: account.roleId === '1' ? member.id : null,
        chapter_id: account.roleId === '4' ? home.id : null,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}
