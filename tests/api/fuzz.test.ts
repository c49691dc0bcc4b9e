import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RoleId } from '../../src/lib/roles';
import { createApiApp } from '../../src/server/api/app';
import type { ApiDeps } from '../../src/server/api/context';
import { ErrorEnvelope } from '../../src/server/api/openapi';
import { signApiToken } from '../../src/server/domains/identity/token';
import { createTestApi, TEST_SECRET, type TestApi } from '../support/api';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { changedTables, fingerprint } from '../support/db-snapshot';
import { createChapter, createMember, createUser } from '../support/fixtures';
import { operationsOf, requestFor, type JsonSchema, type Operation } from '../support/fuzz-inputs';

/**
 * Bad input at scale (issue 14, item 3). Reads the API's own OpenAPI document and drives EVERY
 * operation in it (routes added later are picked up without an edit) with generated path ids,
 * queries and bodies, as every kind of caller: anonymous, roles 1-5, an expired token and a forged
 * one. For every request: no 5xx; a 4xx is the error envelope; and a refused request (4xx) leaves
 * every table as it was (a fingerprint of all rows before and after; see tests/support/db-snapshot.ts
 * for the sign-in bookkeeping left out).
 *
 * Fixed seed, FUZZ_RUNS cases per route and caller (default 4, so 32 per route per database).
 * A longer run: FUZZ_RUNS=200 npx vitest run tests/api/fuzz.test.ts (another seed: FUZZ_SEED=…).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

const document = (await (await createApiApp({} as ApiDeps).request('/api/openapi.json')).json()) as {
  paths: Parameters<typeof operationsOf>[0]['paths'];
  components?: { schemas?: Record<string, JsonSchema> };
};
const operations = operationsOf(document);
const components = document.components?.schemas ?? {};

interface Caller {
  name: string;
  token?: string;
}

describeEachDatabase('every API route under generated input', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let chapterId: number;
  let knownIds: string[];
  let expiredToken: string;
  let forgedToken: string;

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    const chapter = await createChapter(database.db);
    chapterId = chapter.id;
    const member = await createMember(database.db, chapter.id);
    const someone = await createUser(database.db, { roleId: '1', memberId: member.id });
    const sent = await api.request('POST', '/api/admin/notifications', {
      token: (await createUser(database.db, { roleId: '2' })).token,
      body: { title: 'Fuzz notice', message: 'For the fuzz test.', audience: { type: 'all' } },
    });
    expect(sent.status).toBe(201);
    knownIds = [...new Set(['1', '2', String(chapter.id), String(member.id), String(someone.id)])];
    const earlier = new Date(Date.now() - 10 * 3600 * 1000);
    expiredToken = await signApiToken({ userId: someone.id, tokenVersion: 0 }, TEST_SECRET, 3600, earlier);
    forgedToken = await signApiToken({ userId: someone.id, tokenVersion: 0 }, 'another-secret-0123456789abcdef', 3600);
  });
  afterAll(() => database.drop());

  /** Fresh accounts for each route, so that one route's accepted changes (a password, a role) never hide another's. */
  async function callers(): Promise<Caller[]> {
    const db = database.db;
    const member = await createMember(db, chapterId);
    const roles: [RoleId, Parameters<typeof createUser>[1]][] = [
      ['1', { roleId: '1', memberId: member.id }],
      ['2', { roleId: '2' }],
      ['3', { roleId: '3' }],
      ['4', { roleId: '4', chapterId }],
      ['5', { roleId: '5' }],
    ];
    const signedIn = await Promise.all(
      roles.map(async ([role, options]) => ({ role, user: await createUser(db, options) })),
    );
    return [
      { name: 'anonymous' },
      ...signedIn.map(({ role, user }) => ({ name: `role ${role}`, token: user.token })),
      { name: 'expired token', token: expiredToken },
      { name: 'forged token', token: forgedToken },
    ];
  }

  async function check(operation: Operation, caller: Caller, url: string, body?: string, contentType?: string) {
    const label = `${operation.method} ${url} as ${caller.name}`;
    const headers: Record<string, string> = {};
    if (caller.token) headers.authorization = `Bearer ${caller.token}`;
    const sendsBody = body !== undefined && operation.method !== 'GET';
    if (sendsBody && contentType) headers['content-type'] = contentType;
    await api.settle();
    const before = await fingerprint(database.db, kind.name);
    const response = await api.app.request(url, {
      method: operation.method,
      headers,
      body: sendsBody ? body : undefined,
    });
    const text = await response.text();
    expect(response.status, `${label}: ${text.slice(0, 300)}`).toBeLessThan(500);
    if (response.status < 400) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
    expect(ErrorEnvelope.safeParse(parsed).success, `${label}: not the error envelope: ${text.slice(0, 300)}`).toBe(
      true,
    );
    await api.settle();
    const changed = changedTables(before, await fingerprint(database.db, kind.name));
    expect(changed, `${label} was refused (${response.status}) but changed these tables`).toEqual([]);
  }

  it('sees any change to any row in its fingerprint of the database', async () => {
    const before = await fingerprint(database.db, kind.name);
    await database.db.updateTable('chapters').set({ city: 'Pune' }).where('id', '=', chapterId).execute();
    expect(changedTables(before, await fingerprint(database.db, kind.name))).toEqual(['chapters']);
    await database.db.updateTable('chapters').set({ city: 'Kolkata' }).where('id', '=', chapterId).execute();
    expect(changedTables(before, await fingerprint(database.db, kind.name))).toEqual([]);
  });

  it('finds the routes in the served OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(10);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toContain('POST /api/sessions');
  });

  for (const [index, operation] of operations.entries()) {
    it(
      `${operation.method} ${operation.path}: no 5xx, refusals in the envelope, nothing written by a refusal`,
      async () => {
        for (const [callerIndex, caller] of (await callers()).entries()) {
          await fc.assert(
            fc.asyncProperty(requestFor(operation, components, knownIds), (generated) =>
              check(operation, caller, generated.url, generated.body, generated.contentType),
            ),
            { seed: SEED + index * 31 + callerIndex, numRuns: RUNS, endOnFailure: true },
          );
        }
      },
      30_000 + RUNS * 2_000,
    );
  }
});
