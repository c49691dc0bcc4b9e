import fc from 'fast-check';

/**
 * Request inputs for the fuzz test (`tests/api/fuzz.test.ts`), generated from the API's own OpenAPI
 * document: values shaped like the declared schema (so that validation passes often enough for the
 * handler behind it to run) mixed with hostile ones (wrong types, huge, empty, control and
 * direction characters, injection text, unknown fields, malformed JSON).
 */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
}

export interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  body?: { mediaType: string; schema: JsonSchema };
}

export interface GeneratedRequest {
  url: string;
  body?: string;
  contentType?: string;
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '\u0000',
  'a\u202eb',
  '\u200f',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; drop table users; --',
  '../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  '\\',
  '🙂'.repeat(50),
  'x'.repeat(6000),
  'A@B.IN',
  'javascript:alert(1)',
  '//evil.example',
];

const HOSTILE_NUMBERS = [0, -1, 1.5, -0, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, Number.MIN_VALUE];

const hostileString = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ unit: 'binary', maxLength: 40 }));

/** Any JSON value: the wrong type for whatever was declared. */
const anyJson = fc.jsonValue({ maxDepth: 2 });

type Components = Record<string, JsonSchema>;

function resolve(schema: JsonSchema, components: Components): JsonSchema {
  if (schema.$ref) return components[schema.$ref.replace('#/components/schemas/', '')] ?? {};
  return schema;
}

function stringLike(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as string[]));
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern), { maxLength: 40 });
    } catch {
      // A pattern fast-check cannot generate from: fall back to plain strings.
    }
  }
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl();
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 60, 60));
  return fc.string({ minLength: min, maxLength: max });
}

function numberLike(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1000;
  const max = schema.maximum ?? 100000;
  return integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
}

/** A value shaped like `schema` most of the time, a hostile or wrongly typed one otherwise. */
export function valueFor(schema: JsonSchema, components: Components, depth = 0): fc.Arbitrary<unknown> {
  const hostile = fc.oneof(hostileString, fc.constantFrom(...HOSTILE_NUMBERS), anyJson);
  return fc.oneof({ arbitrary: shapedValue(schema, components, depth), weight: 4 }, { arbitrary: hostile, weight: 1 });
}

export function shapedValue(raw: JsonSchema, components: Components, depth: number): fc.Arbitrary<unknown> {
  const schema = resolve(raw, components);
  if (depth > 4) return anyJson;
  if ('const' in schema) return fc.constant(schema.const);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => shapedValue(choice, components, depth + 1)));
  if (schema.allOf?.length) return shapedValue(schema.allOf[0], components, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (schema.enum && !types.length) return fc.constantFrom(...schema.enum);
  const options = types.map((type) => typedValue(type, schema, components, depth));
  if (schema.nullable) options.push(fc.constant(null));
  return options.length ? fc.oneof(...options) : anyJson;
}

function typedValue(type: string, schema: JsonSchema, components: Components, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringLike(schema);
    case 'integer':
      return numberLike(schema, true);
    case 'number':
      return numberLike(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueFor(schema.items ?? {}, components, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 5),
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object':
      return objectValue(schema, components, depth);
    default:
      return anyJson;
  }
}

function objectValue(schema: JsonSchema, components: Components, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(properties).map(([name, property]) =>
    // A required field is left out one time in eight; an optional one half the time.
    fc
      .tuple(
        fc
          .boolean()
          .chain((b) => (required.has(name) ? fc.integer({ min: 0, max: 7 }).map((n) => n > 0) : fc.constant(b))),
        valueFor(property, components, depth + 1),
      )
      .map(([present, value]) => (present ? [[name, value]] : [])),
  );
  const unknownField = fc.option(
    fc.tuple(fc.constantFrom('isAdmin', 'role_id', '__proto__', 'constructor', 'id', 'extra'), anyJson),
    { freq: 8 },
  );
  return fc.tuple(fc.tuple(...entries), unknownField).map(([fields, extra]) => {
    const value: Record<string, unknown> = {};
    for (const field of fields.flat() as [string, unknown][]) value[field[0]] = field[1];
    if (extra) Object.defineProperty(value, extra[0], { value: extra[1], enumerable: true, writable: true });
    return value;
  });
}

/** A path parameter: a plausible id most of the time, text that is no id otherwise. */
function pathValue(schema: JsonSchema | undefined, components: Components, knownIds: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...knownIds), weight: 3 },
    { arbitrary: fc.constantFrom('0', '-1', '1.5', '1e3', '9'.repeat(30), 'abc', '00001', 'me', ' '), weight: 2 },
    { arbitrary: shapedValue(schema ?? { type: 'string' }, components, 0).map(String), weight: 1 },
    { arbitrary: hostileString, weight: 1 },
  );
}

function queryValue(schema: JsonSchema | undefined, components: Components): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: shapedValue(schema ?? { type: 'string' }, components, 0).map(String), weight: 3 },
    { arbitrary: hostileString, weight: 1 },
  );
}

const MALFORMED_BODIES = ['{', '{"a":', 'null', '[]', '"text"', '12', '{"__proto__":{"isAdmin":true}}', '\u0000'];

/** A whole request for `operation`: its URL with path and query, and a body when it takes one. */
export function requestFor(
  operation: Operation,
  components: Components,
  knownIds: string[],
): fc.Arbitrary<GeneratedRequest> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const path = fc.tuple(...pathParams.map((p) => pathValue(p.schema, components, knownIds))).map((values) => {
    let url = operation.path;
    pathParams.forEach((param, i) => (url = url.replace(`{${param.name}}`, encodeURIComponent(values[i]))));
    return url;
  });
  const query = fc
    .tuple(
      fc.tuple(...queryParams.map((p) => fc.option(queryValue(p.schema, components), { freq: 3 }))),
      fc.option(fc.tuple(fc.constantFrom('page', 'sort', 'filter', 'unknown', 'q'), hostileString), { freq: 6 }),
    )
    .map(([values, extra]) => {
      const search = new URLSearchParams();
      queryParams.forEach((param, i) => {
        if (values[i] !== null) search.append(param.name, values[i] as string);
      });
      if (extra) search.append(extra[0], extra[1]);
      const text = search.toString();
      return text ? `?${text}` : '';
    });
  const body: fc.Arbitrary<Pick<GeneratedRequest, 'body' | 'contentType'>> = operation.body
    ? fc.oneof(
        { arbitrary: valueFor(operation.body.schema, components).map((v) => jsonBody(v)), weight: 8 },
        { arbitrary: fc.constantFrom(...MALFORMED_BODIES).map((text) => jsonBody(text, true)), weight: 1 },
        { arbitrary: fc.constant({}), weight: 1 },
      )
    : fc.oneof({ arbitrary: fc.constant({}), weight: 4 }, { arbitrary: anyJson.map((v) => jsonBody(v)), weight: 1 });
  return fc.tuple(path, query, body).map(([p, q, b]) => ({ url: p + q, ...b }));
}

function jsonBody(value: unknown, raw = false): Pick<GeneratedRequest, 'body' | 'contentType'> {
  return { body: raw ? String(value) : JSON.stringify(value ?? null), contentType: 'application/json' };
}

/** The operations of an OpenAPI document, with the JSON (or other) body each takes. */
export function operationsOf(document: {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Operation['parameters']; requestBody?: { content: Record<string, { schema: JsonSchema }> } }
    >
  >;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = operation.requestBody?.content ?? {};
      const mediaType = Object.keys(content)[0];
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: mediaType === 'application/json' ? { mediaType, schema: content[mediaType].schema } : undefined,
      });
    }
  }
  return operations;
}
