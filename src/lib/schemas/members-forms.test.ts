import { describe, expect, it } from 'vitest';
import { ChangeRequestBody, ChangeRequestFormSchema, changeRequestBodyOf, StaffMemberPatch } from './members';

describe('the change-request form', () => {
  const empty = { firstName: '', lastName: '', dateOfBirth: '', classCode: '', reason: '' };

  it('sends only what should change, and the API takes what it sends', () => {
    const values = ChangeRequestFormSchema.parse({ ...empty, lastName: ' Sen Gupta ', reason: 'Married' });
    const body = changeRequestBodyOf(values);
    expect(body).toEqual({ changes: { lastName: 'Sen Gupta' }, reason: 'Married' });
    expect(ChangeRequestBody.safeParse(body).success).toBe(true);
  });

  it('asks for something to change, and a date written YYYY-MM-DD', () => {
    const nothing = ChangeRequestFormSchema.safeParse(empty);
    expect(nothing.success).toBe(false);
    expect(nothing.error?.issues[0]).toMatchObject({ path: ['firstName'], message: 'Say what should change.' });
    const date = ChangeRequestFormSchema.safeParse({ ...empty, dateOfBirth: '30/02/1980' });
    expect(date.error?.issues[0]).toMatchObject({ path: ['dateOfBirth'], message: 'Use a date written YYYY-MM-DD.' });
  });
});

describe("the staff's record form", () => {
  it('takes an empty date of birth as none', () => {
    expect(StaffMemberPatch.parse({ dateOfBirth: '' })).toEqual({ dateOfBirth: null });
    expect(StaffMemberPatch.safeParse({ dateOfBirth: '1980-2-3' }).success).toBe(false);
  });
});
