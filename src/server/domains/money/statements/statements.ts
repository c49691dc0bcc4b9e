import { createHash } from 'node:crypto';
import type { DB } from '../../../platform/db';
import { nowIso } from '../../../platform/db';
import type { AuthUser } from '../../identity/auth-user';
import { writeAudit } from '../../audit/audit';
import { DomainError, forbidden, invalid, notFound } from '../../errors';
import { decidePaymentWithin, mayDecidePayments } from '../payments';
import {
  creditLines,
  mappingProblems,
  referenceKey,
  type ColumnNames,
  type StatementLine,
  type StatementRow,
} from './parse';

/**
 * Bank-statement matching (roles 2 and 5). Each credit of an uploaded statement is matched to the
 * reported payments whose reference appears in its narration or reference column and whose amount
 * equals it: one is proposed, several are flagged ambiguous, none leaves it unmatched for follow-up.
 * A credit already in an earlier upload (same date, narration, reference and amount) is kept as
 * `seen` and matches nothing again. Confirming verifies each proposed payment as a manual
 * verification would, receipt and all.
 */

export type LineStatus = 'proposed' | 'ambiguous' | 'unmatched' | 'confirmed' | 'seen';

export interface StatementSummary {
  id: number;
  lines: number;
  matched: number;
  ambiguous: number;
  unmatched: number;
  seen: number;
}

export interface StatementLineView extends StatementLine {
  id: number;
  status: LineStatus;
  paymentId: number | null;
  candidates: { id: number; reference: string | null; payerName: string; amount: number }[];
}

const unreadable = (message: string) => invalid({ file: message }, message);

function fingerprint(line: StatementLine): string {
  return createHash('sha256')
    .update([line.valueDate ?? '', line.narration.toUpperCase(), line.bankReference ?? '', line.credit].join('|'))
    .digest('hex');
}

/** The reported, not online, payments of this amount whose reference the line names. */
async function candidatesFor(db: DB, line: StatementLine): Promise<number[]> {
  const text = referenceKey(`${line.narration} ${line.bankReference ?? ''}`);
  const rows = await db
    .selectFrom('payments')
    .select(['id', 'reference'])
    .where('state', '=', 'reported')
    .where('mode', '<>', 'online')
    .where('amount', '=', line.credit)
    .where('reference', 'is not', null)
    .execute();
  return rows
    .filter((row) => referenceKey(row.reference!).length >= 6 && text.includes(referenceKey(row.reference!)))
    .map((r) => r.id);
}

export async function uploadStatement(
  db: DB,
  caller: AuthUser,
  input: { fileName: string; rows: StatementRow[]; columns?: ColumnNames },
  ctx: { now: Date; ip: string | null },
): Promise<StatementSummary> {
  if (!mayDecidePayments(caller)) throw forbidden();
  const problems = mappingProblems(input.columns ?? {});
  if (Object.keys(problems).length) throw invalid(problems);
  const lines = creditLines(input.rows, input.columns);
  if (!lines) throw unreadable('No header with a narration and a credit column was found: name the columns.');
  if (!lines.length) throw unreadable('The statement has no credits.');
  const at = nowIso(ctx.now);
  const statement = await db
    .insertInto('bank_statements')
    .values({ file_name: input.fileName.slice(0, 200), uploaded_by: caller.id, uploaded_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const summary: StatementSummary = {
    id: statement.id,
    lines: lines.length,
    matched: 0,
    ambiguous: 0,
    unmatched: 0,
    seen: 0,
  };
  for (const line of lines) {
    const candidates = await candidatesFor(db, line);
    const status: LineStatus = candidates.length === 1 ? 'proposed' : candidates.length > 1 ? 'ambiguous' : 'unmatched';
    const values = {
      statement_id: statement.id,
      line_number: line.lineNumber,
      value_date: line.valueDate,
      narration: line.narration,
      bank_reference: line.bankReference,
      credit: line.credit,
      fingerprint: fingerprint(line),
      status,
      payment_id: status === 'proposed' ? candidates[0] : null,
      candidates: candidates.length ? JSON.stringify(candidates) : null,
    };
    // The unique fingerprint keeps one line per credit: a repeat is stored as `seen`, without one.
    const inserted = await db
      .insertInto('bank_statement_lines')
      .values(values)
      .onConflict((oc) => oc.column('fingerprint').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      await db
        .insertInto('bank_statement_lines')
        .values({ ...values, fingerprint: null, status: 'seen', payment_id: null, candidates: null })
        .execute();
      summary.seen++;
    } else if (status === 'proposed') summary.matched++;
    else if (status === 'ambiguous') summary.ambiguous++;
    else summary.unmatched++;
  }
  await writeAudit(db, {
    action: 'statement.uploaded',
    at: ctx.now,
    actorUserId: caller.id,
    entity: 'bank_statement',
    entityId: statement.id,
    ip: ctx.ip,
    detail: { ...summary, fileName: input.fileName },
  });
  return summary;
}

export async function statementView(db: DB, caller: AuthUser, id: number) {
  if (!mayDecidePayments(caller)) throw forbidden();
  const statement = await db.selectFrom('bank_statements').selectAll().where('id', '=', id).executeTakeFirst();
  if (!statement) throw notFound('No such statement.');
  const rows = await db
    .selectFrom('bank_statement_lines')
    .selectAll()
    .where('statement_id', '=', id)
    .orderBy('line_number')
    .execute();
  const ids = [...new Set(rows.flatMap((r) => (r.candidates ? (JSON.parse(r.candidates) as number[]) : [])))];
  const payments = ids.length
    ? await db
        .selectFrom('payments')
        .select(['id', 'reference', 'payer_name', 'amount'])
        .where('id', 'in', ids)
        .execute()
    : [];
  const byId = new Map(
    payments.map((p) => [p.id, { id: p.id, reference: p.reference, payerName: p.payer_name, amount: p.amount }]),
  );
  const lines: StatementLineView[] = rows.map((r) => ({
    id: r.id,
    lineNumber: r.line_number,
    valueDate: r.value_date,
    narration: r.narration,
    bankReference: r.bank_reference,
    credit: r.credit,
    status: r.status,
    paymentId: r.payment_id,
    candidates: r.candidates ? (JSON.parse(r.candidates) as number[]).map((c) => byId.get(c)!).filter(Boolean) : [],
  }));
  return { id: statement.id, fileName: statement.file_name, uploadedAt: statement.uploaded_at, lines };
}

/** Verifies the proposed matches (all, or those named) one by one; a payment decided meanwhile is skipped. */
export async function confirmMatches(db: DB, caller: AuthUser, id: number, lineIds: number[] | undefined, now: Date) {
  if (!mayDecidePayments(caller)) throw forbidden();
  let query = db
    .selectFrom('bank_statement_lines')
    .select(['id', 'payment_id', 'narration'])
    .where('statement_id', '=', id)
    .where('status', '=', 'proposed');
  if (lineIds?.length) query = query.where('id', 'in', lineIds);
  const proposed = await query.orderBy('line_number').execute();
  const result = {
    confirmed: [] as { lineId: number; paymentId: number; receiptNumber: string | null }[],
    skipped: [] as { lineId: number; reason: string }[],
  };
  for (const line of proposed) {
    try {
      const verified = await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('bank_statement_lines')
          .set({ status: 'confirmed' })
          .where('id', '=', line.id)
          .where('status', '=', 'proposed')
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) return null;
        return decidePaymentWithin(
          trx,
          caller,
          line.payment_id!,
          'verified',
          `Matched to the bank statement: ${line.narration}`.slice(0, 500),
          now,
        );
      });
      if (verified)
        result.confirmed.push({ lineId: line.id, paymentId: verified.id, receiptNumber: verified.receiptNumber });
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind !== 'conflict') throw error;
      result.skipped.push({ lineId: line.id, reason: error.message });
    }
  }
  return result;
}
