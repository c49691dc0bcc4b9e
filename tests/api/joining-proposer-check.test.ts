import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createTestApi, type TestApi } from '../support/api';
import { createChapter } from '../support/fixtures';
import { PROPOSER_CHECKS_PER_ADDRESS } from '../../src/lib/constants';
import { createProposer, json } from './joining-support';

describeEachDatabase('Joining: a proposer number checked as the applicant types it', (kind) => {
  let database: TestDatabase;
  let api: TestApi;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db, { trustProxy: 1 });
    // 01:30 on 1 April in India, still 31 March in UTC: the new financial year has begun for NIPM.
    api.clock.now = new Date('2027-03-31T20:00:00Z');
    const chapterId = (await createChapter(database.db, { code: 'PCK' })).id;
    await createProposer(database.db, chapterId, { memberNumber: 'PCK-0001', paidThrough: 2027 });
    await createProposer(database.db, chapterId, { memberNumber: 'PCK-0002', paidThrough: 2026 });
    await createProposer(database.db, chapterId, {
      memberNumber: 'PCK-0003',
      paidThrough: 2027,
      email: 'own.number@example.test',
    });
    await createProposer(database.db, chapterId, {
      memberNumber: 'PCK-LIFE',
      membershipClass: 'life',
      paidThrough: null,
    });
    await createProposer(database.db, chapterId, { memberNumber: 'PCK-ASSOC', membershipClass: 'associate' });
  });
  afterAll(() => database.drop());

  const check = async (query: string, address = '10.61.0.1') => {
    const response = await api.request('GET', `/api/membership/proposer-check?${query}`, {
      headers: { 'x-forwarded-for': address },
    });
    expect(response.status).toBe(200);
    return (await json<{ valid: boolean; message: string | null }>(response)).data;
  };

  it('finds a number typed in lower case with spaces, and refuses one lapsed in the new year', async () => {
    expect(await check(`number=${encodeURIComponent(' pck-0001 ')}&role=proposer`)).toEqual({
      valid: true,
      message: null,
    });
    expect(await check('number=PCK-0002&role=seconder')).toEqual({
      valid: false,
      message: "Your seconder's membership is not active this year.",
    });
    // A Life member proposes for good, with no year paid; an Associate never does.
    expect(await check('number=PCK-LIFE&role=seconder')).toEqual({ valid: true, message: null });
    expect(await check('number=PCK-ASSOC&role=proposer')).toEqual({
      valid: false,
      message: 'Your proposer must be a Corporate or Life member.',
    });
    expect(await check('number=PCK-0404&role=seconder')).toEqual({
      valid: false,
      message: 'No member has the number PCK-0404. Check it with your seconder.',
    });
  });

  it("refuses the applicant's own number when the e-mail is given, and only then", async () => {
    expect(await check(`number=PCK-0003&role=proposer&email=${encodeURIComponent('Own.Number@example.test')}`)).toEqual(
      { valid: false, message: 'You cannot propose or second yourself.' },
    );
    expect(await check('number=PCK-0003&role=proposer&email=someone.else@example.test')).toEqual({
      valid: true,
      message: null,
    });
  });

  it('holds back an address after its hour of checks, and not another address', async () => {
    const address = '10.61.9.9';
    for (let i = 0; i < PROPOSER_CHECKS_PER_ADDRESS; i++) await check('number=PCK-0001&role=proposer', address);
    const refused = await api.request('GET', '/api/membership/proposer-check?number=PCK-0001&role=proposer', {
      headers: { 'x-forwarded-for': address },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await json(refused)).error?.message).toBe('Too many checks from this address. Try again later.');
    expect((await check('number=PCK-0001&role=proposer', '10.61.9.10')).valid).toBe(true);
  });
});
