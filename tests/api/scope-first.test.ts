import fc from 'fast-check';
import type { ZodTypeAny } from 'zod';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiApp } from '../../src/server/api/app';
import type { ApiDeps } from '../../src/server/api/context';
import { createTestApi, type TestApi } from '../support/api';
import { API_BASE } from '../support/contract';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { createChapter, createMember, createUser } from '../support/fixtures';
import { operationsOf, shapedValue, type JsonSchema, type Operation } from '../support/fuzz-inputs';

/**
 * Scope first (issue 28, item 5): a chapter admin asking about a record outside their chapter (or one
 * that does not exist) must learn nothing from how the body is checked. Walks every operation of the
 * served contract that has a path parameter and a JSON body, as a chapter admin of an empty chapter,
 * with ids of another chapter's records and of no record: wherever a well-formed body is answered 404,
 * a malformed one must be answered 404 too, never 400. Then every such operation with a file upload
 * (multipart) body: as that chapter admin and as the super admin, for another chapter's record and for
 * none, a well-formed upload, a malformed one and one declared too large must all get the same 403 or
 * 404, never a 400 or 413 that shows the body was looked at first.
 */
type RawOperation = {
  parameters?: Operation['parameters'];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
const document = (await (await createApiApp({} as ApiDeps).request('/api/openapi.json')).json()) as {
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};
const components = document.components?.schemas ?? {};
const withIdAndBody = operationsOf(document).filter(
  (operation) => operation.body && operation.parameters.some((p) => p.in === 'path'),
);

const MALFORMED = ['[]', '{', '{"__not_a_field__":true}', '"text"'];

/** Operations with a path parameter and a multipart (file upload) body, with that body's schema. */
const uploadsWithId = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods)
    .filter(([, op]) => op.requestBody?.content['multipart/form-data'] && op.parameters?.some((p) => p.in === 'path'))
    .map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters!,
      form: op.requestBody!.content['multipart/form-data'].schema,
    })),
);

/** A small PNG: a real picture's first bytes, enough for a file field. */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(0)]);
/** Larger than any route's upload limit (a few MB): declared, never sent. */
const DECLARED_TOO_LARGE = String(256 * 1024 * 1024);

/** A form with each declared field: a file for a binary field, else a value shaped like its schema. */
function wellFormedForm(schema: JsonSchema): FormData {
  const form = new FormData();
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    if (field.format === 'binary') form.append(name, new File([PNG], 'upload.png', { type: 'image/png' }));
    else if (field.enum) form.append(name, String(field.enum[0]));
    else form.append(name, String(fc.sample(shapedValue(field, components, 0), { numRuns: 1, seed: 28 })[0] ?? 'x'));
  }
  return form;
}

/** The bodies that must not be looked at before scope: empty, a file field as text, garbage, JSON, too large. */
function badUploads(schema: JsonSchema): { name: string; init: () => RequestInit }[] {
  const fileFields = Object.entries(schema.properties ?? {}).filter(([, f]) => f.format === 'binary');
  const textForFile = new FormData();
  for (const [name] of fileFields) textForFile.append(name, 'not a file');
  const multipart = (boundary: string) => ({ 'content-type': `multipart/form-data; boundary=${boundary}` });
  return [
    { name: 'empty form', init: () => ({ body: new FormData() }) },
    { name: 'text for the file', init: () => ({ body: textForFile }) },
    { name: 'not multipart', init: () => ({ headers: multipart('zz'), body: 'garbage without a boundary' }) },
    { name: 'JSON', init: () => ({ headers: { 'content-type': 'application/json' }, body: '{}' }) },
    {
      name: 'declared too large',
      init: () => ({ headers: { ...multipart('zz'), 'content-length': DECLARED_TOO_LARGE }, body: '--zz--' }),
    },
  ];
}

/**
 * The address of an operation for record `id`: the id in each numeric path parameter, a well-formed value
 * of no record in any other (an order number, an application reference), and a well-formed token of no
 * link in each required query parameter (routes opened by a private link).
 */
function pathFor(operation: Pick<Operation, 'path' | 'parameters'>, id: string): string {
  let path = operation.path;
  for (const p of operation.parameters.filter((q) => q.in === 'path')) {
    const numeric = p.schema?.pattern === '^[1-9]\\d{0,9}$';
    const value = numeric
      ? id
      : String(fc.sample(shapedValue(p.schema ?? {}, components, 0), { numRuns: 1, seed: 28 })[0]);
    path = path.replace(`{${p.name}}`, encodeURIComponent(value));
  }
  const query = operation.parameters
    .filter((q) => q.in === 'query' && q.required)
    .map((q) => `${q.name}=${'t'.repeat(Math.max(q.schema?.minLength ?? 1, 32))}`);
  return query.length ? `${path}?${query.join('&')}` : path;
}

/** The zod schema of each route's JSON body, from the app's own declarations. */
function bodySchemas(api: TestApi): Map<string, ZodTypeAny> {
  const schemas = new Map<string, ZodTypeAny>();
  for (const definition of api.app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const route = definition.route;
    const body = (route.request?.body as { content?: Record<string, { schema?: ZodTypeAny }> } | undefined)?.content;
    const schema = body?.['application/json']?.schema;
    if (schema) schemas.set(`${route.method.toUpperCase()} ${API_BASE}${route.path}`.replace(/(.)\/$/, '$1'), schema);
  }
  return schemas;
}

/** A body the route's own schema accepts, found among values shaped like its contract (fixed seed). */
function wellFormedBody(operation: Operation, schema: ZodTypeAny): unknown {
  const candidates = fc.sample(shapedValue(operation.body!.schema, components, 0), { numRuns: 400, seed: 28 });
  return candidates.find((candidate) => schema.safeParse(candidate).success);
}

describeEachDatabase('scope before body: an out-of-scope chapter admin with a malformed body', (kind) => {
  let database: TestDatabase;
  let api: TestApi;
  let token: string;
  let superToken: string;
  let outOfScopeIds: string[];

  beforeAll(async () => {
    database = await kind.create();
    api = createTestApi(database.db);
    const own = await createChapter(database.db);
    const other = await createChapter(database.db);
    const member = await createMember(database.db, other.id);
    const memberUser = await createUser(database.db, { roleId: '1', memberId: member.id });
    token = (await createUser(database.db, { roleId: '4', chapterId: own.id })).token;
    superToken = (await createUser(database.db, { roleId: '2' })).token;
    outOfScopeIds = [String(member.id), String(memberUser.id), String(other.id), '999999'];
  });
  afterAll(() => database.drop());

  it('finds the routes with an id and a body in the served contract', () => {
    expect(withIdAndBody.length).toBeGreaterThan(10);
  });

  it('answers 404 to a malformed body wherever a well-formed one gets 404', async () => {
    const schemas = bodySchemas(api);
    const failures: string[] = [];
    const unchecked: string[] = [];
    for (const operation of withIdAndBody) {
      const key = `${operation.method} ${operation.path}`;
      const schema = schemas.get(key);
      const body = schema && wellFormedBody(operation, schema);
      if (body === undefined) {
        unchecked.push(key);
        continue;
      }
      for (const id of outOfScopeIds) {
        const url = pathFor(operation, id);
        const send = (text: string) =>
          api.app.request(url, {
            method: operation.method,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: text,
          });
        if ((await send(JSON.stringify(body))).status !== 404) continue;
        for (const malformed of MALFORMED) {
          const status = (await send(malformed)).status;
          if (status !== 404) failures.push(`${key} (${id}, ${malformed}): ${status}`);
        }
      }
    }
    expect(unchecked).toEqual([]);
    expect(failures).toEqual([]);
  }, 120_000);

  it('finds the file uploads with an id in the served contract', () => {
    expect(uploadsWithId.map((o) => `${o.method} ${o.path}`).length).toBeGreaterThanOrEqual(5);
  });

  it('answers an upload for a record out of scope or missing 403/404 before looking at its body', async () => {
    const failures: string[] = [];
    const unchecked: string[] = [];
    const callers = [
      { name: 'chapter admin', token: () => token, ids: () => outOfScopeIds },
      { name: 'super admin', token: () => superToken, ids: () => ['999999'] },
    ];
    for (const operation of uploadsWithId) {
      const key = `${operation.method} ${operation.path}`;
      let refused = false;
      for (const caller of callers) {
        for (const id of caller.ids()) {
          const url = pathFor(operation, id);
          const send = (init: RequestInit) =>
            api.app.request(url, {
              ...init,
              method: operation.method,
              headers: { authorization: `Bearer ${caller.token()}`, ...(init.headers as Record<string, string>) },
            });
          const expected = (await send({ body: wellFormedForm(operation.form) })).status;
          if (expected !== 403 && expected !== 404) continue;
          refused = true;
          for (const bad of badUploads(operation.form)) {
            const status = (await send(bad.init())).status;
            if (status !== expected)
              failures.push(`${key} (${caller.name}, ${id}, ${bad.name}): ${status}, not ${expected}`);
          }
        }
      }
      if (!refused) unchecked.push(key);
    }
    expect(unchecked).toEqual([]);
    expect(failures).toEqual([]);
  }, 120_000);
});
