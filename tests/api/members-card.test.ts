import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter, createUser, type CreatedUser } from '../support/fixtures';
import { financialYearLabel, financialYearStart, kolkataDate } from '../../src/lib/financial-year';
import sharp from 'sharp';
import { memberWith } from './members-support';
import { APPLICANT_DETAILS } from './joining-support';

const CURRENT = financialYearStart(kolkataDate(new Date()));

describeEachDatabase('The membership card and its public check', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let east: { id: number };
  let current: { id: number; member_number: string };
  let lapsed: { id: number; member_number: string };
  let currentUser: CreatedUser;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    east = await createChapter(database.db, { region: 'East', name: 'Kolkata Chapter' });
    const west = await createChapter(database.db, { region: 'West', name: 'Mumbai Chapter' });
    current = await memberWith(database.db, east.id, { firstName: 'Asha', lastName: 'Roy', paid: CURRENT });
    lapsed = await memberWith(database.db, west.id, { firstName: 'Ravi', paid: CURRENT - 3 });
    await database.db
      .updateTable('members')
      .set({ member_number: 'NIPM/KOL/00012' })
      .where('id', '=', current.id)
      .execute();
    current.member_number = 'NIPM/KOL/00012';
    currentUser = await createUser(database.db, { roleId: '1', memberId: current.id });
  });
  afterAll(() => database.drop());

  it('shows anyone only the name, class and whether the membership is current', async () => {
    const ok = await api.request('GET', `/api/membership/verify?number=${encodeURIComponent('NIPM/KOL/00012')}`);
    expect(ok.status).toBe(200);
    expect((await ok.json()).data).toEqual({
      memberNumber: 'NIPM/KOL/00012',
      name: 'Asha Roy',
      classLabel: 'Associate',
      current: true,
    });
    const old = await api.request('GET', `/api/membership/verify?number=${encodeURIComponent(lapsed.member_number)}`);
    expect((await old.json()).data).toMatchObject({ name: 'Ravi Sen', current: false });
    expect((await api.request('GET', '/api/membership/verify?number=NIPM%2FXXX%2F1')).status).toBe(404);
    expect((await api.request('GET', '/api/membership/verify')).status).toBe(400);
  });

  it('gives the member their card with the QR target, and a PDF', async () => {
    const card = await api.request('GET', `/api/members/${current.id}/card`, { token: currentUser.token });
    expect((await card.json()).data).toMatchObject({
      name: 'Asha Roy',
      memberNumber: 'NIPM/KOL/00012',
      classLabel: 'Associate',
      chapter: 'Kolkata Chapter',
      current: true,
      verifyUrl: 'http://localhost:4321/membership/verify/NIPM/KOL/00012',
      hasPhoto: false,
    });
    const pdf = await api.request('GET', `/api/members/${current.id}/card.pdf`, { token: currentUser.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    // Admitted before the site: no application, so no photograph (the card is made without one).
    expect((await api.request('GET', `/api/members/${current.id}/photo`, { token: currentUser.token })).status).toBe(
      404,
    );
    expect((await api.request('GET', `/api/members/${lapsed.id}/photo`, { token: currentUser.token })).status).toBe(
      404,
    );
  });

  it('says how long each card is good for: to 31 March after the year paid, for life, or not paid', async () => {
    const superAdmin = await createUser(database.db, { roleId: '2' });
    const life = await memberWith(database.db, east.id, { firstName: 'Lalit', classCode: 'life', paid: null });
    const unpaid = await memberWith(database.db, east.id, { firstName: 'Usha', paid: null });
    const validThrough = async (id: number) =>
      (await (await api.request('GET', `/api/members/${id}/card`, { token: superAdmin.token })).json()).data
        .validThrough;
    expect(await validThrough(current.id)).toBe(`31 March ${CURRENT + 1} (${financialYearLabel(CURRENT)})`);
    expect(await validThrough(life.id)).toBe('Life');
    expect(await validThrough(unpaid.id)).toBe('Not paid');
  });

  it('puts the photograph sent with the application on the card', async () => {
    const jpeg = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const key = await api.deps.storage.put(new Uint8Array(jpeg));
    const at = new Date().toISOString();
    const application = await database.db
      .insertInto('applications')
      .values({
        reference: `APP-CARD${Date.now().toString(36).toUpperCase()}`,
        status_token_hash: 'x'.repeat(64),
        state: 'approved',
        class_code: 'associate',
        chapter_id: east.id,
        financial_year: CURRENT,
        applied_on: '2026-05-01',
        title: null,
        first_name: 'Asha',
        last_name: 'Roy',
        email: 'asha.card@example.test',
        ...APPLICANT_DETAILS,
        quote: '{}',
        amount_due: 1,
        discount: 0,
        member_id: current.id,
        decision_note: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('application_documents')
      .values({
        application_id: application.id,
        kind: 'photo',
        storage_key: key,
        content_type: 'image/jpeg',
        filename: 'photo.jpg',
        size: jpeg.byteLength,
        uploaded_at: at,
      })
      .execute();
    const card = await api.request('GET', `/api/members/${current.id}/card`, { token: currentUser.token });
    expect((await card.json()).data.hasPhoto).toBe(true);
    const photo = await api.request('GET', `/api/members/${current.id}/photo`, { token: currentUser.token });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    const pdf = new TextDecoder('latin1').decode(
      await (
        await api.request('GET', `/api/members/${current.id}/card.pdf`, { token: currentUser.token })
      ).arrayBuffer(),
    );
    expect(pdf.match(/\/Subtype \/Image/g)).toHaveLength(2);
  });

  it('keeps cards within scope for every role', async () => {
    for (const url of [`/api/members/${lapsed.id}/card`, `/api/members/${lapsed.id}/card.pdf`]) {
      expect((await api.request('GET', url, { token: currentUser.token })).status).toBe(404);
      const eastAdmin = await createUser(database.db, { roleId: '4', chapterId: east.id });
      expect((await api.request('GET', url, { token: eastAdmin.token })).status).toBe(404);
      for (const roleId of ['2', '5'] as const) {
        expect(
          (await api.request('GET', url, { token: (await createUser(database.db, { roleId })).token })).status,
        ).toBe(200);
      }
      expect(
        (await api.request('GET', url, { token: (await createUser(database.db, { roleId: '3' })).token })).status,
      ).toBe(403);
      expect((await api.request('GET', url)).status).toBe(401);
    }
  });
});

describeEachDatabase('Chapter Detail counts the chapter’s members', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
  });
  afterAll(() => database.drop());

  it('shows the member count of the member’s own chapter', async () => {
    const chapter = await createChapter(database.db, { region: 'East' });
    const own = await memberWith(database.db, chapter.id, { firstName: 'One' });
    await memberWith(database.db, chapter.id, { firstName: 'Two' });
    const user = await createUser(database.db, { roleId: '1', memberId: own.id });
    const answer = await api.request('GET', `/api/chapters/${chapter.id}`, { token: user.token });
    const data = (await answer.json()).data;
    expect(data.memberCount).toBe(2);
    expect(data.officeBearers).toEqual([]);
  });
});
