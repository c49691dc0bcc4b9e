import { describe, expect, it } from 'vitest';
import { reminderText, reminderWindow } from './reminders';

describe('renewal reminder windows', () => {
  it.each([
    ['2027-03-01', 'due', 2027],
    ['2027-03-31', 'due', 2027],
    ['2026-04-01', 'due', 2026],
    ['2026-05-31', 'due', 2026],
    ['2026-06-01', 'last_month', 2026],
    ['2026-06-30', 'last_month', 2026],
    ['2026-07-01', 'defaulter', 2026],
    ['2026-08-15', 'defaulter', 2026],
    ['2026-09-30', 'defaulter', 2026],
    ['2026-10-01', 'lapsed', 2026],
    ['2026-12-31', 'lapsed', 2026],
    ['2027-01-01', 'lapsed', 2026],
    ['2027-02-28', 'lapsed', 2026],
  ])('a run on %s sends the %s reminder of the year starting in %i', (on, kind, financialYear) => {
    expect(reminderWindow(on)).toEqual({ kind, financialYear });
  });
});

describe('renewal reminder texts', () => {
  const SITE = 'https://nipm.example';
  const RENEW = 'Renew on your member page: https://nipm.example/member/memberdetail';

  it('says the coming year is due from 1 April', () => {
    expect(reminderText('due', 2027, SITE)).toEqual({
      title: 'Your 2027-28 subscription is due',
      message: `Your NIPM membership subscription for 2027-28 is due from 1 April. ${RENEW}`,
      link: '/member/memberdetail',
    });
  });

  it('warns in June that members unpaid by 30 June become defaulters', () => {
    expect(reminderText('last_month', 2026, SITE)).toEqual({
      title: 'Last month to renew for 2026-27',
      message: `Your subscription for 2026-27 is unpaid. Members who have not renewed by 30 June become defaulters on 1 July. ${RENEW}`,
      link: '/member/memberdetail',
    });
  });

  it('tells a defaulter the membership lapses on 1 October', () => {
    expect(reminderText('defaulter', 2026, SITE)).toEqual({
      title: 'Your 2026-27 subscription is overdue',
      message: `Your subscription for 2026-27 is unpaid, so your membership is in arrears. It lapses on 1 October unless renewed. ${RENEW}`,
      link: '/member/memberdetail',
    });
  });

  it('tells a lapsed member how to restore the membership', () => {
    expect(reminderText('lapsed', 2026, SITE)).toEqual({
      title: 'Your membership has lapsed',
      message: `Your subscription for 2026-27 was not paid by 30 September, so your membership has lapsed. You can restore it by paying the unpaid years. ${RENEW}`,
      link: '/member/memberdetail',
    });
  });
});
