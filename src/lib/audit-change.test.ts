import { describe, expect, it } from 'vitest';
import { describeAuditDetail } from './audit-change';

describe('describeAuditDetail', () => {
  it('lists only the fields a change touched, old → new, in words', () => {
    expect(
      describeAuditDetail({
        before: { name: 'Asha', active: true, chapterId: 3 },
        after: { name: 'Asha', active: false, chapterId: null },
      }),
    ).toEqual(['active: yes → no', 'chapter id: 3 → (none)']);
  });

  it('writes other details as labelled values, nested ones flattened', () => {
    expect(describeAuditDetail({ paymentId: 7, mode: 'upi', fields: { email: 'x', roles: ['2', '5'] } })).toEqual([
      'payment id: 7',
      'mode: upi',
      'fields: email x, roles 2, 5',
    ]);
  });

  it('shows nothing for an entry without detail', () => {
    expect(describeAuditDetail(null)).toEqual([]);
  });
});
