import { kolkataDate } from '../../../lib/financial-year';
import { nowIso, type DB } from '../../platform/db';
import { writeAudit } from '../audit/audit';
import { MEMBER_COLUMNS, type MemberField } from './column-specs';
import { createMembers } from './bulk-create';
import { cellReader, chapterLookup, planBatch } from './evaluate';
import { FileMemory } from './file-memory';
import { invalidInput, wrongState } from './problems';

/**
 * Adds one member who joined before the portal (on paper) by hand: the form's fields are one row of
 * a members file, judged by the same code as an import's rows, so the checks are the same. A
 * member already on the register is not added again (edit them instead); a row that matches two
 * members is refused likewise.
 */
export type ExistingMemberForm = Partial<Record<MemberField, string>>;

const FIELD_OF_HEADER = new Map(MEMBER_COLUMNS.map((c) => [c.header, c.field]));

/** `Header: why` messages as per-field messages keyed by the form's field names. */
function fieldMessages(errors: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const error of errors) {
    const at = error.indexOf(': ');
    const field = FIELD_OF_HEADER.get(error.slice(0, at)) ?? 'form';
    fields[field] = fields[field] ? `${fields[field]} ${error.slice(at + 2)}` : error.slice(at + 2);
  }
  return fields;
}

export async function addExistingMember(
  db: DB,
  form: ExistingMemberForm,
  input: { userId: number; now: Date; ip?: string | null },
): Promise<{ id: number; memberNumber: string }> {
  const fields = MEMBER_COLUMNS.map((c) => c.field);
  const cells = fields.map((field) => form[field] ?? '');
  const context = {
    memberRow: { todayIso: kolkataDate(input.now), chapterIdOf: await chapterLookup(db) },
    cellsOf: cellReader(fields, Object.fromEntries(fields.map((f) => [f, f]))),
    memory: new FileMemory(),
  };
  return db.transaction().execute(async (trx) => {
    const [planned] = await planBatch(trx, [{ number: 1, cells }], context);
    const { plan } = planned;
    if (plan.kind === 'invalid') throw invalidInput(fieldMessages(plan.errors));
    if (plan.kind === 'conflict') throw wrongState(plan.message);
    if (plan.kind !== 'create' || !('record' in plan)) {
      throw wrongState('This member is already on the register: open their record to change it.');
    }
    const created = (await createMembers(trx, [planned], input.userId, nowIso(input.now))).get(1);
    if (!created) throw new Error('The member was not created.');
    await writeAudit(trx, {
      action: 'import.member_added',
      at: input.now,
      actorUserId: input.userId,
      entity: 'member',
      entityId: created.memberId,
      ip: input.ip ?? null,
      detail: { memberNumber: plan.record.member_number },
    });
    return { id: created.memberId, memberNumber: plan.record.member_number };
  });
}
